// /admin/bids/silentbids in the browser: a bid placed elsewhere appears without reloading, a bid is retracted with
// its reason after confirming, and an item is closed.
//
// The bid comes from this test process, through the bidding engine (placeBid), as a bidder's phone would make it
// through another app process: the app runs on PostgreSQL, where the bus's messages cross processes (LISTEN/NOTIFY).
import { and, asc, eq, isNull } from "drizzle-orm";
import { placeBid } from "~/bidding/place-bid.server";
import { auction_item, bid, event, silent_auction, usr, usr_event_paddle } from "~drizzle/schema";
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";
import type { Database } from "~/db/connection.server";

test.describe.configure({ timeout: 120_000 });

/** An open silent item of the gala that bidders may bid on from a phone, and a guest with a paddle to bid. */
async function itemAndBidder(db: Database, galaId: number) {
  const [item] = await db
    .select({ id: auction_item.auction_item_id, title: auction_item.title, lot: auction_item.lot })
    .from(auction_item)
    .where(
      and(
        eq(auction_item.event_id, galaId),
        eq(auction_item.type, "silent"),
        eq(auction_item.status, "published"),
        eq(auction_item.in_person_only, false),
        isNull(auction_item.closed_at),
        isNull(auction_item.buy_now),
      ),
    )
    .orderBy(asc(auction_item.lot))
    .limit(1);
  // Not the guest leading it: a leader cannot bid against themselves.
  const leaders = await db
    .select({ usrId: bid.usr_id })
    .from(bid)
    .where(and(eq(bid.auction_item_id, item.id), eq(bid.status, "winning")));
  const guests = await db
    .select({ usrId: usr.usr_id, first: usr.first_name, last: usr.last_name, paddle: usr_event_paddle.paddle })
    .from(usr_event_paddle)
    .innerJoin(usr, eq(usr.usr_id, usr_event_paddle.usr_id))
    .where(eq(usr_event_paddle.event_id, galaId))
    .orderBy(asc(usr_event_paddle.paddle))
    .limit(10);
  const guest = guests.find((candidate) => !leaders.some((leader) => leader.usrId === candidate.usrId))!;
  // Whatever the event's registration asks for, this guest has a card on file.
  await db.update(usr).set({ default_payment_source: "pm_e2e_card" }).where(eq(usr.usr_id, guest.usrId));
  return { eventId: galaId, item, guest: { ...guest, name: `${guest.first} ${guest.last}` } };
}

test("an organiser watches a bid arrive live, retracts it with a reason, and closes the item", async ({
  page,
  database,
  gala,
}) => {
  const { eventId, item, guest } = await itemAndBidder(database, gala.id);
  // The amount the bid below will be: the item's next minimum (a refused probe says it).
  const probe = await placeBid(database, {
    eventId,
    itemId: item.id,
    usrId: guest.usrId,
    submission: { kind: "bid", amount: 1, maximum: null },
    idempotencyKey: null,
  });
  expect(probe.ok).toBe(false);
  const nextMinimum = probe.ok ? 0 : probe.nextMinimum!;
  const amount = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(nextMinimum / 100);

  await signIn(page, gala.organiser);

  await page.goto("/admin/bids/silentbids");
  await expect(page.getByRole("heading", { name: "Silent bids", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Silent bids" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible();
  const row = page
    .getByRole("row")
    .filter({ hasText: guest.name })
    .filter({ hasText: item.title })
    .filter({ hasText: amount });
  await expect(row).toHaveCount(0);
  // Marks this page load: a reload would forget it.
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  // A bid at the next minimum, as the guest's phone would place it.
  const placed = await placeBid(database, {
    eventId,
    itemId: item.id,
    usrId: guest.usrId,
    submission: { kind: "bid", amount: nextMinimum, maximum: null },
    idempotencyKey: "e2e-bid-1",
  });
  expect(placed).toMatchObject({ ok: true, outcome: "winning" });

  await expect(row).toBeVisible({ timeout: 10_000 });
  await expect(row).toContainText(item.title);
  await expect(row).toContainText("Winning");
  await expect(row).toContainText(String(guest.paddle));
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);

  // Retract it: the dialog asks for a reason; a blank one is refused beside the field.
  await row.getByRole("button", { name: `Retract ${guest.name}'s bid of ${amount} on ${item.title}` }).click();
  const retract = page.getByRole("dialog", { name: "Retract this bid?" });
  await expect(retract).toBeVisible();
  await retract.getByLabel("Reason").fill("   ");
  await retract.getByRole("button", { name: "Retract the bid" }).click();
  await expect(retract.getByText("Give the reason for retracting this bid: it is kept with the bid.")).toBeVisible();
  await retract.getByLabel("Reason").fill("The guest bid on the wrong item");
  await retract.getByRole("button", { name: "Retract the bid" }).click();
  await expect(retract).toBeHidden();
  await expect(page.getByText("Bid retracted")).toBeVisible();
  await expect(row).toContainText("Retracted");
  await expect(row).toContainText("The guest bid on the wrong item");
  await expect(row.getByRole("button", { name: /^Retract/ })).toHaveCount(0);

  // Close the item from the per-item view, after confirming.
  await page.getByRole("link", { name: "Items", exact: true }).click();
  const name = item.lot === null ? item.title : `lot ${item.lot}, ${item.title}`;
  const itemRow = page.getByRole("row").filter({ has: page.getByRole("button", { name: `Close ${name} now` }) });
  await expect(itemRow).toContainText("Open");
  await itemRow.getByRole("button", { name: `Close ${name} now` }).click();
  const close = page.getByRole("dialog", { name: `Close ${item.title} now?` });
  await expect(close).toBeVisible();
  await close.getByRole("button", { name: "Close now" }).click();
  await expect(close).toBeHidden();
  await expect(page.getByText(/closed( with no winner|: \d+ winners?)/)).toBeVisible();
  const closedRow = page.getByRole("row").filter({ hasText: item.title });
  await expect(closedRow).toContainText("Closed");
  await expect(closedRow.getByRole("button", { name: `Reopen ${name}` })).toBeVisible();
});

test("without JavaScript, extending an item is a confirmation step in the page", async ({ browser, gala }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await signIn(page, gala.organiser);

    await page.goto("/admin/bids/silentbids?view=items");
    // The first open item.
    const open = page
      .getByRole("row")
      .filter({ has: page.getByRole("link", { name: /^Extend / }) })
      .first();
    const title = (await open.getByRole("cell").nth(1).textContent())!;
    const before = (await open.getByRole("cell").nth(6).textContent())!;
    await open.getByRole("link", { name: /^Extend / }).click();
    await expect(page).toHaveURL(/[?&]dialog=extend-\d+/);
    const step = page.getByRole("region", { name: `Extend ${title}` });
    await expect(step.getByLabel("Close at")).toHaveAttribute("type", "datetime-local");
    await step.getByRole("button", { name: "Extend", exact: true }).click();
    await expect(page).not.toHaveURL(/dialog=/);
    await expect(page.getByText(`${title}`).and(page.getByText(/now closes/))).toBeVisible();
    const after = page.getByRole("row").filter({ hasText: title });
    await expect(after.getByRole("cell").nth(6)).not.toHaveText(before);
    // The page that showed the toast cleared it: the next page does not say it again.
    await page.reload();
    await expect(after.getByRole("cell").nth(6)).not.toHaveText(before);
    await expect(page.getByText(/now closes/)).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test("the toast that says an item closed shows even when a live refresh interrupts the page's reload", async ({
  page,
  database,
  gala,
}) => {
  const { item } = await itemAndBidder(database, gala.id);
  await signIn(page, gala.organiser);
  await page.goto("/admin/bids/silentbids?view=items");
  await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible();

  // The reload that follows the close reaches the server, which answers it (and hands over the toast), but the page
  // never gets the answer: as when the close's own live update makes the page revalidate, which aborts that load.
  let closing = false;
  let answered!: () => void;
  const serverAnswered = new Promise<void>((resolve) => (answered = resolve));
  await page.route(
    (url) => url.pathname === "/admin/bids/silentbids.data",
    async (route) => {
      if (!closing || route.request().method() !== "GET") return route.fallback();
      closing = false;
      await route.fetch();
      answered();
    },
  );

  const name = item.lot === null ? item.title : `lot ${item.lot}, ${item.title}`;
  await page.getByRole("button", { name: `Close ${name} now` }).click();
  const close = page.getByRole("dialog", { name: `Close ${item.title} now?` });
  closing = true;
  await close.getByRole("button", { name: "Close now" }).click();
  await serverAnswered;
  await page.evaluate(() =>
    (window as unknown as { __remixRouter: { revalidate(): void } }).__remixRouter.revalidate(),
  );

  await expect(page.getByText(/closed( with no winner|: \d+ winners?)/)).toBeVisible();
  await expect(close).toBeHidden();
});

test("the toast shows in the tab that acted, even when another tab of the browser reloads its data first", async ({
  page,
  context,
  database,
  gala,
}) => {
  const { item } = await itemAndBidder(database, gala.id);
  await signIn(page, gala.organiser);
  const other = await context.newPage();
  for (const tab of [page, other]) {
    await tab.goto("/admin/bids/silentbids?view=items");
    await expect(tab.getByRole("status").filter({ hasText: "Live" })).toBeVisible();
  }

  // The acting tab's reload after the close waits until the other tab has reloaded its data.
  let closing = false;
  let otherReloaded!: () => void;
  const otherDone = new Promise<void>((resolve) => (otherReloaded = resolve));
  await page.route(
    (url) => url.pathname === "/admin/bids/silentbids.data",
    async (route) => {
      if (!closing || route.request().method() !== "GET") return route.fallback();
      closing = false;
      await otherDone;
      // The page's own live reload may have aborted this one meanwhile: then there is nothing left to let through.
      await route.fallback().catch(() => {});
    },
  );
  const name = item.lot === null ? item.title : `lot ${item.lot}, ${item.title}`;
  await page.getByRole("button", { name: `Close ${name} now` }).click();
  closing = true;
  const [closed] = await Promise.all([
    page.waitForResponse((response) => response.request().method() === "POST"),
    page.getByRole("dialog").getByRole("button", { name: "Close now" }).click(),
  ]);
  expect(closed.status()).toBe(202);
  // The other tab reloads its data after the close, and its answer carries the toast (the cookie is the browser's).
  await Promise.all([
    other.waitForResponse(
      async (response) =>
        response.url().includes("/admin/bids/silentbids.data") &&
        response.request().method() === "GET" &&
        // A reload the router aborted has no body to read.
        /closed( with no winner|: \d+ winners?)/.test(await response.text().catch(() => "")),
    ),
    other.evaluate(() => (window as unknown as { __remixRouter: { revalidate(): void } }).__remixRouter.revalidate()),
  ]);
  otherReloaded();

  await expect(page.getByText(/closed( with no winner|: \d+ winners?)/)).toBeVisible();
});

test("in its last minutes an item's countdown shows the seconds, ticking, and is marked urgent", async ({
  page,
  gala,
  database,
}) => {
  // The gala's silent auction closes in three minutes (before anyone has opened its pages).
  const [{ silentAuctionId }] = await database
    .select({ silentAuctionId: event.silent_auction_id })
    .from(event)
    .where(eq(event.event_id, gala.id));
  await database
    .update(silent_auction)
    .set({ end_date_time: new Date(Date.now() + 3 * 60_000) })
    .where(eq(silent_auction.silent_auction_id, silentAuctionId!));
  const { item } = await itemAndBidder(database, gala.id);

  // Every card's countdown runs on the page's one clock: a gallery of 500 cards must not wake the phone 500 times a
  // second.
  await page.addInitScript(() => {
    const every = window.setInterval;
    Object.assign(window, { secondTimers: 0 });
    window.setInterval = ((handler: TimerHandler, ms?: number, ...rest: unknown[]) => {
      if (ms === 1000) (window as unknown as { secondTimers: number }).secondTimers += 1;
      return every(handler, ms, ...rest);
    }) as typeof window.setInterval;
  });
  await page.goto(`/inroombid?id=${gala.id}`);
  const countdown = page.locator(`.item-card[data-item-id="${item.id}"] .countdown`);
  expect(await page.locator(".item-card .countdown").count()).toBeGreaterThan(10);
  await expect(countdown).toHaveClass(/countdown--urgent/);
  await expect(countdown).toHaveText(/^Time left: [0-3]m \d\ds$/);
  const shown = await countdown.textContent();
  await expect(countdown).not.toHaveText(shown!);
  await expect(countdown).toHaveText(/^Time left: [0-3]m \d\ds$/);
  // The countdowns' clock and the live stream's watch, however many cards.
  expect(await page.evaluate(() => (window as unknown as { secondTimers: number }).secondTimers)).toBeLessThanOrEqual(
    2,
  );
});
