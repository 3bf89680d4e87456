import { test as base, expect } from "@playwright/test";
import { openRunDatabase } from "./database";
import { makeGala, makeOrganiser, type Gala, type Organiser } from "./galas";
import { hydratedIfItHydrates } from "./hydrated";
import type { Database } from "~/db/connection.server";

// Chromium logs every 4xx response as a console error; those are answers the app means to give
// (a form's 400 with field errors, a 404 page), not failures of the page.
const INTENDED_CLIENT_ERROR = /^Failed to load resource: the server responded with a status of 4\d\d/;
// Remix's single-fetch decoder logs the AbortError of a data request the router itself cancelled (a newer navigation
// or a live refresh superseded it, as under a loaded machine); the page goes on with the newer one. Seen once in
// silent-bids.spec.ts, whose own steps had all passed.
const SUPERSEDED_REQUEST = /^AbortError: signal is aborted without reason/;
// The same cancellation can surface as an uncaught rejection instead: a post sent while a live refresh's data request
// is in flight (the router aborts the refresh as it starts the post). The rich-text drill posts 56 times in a row
// beside the page's live stream and met it in two fresh-clone runs of three; the post itself went through.
const supersededRequestError = (error: Error) =>
  error.name === "AbortError" && error.message === "signal is aborted without reason";

/**
 * The Playwright test, failing on any console error or uncaught exception in the page (house style), with the data a
 * test asks for made for it alone (support/galas.ts): `gala`, a copy of the demo gala, or `organiser`, the owner of an
 * empty event.
 */
export const test = base.extend<
  { failOnConsoleErrors: void; gala: Gala; organiser: Organiser },
  { database: Database }
>({
  // The test's page, whose goto (waiting for the load event, the default) also waits for React to have hydrated it:
  // the load event does not, and a test that types or clicks before hydration meets the page without its scripts
  // (hydrated.ts; docs/testing.md). A test that means to act before the scripts run asks goto for an earlier moment
  // ("commit") or opens its page without JavaScript.
  page: async ({ page, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if ((options?.waitUntil ?? "load") === "load") await hydratedIfItHydrates(page);
        return response;
      };
    }
    await provide(page);
  },
  failOnConsoleErrors: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        const text = message.text();
        if (message.type() === "error" && !INTENDED_CLIENT_ERROR.test(text) && !SUPERSEDED_REQUEST.test(text)) {
          problems.push(`console.error: ${text}`);
        }
      });
      page.on("pageerror", (error) => {
        if (!supersededRequestError(error)) problems.push(`page error: ${error.message}`);
      });
      await use();
      // The problems themselves in the message's first line: a red run's summary keeps only that line.
      expect(
        problems,
        `errors in the browser console: ${problems.map((problem) => problem.replace(/\s+/g, " ")).join(" | ")}`,
      ).toEqual([]);
    },
    { auto: true },
  ],
  database: [
    // Playwright reads a fixture's dependencies from its first parameter, which must be a destructuring pattern.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const connection = openRunDatabase();
      await provide(connection.db);
      await connection.close();
    },
    { scope: "worker" },
  ],
  // Loading a copy of the demo takes a few seconds, and longer while another worker loads one: its own time limit,
  // apart from the test's.
  gala: [async ({ database }, provide) => provide(await makeGala(database)), { timeout: 60_000 }],
  organiser: async ({ database }, provide) => provide(await makeOrganiser(database)),
});

export { expect };
