// Spec §2 navigation rules as the server applies them: protected pages, event subdomains, the subdomain lookup.
import { expect, test } from "./support/fixtures";

for (const path of ["/admin", "/admin/setup/team", "/admin/events"]) {
  test(`an anonymous visitor who opens ${path} lands on the home page`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL("/");
  });
}

test.describe("event subdomains", () => {
  test("GET /events/subdomain/{subdomain} answers the event's id, or 404 with an error", async ({
    request,
    organiser,
  }) => {
    const found = await request.get(`/events/subdomain/${organiser.eventSubdomain}`);
    expect(found.status()).toBe(200);
    expect(await found.json()).toEqual({ event_id: organiser.eventId });
    const missing = await request.get("/events/subdomain/nosuchgala");
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toEqual({ error: expect.any(String) });
  });

  test("a request on an event's subdomain goes to its page on the main host, keeping the query string", async ({
    request,
    baseURL,
    organiser,
  }) => {
    const port = new URL(baseURL!).port;
    const response = await request.get("/tickets?ref=flyer", {
      headers: { Host: `${organiser.eventSubdomain}.localhost:${port}` },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe(`http://localhost:${port}/event?id=${organiser.eventId}&ref=flyer`);
  });

  test("an unknown subdomain goes to the 404 path of the main host", async ({ request, baseURL }) => {
    const port = new URL(baseURL!).port;
    const response = await request.get("/", { headers: { Host: `nosuchgala.localhost:${port}` }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe(`http://localhost:${port}/404`);
  });

  test("the main host and the app's own address are served as they are", async ({ request }) => {
    expect((await request.get("/", { maxRedirects: 0 })).status()).toBe(200);
  });
});
