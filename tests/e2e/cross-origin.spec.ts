import { test as plainTest } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { hydrated } from "./support/hydrated";

// Every state-changing request a browser sends from another site's page is refused with 403 (server.js).

test("a form post from another site is refused with 403", async ({ request, organiser }) => {
  const form = { email: organiser.email, password: organiser.password };
  const foreign = await request.post("/auth/sign-in", {
    headers: { Origin: "https://evil.example" },
    form,
    maxRedirects: 0,
  });
  expect(foreign.status()).toBe(403);
  expect(foreign.headers()["set-cookie"]).toBeUndefined();

  const crossSite = await request.post("/teamsignup", {
    headers: { "Sec-Fetch-Site": "cross-site" },
    form: { intent: "create-organisation" },
  });
  expect(crossSite.status()).toBe(403);

  const dataRequest = await request.post("/auth/sign-out.data", {
    headers: { Origin: "https://evil.example" },
    form: {},
  });
  expect(dataRequest.status()).toBe(403);
});

test("the same form posted from the app itself goes through", async ({ request, baseURL, organiser }) => {
  const form = { email: organiser.email, password: organiser.password, returnTo: "/" };
  const own = await request.post("/auth/sign-in", { headers: { Origin: baseURL! }, form, maxRedirects: 0 });
  expect(own.status()).toBe(302);
  expect(own.headers()["set-cookie"]).toContain("gavel_session=");
});

test("the development mailbox does not exist in production", async ({ request }) => {
  expect((await request.get("/dev/mailbox")).status()).toBe(404);
});

test("an address holding a NUL character is refused with 400 before any page looks it up", async ({ request }) => {
  // An event's slug and a short path are looked up in the database, which refuses NUL in text (drill 2).
  for (const path of ["/dp?slug=gala%00", "/event?slug=%00", "/give%00now"]) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(400);
    expect(await response.text()).toContain("a NUL");
  }
  expect((await request.get("/dp?slug=no-such-gala")).status()).toBe(404);
});

test("every answer forbids framing by other sites and content sniffing", async ({ request }) => {
  for (const path of ["/", "/favicon.ico", "/no-such-page"]) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'self'");
    expect(headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  }
});

test("a page's inline scripts carry a nonce of its own, which its policy names", async ({ request }) => {
  const nonces: string[] = [];
  for (let load = 0; load < 2; load++) {
    const response = await request.get("/");
    const policy = response.headers()["content-security-policy"];
    const nonce = policy.match(/script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/)![1];
    nonces.push(nonce);
    const inline = [...(await response.text()).matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, attributes] of inline) expect(attributes).toContain(`nonce="${nonce}"`);
  }
  expect(nonces[0]).not.toBe(nonces[1]);
});

// The shared fixture fails a test on any console error, and the browser reports the refused script as one.
plainTest("a script slipped into a page does not run; the page's own scripts do", async ({ page }) => {
  const refusals: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") refusals.push(message.text());
  });
  await page.goto("/");
  // Hydrated: the page's own module scripts ran.
  await expect(page.locator("html")).toBeVisible();
  await hydrated(page);
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.__slippedIn = true";
    document.body.append(script);
  });
  expect(await page.evaluate(() => "__slippedIn" in window)).toBe(false);
  expect(refusals.join("\n")).toMatch(/Content Security Policy/);
});
