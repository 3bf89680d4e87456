// Setup › Branding reaches the public pages (issue 34, item 5): the designed pages (/event, /inroombid, /register)
// follow the event's branding unless a page sets a colour of its own, /dp wears it too, and the branding screen says
// which pages keep their own. The demo gala's pages once kept a copy of its colours, so a change never showed.
import { eq, sql } from "drizzle-orm";
import { event, landing } from "~drizzle/schema";
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";

const PLUM = "rgb(122, 31, 92)";
const FOREST = "rgb(17, 68, 17)";

test("a new primary colour shows on every guest page but one that sets its own, and the branding screen names it", async ({
  page,
  browser,
  gala,
  database,
}) => {
  await signIn(page, gala.organiser);
  await page.goto(`/admin/setup/branding?id=${gala.id}`);
  const where = page.getByRole("region", { name: "Where this branding shows" });
  await expect(where).toContainText("Every designed page (landing, registration, silent auction) follows it");
  await page.getByRole("textbox", { name: "Primary", exact: true }).fill("#7a1f5c");
  await page.getByRole("button", { name: "Save branding" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Branding saved" })).toBeVisible();
  // The preview shows the logo on the header colour, as the pages do.
  await expect(page.getByTestId("branding-preview").locator(".brand-preview__header")).toHaveCSS(
    "background-color",
    PLUM,
  );

  const visitor = await (await browser.newContext()).newPage();
  const headers = {
    event: () => visitor.locator(".landing__bar"),
    inroombid: () => visitor.locator(".bidder-bar"),
    register: () => visitor.locator(".register-header"),
    dp: () => visitor.locator(".bidder-bar"),
  };
  for (const [path, header] of Object.entries(headers)) {
    await visitor.goto(`/${path}?id=${gala.id}`);
    await expect(header(), `/${path}`).toHaveCSS("background-color", PLUM);
  }

  // The landing page keeps a primary colour of its own: it stays, the others follow, and Branding says so.
  const [{ landingId }] = await database
    .select({ landingId: event.landing_id })
    .from(event)
    .where(eq(event.event_id, gala.id));
  await database
    .update(landing)
    .set({ meta: sql`jsonb_set(${landing.meta}, '{global,primaryColor}', '{"value":"#114411","useDefault":false}')` })
    .where(eq(landing.landing_id, landingId!));
  await page.reload();
  await expect(where).toContainText("Landing page: its own primary colour.");
  await expect(where.getByRole("link", { name: "Landing page" })).toHaveAttribute(
    "href",
    `/admin/pages/landing_page?id=${gala.id}`,
  );
  await visitor.goto(`/event?id=${gala.id}`);
  await expect(headers.event()).toHaveCSS("background-color", FOREST);
  await visitor.goto(`/inroombid?id=${gala.id}`);
  await expect(headers.inroombid()).toHaveCSS("background-color", PLUM);

  // In the designer, the setting offers to go back to the branding, in those words.
  await page.getByRole("link", { name: "Landing page" }).click();
  await expect(page.getByRole("checkbox", { name: "Use the event’s branding" }).first()).toBeVisible();
  await visitor.context().close();
});
