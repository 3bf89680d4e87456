import { expect, test } from "@playwright/test";

// public/'s files are served at their addresses by server.js, which hands express.static only the addresses under
// public/'s own entries; every other address goes on to the app's routes.

test("public/'s files are served, a missing one is a 404, and a page's address reaches its route", async ({
  request,
}) => {
  const served = [
    ["/favicon.ico", "image/"],
    ["/station-sw.js", "javascript"],
    ["/station.webmanifest", "manifest"],
    ["/icons/station-192.png", "image/png"],
    ["/demo/gala-hero.svg", "image/svg+xml"],
  ] as const;
  for (const [path, type] of served) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(200);
    expect(answer.headers()["content-type"], path).toContain(type);
    expect(answer.headers()["cache-control"], path).toBe("public, max-age=3600");
  }
  expect((await request.get("/demo/no-such-picture.svg")).status()).toBe(404);
  const page = await request.get("/auth/sign-in");
  expect(page.status()).toBe(200);
  expect(await page.text()).toContain("<form");
});
