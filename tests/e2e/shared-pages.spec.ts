// The bidders' pages that one render serves to every visitor without a session for a moment (app/http/shared-pages.ts,
// issue 18): sent gzipped with their inline scripts allowed by hash, working in the browser, never older than the
// cache's lifetime, and never a signed-in bidder's.
import { and, eq } from "drizzle-orm";
import { auction_item } from "~drizzle/schema";
import { expect, test } from "./support/fixtures";
import { hydrated } from "./support/hydrated";
import { signIn } from "./support/sign-in";

test("a visitor without a session gets the shared gallery: gzipped, scripts by hash, working, and fresh", async ({
  page,
  request,
  database,
  gala,
}) => {
  const gallery = `/inroombid?id=${gala.id}`;
  const first = await request.get(gallery);
  expect(first.status()).toBe(200);
  expect(first.headers()["content-encoding"]).toBe("gzip");
  const policy = first.headers()["content-security-policy"];
  expect(policy).toMatch(/script-src 'self' 'sha256-/);
  expect(policy).not.toContain("nonce-");

  // The page hydrates under that policy (a blocked script would leave it unhydrated, and log an error that fails the
  // test).
  await page.goto(gallery);
  await hydrated(page);

  // A change shows on the next load once the render that served it is older than the cache's lifetime (250 ms).
  const [item] = await database
    .select({ id: auction_item.auction_item_id, title: auction_item.title })
    .from(auction_item)
    .where(
      and(eq(auction_item.event_id, gala.id), eq(auction_item.type, "silent"), eq(auction_item.status, "published")),
    )
    .limit(1);
  await database
    .update(auction_item)
    .set({ title: `${item.title} (renamed)` })
    .where(eq(auction_item.auction_item_id, item.id));
  await page.waitForTimeout(300);
  expect(await (await request.get(gallery)).text()).toContain(`${item.title} (renamed)`);
});

test("a signed-in bidder's gallery is rendered for them, with a nonce of its own", async ({ page, gala }) => {
  await signIn(page, gala.organiser);
  const gallery = `/inroombid?id=${gala.id}`;
  const policies = [];
  for (let load = 0; load < 2; load++) {
    const response = await page.goto(gallery);
    policies.push(response!.headers()["content-security-policy"]);
  }
  expect(policies[0]).toContain("nonce-");
  expect(policies[1]).toContain("nonce-");
  expect(policies[1]).not.toBe(policies[0]);
});
