// A request whose query met the database away (a restart, a cut connection) is answered 503 with Retry-After, and a
// person gets a plain page that tries again by itself; any other error stays a 500 (app/http/database-unavailable).
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "~/db/errors.server";
import {
  asDatabaseUnavailable,
  databaseUnavailablePage,
  metDatabaseAway,
  noteUnexpectedError,
  RETRY_AFTER_SECONDS,
} from "~/http/database-unavailable.server";

/** An error as Drizzle wraps the driver's: the code on its cause. */
const failedQuery = (code: string) => Object.assign(new Error("Failed query: select 1"), { cause: { code } });

describe("isDatabaseUnavailable", () => {
  it("is the database away: the driver's and the socket's codes, and PostgreSQL's for a refused or ended connection", () => {
    for (const code of [
      "CONNECTION_CLOSED",
      "CONNECT_TIMEOUT",
      "ECONNREFUSED",
      "ECONNRESET",
      "57P01",
      "57P03",
      "08006",
    ])
      expect(isDatabaseUnavailable(failedQuery(code)), code).toBe(true);
    expect(
      isDatabaseUnavailable(Object.assign(new Error("write CONNECTION_CLOSED"), { code: "CONNECTION_CLOSED" })),
    ).toBe(true);
  });

  it("is not any other error: a broken rule, a conflict, a bug", () => {
    for (const code of ["23505", "40P01", "42P01", "57014"])
      expect(isDatabaseUnavailable(failedQuery(code)), code).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe("the answer to a request that met the database away", () => {
  it("notes only the requests whose error was the database being away", () => {
    const away = new Request("http://gavel.test/live");
    const broken = new Request("http://gavel.test/live");
    noteUnexpectedError(away, failedQuery("CONNECTION_CLOSED"));
    noteUnexpectedError(broken, new Error("a bug"));
    expect(metDatabaseAway(away)).toBe(true);
    expect(metDatabaseAway(broken)).toBe(false);
  });

  it("is a plain page for a person: 503, Retry-After, what happened, and a refresh", async () => {
    const headers = new Headers({ "Content-Security-Policy": "script-src 'self' 'nonce-abc'" });
    const page = databaseUnavailablePage(headers, "abc");
    expect(page.status).toBe(503);
    expect(page.headers.get("Retry-After")).toBe(String(RETRY_AFTER_SECONDS));
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    expect(page.headers.get("Content-Security-Policy")).toBe("script-src 'self' 'nonce-abc'");
    const text = await page.text();
    expect(text).toContain("cannot reach its database");
    expect(text).toContain(`<meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS}">`);
    expect(text).toContain('<style nonce="abc">');
    expect(text).not.toContain("<script");
  });

  it("keeps a data request's body for its page, as a 503 with Retry-After", async () => {
    const rendered = new Response('[{"_1":2},"error"]', { status: 500, headers: { "Content-Type": "text/x-script" } });
    const answer = asDatabaseUnavailable(rendered);
    expect(answer.status).toBe(503);
    expect(answer.headers.get("Retry-After")).toBe(String(RETRY_AFTER_SECONDS));
    expect(answer.headers.get("Content-Type")).toBe("text/x-script");
    expect(await answer.text()).toBe('[{"_1":2},"error"]');
  });
});
