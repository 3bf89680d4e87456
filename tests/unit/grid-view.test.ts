import { describe, expect, it } from "vitest";
import { csvCell, csvFileName, toCsv } from "~/grid/grid-csv";
import { gridCsv } from "~/grid/grid-export";
import { emptyView, gridViewSearch, nextSort, readGridView } from "~/grid/grid-view";
import type { GridColumn } from "~/grid/grid-types";

const COLUMNS = ["title", "value", "category"];

describe("the grid's view in the query string", () => {
  it("reads search, sort, filters, page and page size", () => {
    const view = readGridView(
      new URLSearchParams("q=+wine+&sort=value.desc&f.category=Travel&page=3&size=100&id=7"),
      COLUMNS,
    );
    expect(view).toEqual({
      q: "wine",
      sort: { id: "value", desc: true },
      filters: { category: "Travel" },
      page: 2,
      pageSize: 100,
    });
  });

  it("reads anything malformed or unknown as the default", () => {
    const view = readGridView(
      new URLSearchParams("sort=secret.asc&f.password=x&f.title=%20%20&page=-4&size=7"),
      COLUMNS,
    );
    expect(view).toEqual(emptyView());
    expect(readGridView(new URLSearchParams("sort=title.sideways&page=2.5"), COLUMNS)).toEqual(emptyView());
  });

  it("writes only what differs from the defaults, and keeps the page's other parameters", () => {
    const current = new URLSearchParams("id=7&q=old&f.title=old&page=4");
    expect(gridViewSearch(emptyView(), current)).toBe("?id=7");
    expect(
      gridViewSearch(
        { q: "art", sort: { id: "title", desc: false }, filters: { category: "Dining" }, page: 1, pageSize: 25 },
        current,
      ),
    ).toBe("?id=7&q=art&sort=title.asc&f.category=Dining&size=25&page=2");
  });

  it("round-trips", () => {
    const view = { q: "a b", sort: { id: "value", desc: true }, filters: { title: "x&y" }, page: 5, pageSize: 250 };
    expect(readGridView(new URLSearchParams(gridViewSearch(view, new URLSearchParams())), COLUMNS)).toEqual(view);
  });

  it("sorts a column ascending, then descending, then not at all", () => {
    expect(nextSort(null, "title")).toEqual({ id: "title", desc: false });
    expect(nextSort({ id: "title", desc: false }, "title")).toEqual({ id: "title", desc: true });
    expect(nextSort({ id: "title", desc: true }, "title")).toBeNull();
    expect(nextSort({ id: "title", desc: true }, "value")).toEqual({ id: "value", desc: false });
  });
});

describe("CSV export", () => {
  it("quotes what needs quoting and ends lines as spreadsheets expect", () => {
    expect(
      toCsv(
        ["Title", "Value"],
        [
          ["Wine, red", 1200],
          ['Say "hi"', null],
          ["two\nlines", true],
        ],
      ),
    ).toBe('Title,Value\r\n"Wine, red",1200\r\n"Say ""hi""",\r\n"two\nlines",yes');
  });

  it("defuses cells that a spreadsheet would run as formulas, but not negative numbers", () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('\'=HYPERLINK("http://evil")');
    expect(csvCell("+1 555")).toBe("'+1 555");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("-12.50")).toBe("-12.50");
    expect(csvCell(-3)).toBe(-3);
    expect(csvCell(false)).toBe("no");
  });

  it("defuses a formula in every locale's spreadsheet: full-width signs, and cells split on ';' or a tab", () => {
    expect(csvCell("＝HYPERLINK(1)")).toBe("'＝HYPERLINK(1)");
    expect(csvCell("＠SUM(A1)")).toBe("'＠SUM(A1)");
    // Where ";" separates cells, an unquoted "Ann;=HYPERLINK(…)" would become two cells, the second a formula.
    expect(toCsv(["Name", "Note"], [["Ann;=HYPERLINK(1)", "a\t=1+1"]])).toBe(
      'Name,Note\r\n"Ann;=HYPERLINK(1)","a\t=1+1"',
    );
    expect(toCsv(["Name"], [["Plain, with a comma"], ["Plain"]])).toBe('Name\r\n"Plain, with a comma"\r\nPlain');
  });

  it("exports the columns given, leaving out those marked noExport", () => {
    type Item = { title: string; value: number };
    const columns: GridColumn<Item>[] = [
      { id: "title", header: "Title", value: (row) => row.title },
      { id: "value", header: "Value ($)", value: (row) => row.value / 100 },
      { id: "actions", header: "Actions", value: () => null, noExport: true },
    ];
    expect(gridCsv(columns, [{ title: "Spa day", value: 25000 }])).toBe("Title,Value ($)\r\nSpa day,250");
  });

  it("names the file after the grid and the day", () => {
    expect(csvFileName("Silent packages", new Date("2026-11-23T10:00:00Z"))).toBe("silent-packages-2026-11-23.csv");
    expect(csvFileName("***", new Date("2026-11-23T10:00:00Z"))).toBe("export-2026-11-23.csv");
  });
});
