// How long the admin grid takes with 2,000 rows (issue 5: "fast at 2,000 rows"): the server render of a page
// (what every request pays), and the browser's work when a person searches, filters or sorts (the TanStack
// pipeline, rendering one page). `npm run bench`; results in docs/benchmarks.md.
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { bench, describe } from "vitest";
import { z } from "zod";
import { DataGrid } from "~/grid/ui/data-grid";
import type { GridColumn } from "~/grid/grid-types";

type Item = { id: number; lot: number; title: string; category: string; value: number; donor: string; bids: number };

const CATEGORIES = ["Travel", "Dining", "Experiences", "Art", "Sports", "Wine"];
const ROWS: Item[] = Array.from({ length: 2000 }, (_, i) => ({
  id: i + 1,
  lot: i + 1,
  title: `Item ${i} ${["weekend", "dinner", "tickets", "print", "jersey", "case"][i % 6]}`,
  category: CATEGORIES[i % 6],
  value: 10_000 + ((i * 7919) % 500_000),
  donor: `Donor ${i % 150}`,
  bids: i % 13,
}));

const COLUMNS: GridColumn<Item>[] = [
  { id: "lot", header: "Lot", value: (row) => row.lot, numeric: true, edit: { type: "number" } },
  { id: "title", header: "Title", value: (row) => row.title, edit: { type: "text", rule: z.string().max(200) } },
  { id: "category", header: "Category", value: (row) => row.category, filter: "select" },
  { id: "value", header: "Value", value: (row) => row.value / 100, numeric: true },
  { id: "donor", header: "Donor", value: (row) => row.donor },
  { id: "bids", header: "Bids", value: (row) => row.bids, numeric: true },
];

function render(search: string) {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        element: (
          <DataGrid
            label="Items"
            rows={ROWS}
            columns={COLUMNS}
            rowId={(row) => String(row.id)}
            rowLabel={(row) => row.title}
            bulkActions={[{ intent: "delete", label: "Delete" }]}
            empty={null}
          />
        ),
      },
    ],
    { initialEntries: [`/${search}`] },
  );
  return renderToString(<RouterProvider router={router} />);
}

describe("the data grid with 2,000 rows", () => {
  bench("first page, default view", () => void render(""));
  bench("search for a word", () => void render("?q=dinner"));
  bench("filter a column and sort by value, descending", () => void render("?f.category=Wine&sort=value.desc"));
  bench("last page of 250 rows", () => void render("?size=250&page=8"));
});
