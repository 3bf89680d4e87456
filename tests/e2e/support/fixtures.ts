import { test as base, expect } from "@playwright/test";

// Chromium logs every 4xx response as a console error; those are answers the app means to give
// (a form's 400 with field errors, a 404 page), not failures of the page.
const INTENDED_CLIENT_ERROR = /^Failed to load resource: the server responded with a status of 4\d\d/;

/** The Playwright test, failing on any console error or uncaught exception in the page (house style). */
export const test = base.extend<{ failOnConsoleErrors: void }>({
  failOnConsoleErrors: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" && !INTENDED_CLIENT_ERROR.test(message.text())) {
          problems.push(`console.error: ${message.text()}`);
        }
      });
      page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
      await use();
      expect(problems, "errors in the browser console").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
