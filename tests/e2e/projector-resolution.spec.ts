// Projector resolution (issue 33, item 2): on a 1920 × 1080, a 1280 × 720 and a 1440 × 900 screen, every room screen
// is whole with a full night's data (long names, many pledges, big amounts): each monitor panel (the silent items, the
// live lot, the paddle raise's thermometer with its goal and pledge count, the total, the next close, the thank-you
// names, the raffle winners, the sponsors), the paddle-raise board (/pi) and the raffle screen (/raffle) with its drawn
// winners. Each key element is inside the window and not cut by a panel, no panel overflows, none has no size, and
// the screen is used from side to side. The screenshots are attached to the report.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { floorBid, openLot, sellLot } from "~/bidding/live-lots.server";
import { recordPledge } from "~/paddle-raise/pledges.server";
import {
  auction_item,
  event,
  monitor,
  paddle_raise,
  raffle,
  raffle_prize,
  usr,
  usr_event_paddle,
  usr_event_role,
} from "~drizzle/schema";
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";
import type { Gala } from "./support/galas";
import type { Browser, Page, TestInfo } from "@playwright/test";
import type { Database } from "~/db/connection.server";

const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
];

// First names as long as a room has them: the screens show a giver's first name.
const LONG_NAMES = [
  "Maximiliana-Josephine",
  "Bartholomew",
  "Anastasia-Valentina",
  "Oluwaseun",
  "Jean-Christophe",
  "Krzysztof",
  "Guinevere",
  "Alexandria",
];
const RAISE_TITLE = "Fund-a-Need: The Harbor Light Reading Room and Homework Club";
const PRIZES = [
  "Seven nights for two at the Harbor View Inn with sunset sailing, spa day and dinner at The Lighthouse",
  "Sea Glass and Diamond Pendant from Harbor Jewelers, with matching earrings",
];
const LOT_TITLE = "A week for eight at a restored 1890s lighthouse keeper's cottage on Nantucket, with private chef";

/**
 * A night's worth of the room in the gala: long first names on every guest, the raise with a long title and a
 * $2.5M goal, eight pledges from $1,000 to $250,000 (one anonymous), a $750,000 event goal, long raffle prizes.
 * Returns the paddles that pledged and a team member who records things.
 */
async function fillTheRoom(db: Database, galaId: number) {
  const guests = await db
    .select({ usrId: usr.usr_id, paddle: usr_event_paddle.paddle })
    .from(usr_event_paddle)
    .innerJoin(usr, eq(usr.usr_id, usr_event_paddle.usr_id))
    .where(eq(usr_event_paddle.event_id, galaId))
    .orderBy(asc(usr_event_paddle.paddle));
  const names = sql.join(
    LONG_NAMES.map((name) => sql`${name}`),
    sql`, `,
  );
  await db
    .update(usr)
    .set({ first_name: sql`(array[${names}])[1 + ${usr.usr_id} % ${LONG_NAMES.length}]` })
    .where(
      inArray(
        usr.usr_id,
        guests.map((guest) => guest.usrId),
      ),
    );
  const [staff] = await db
    .select({ usrId: usr_event_role.usr_id })
    .from(usr_event_role)
    .where(eq(usr_event_role.event_id, galaId))
    .orderBy(asc(usr_event_role.usr_id))
    .limit(1);
  await db
    .update(event)
    .set({ meta: sql`jsonb_set(coalesce(${event.meta}, '{}'::jsonb), '{fundraising_goal}', '75000000'::jsonb)` })
    .where(eq(event.event_id, galaId));
  const [raise] = await db
    .update(paddle_raise)
    .set({ title: RAISE_TITLE, goal: 2_500_000_00 })
    .where(eq(paddle_raise.event_id, galaId))
    .returning({ id: paddle_raise.paddle_raise_id });
  const amounts = [1_000_00, 2_500_00, 5_000_00, 10_000_00, 25_000_00, 50_000_00, 100_000_00, 250_000_00];
  for (const [index, amount] of amounts.entries()) {
    await recordPledge(
      db,
      galaId,
      { paddle: guests[index]!.paddle! },
      { raiseId: raise.id, amount, enteredBy: staff.usrId, source: "floor", isAnonymous: index === 3 },
    );
  }
  const raffles = await db.select({ id: raffle.raffle_id }).from(raffle).where(eq(raffle.event_id, galaId));
  const prizes = await db
    .select({ id: raffle_prize.raffle_prize_id })
    .from(raffle_prize)
    .where(
      inArray(
        raffle_prize.raffle_id,
        raffles.map((row) => row.id),
      ),
    )
    .orderBy(asc(raffle_prize.display_order), asc(raffle_prize.raffle_prize_id));
  for (const [index, prize] of prizes.entries())
    await db
      .update(raffle_prize)
      .set({ title: PRIZES[index % PRIZES.length] })
      .where(eq(raffle_prize.raffle_prize_id, prize.id));
  return { staffId: staff.usrId, paddles: guests.map((guest) => guest.paddle!) };
}

/** Staff draw every prize at the raffle desk, as on the night. */
async function drawEveryPrize(page: Page, gala: Gala) {
  await signIn(page, gala.organiser);
  await page.goto(`/admin/bids/raffle?id=${gala.id}`);
  for (const prize of PRIZES) {
    await page.getByRole("button", { name: `Draw ${prize}` }).click();
    await expect(page.getByRole("button", { name: `Draw ${prize}` })).toHaveCount(0);
  }
}

/**
 * What is wrong with the screen as shown: each element `selectors` find must have a size, be visible, lie inside the
 * window and inside every box that clips it; each panel (`panels`) must show all it holds; and unless `narrow`,
 * panels must reach both sides of the window (no empty half).
 */
async function problemsOf(page: Page, check: { elements: string[]; panels: string }) {
  return page.evaluate(({ elements, panels }) => {
    const problems: string[] = [];
    const width = window.innerWidth;
    const height = window.innerHeight;
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}.${[...element.classList].join(".")} “${(element.textContent ?? "").trim().slice(0, 40)}”`;
    const doc = document.documentElement;
    if (doc.scrollWidth > width + 1 || doc.scrollHeight > height + 1)
      problems.push(`the page scrolls: ${doc.scrollWidth} × ${doc.scrollHeight}`);
    for (const selector of elements) {
      const found = [...document.querySelectorAll(selector)];
      if (found.length === 0) problems.push(`nothing matches ${selector}`);
      for (const element of found) {
        const box = element.getBoundingClientRect();
        if (box.width < 1 || box.height < 1) problems.push(`${name(element)} has no size`);
        if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }))
          problems.push(`${name(element)} is hidden`);
        // Cut inside itself: lines clamped, or (unless it ends in an ellipsis by design) text past its side.
        const style = getComputedStyle(element);
        if (
          element.scrollHeight > element.clientHeight + 1 ||
          (style.textOverflow !== "ellipsis" && element.scrollWidth > element.clientWidth + 1)
        )
          problems.push(`${name(element)} is cut inside itself`);
        if (box.left < -0.5 || box.top < -0.5 || box.right > width + 0.5 || box.bottom > height + 0.5)
          problems.push(`${name(element)} is outside the window: ${JSON.stringify(box.toJSON())}`);
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          const style = getComputedStyle(parent);
          if (style.overflowX === "visible" && style.overflowY === "visible") continue;
          const clip = parent.getBoundingClientRect();
          if (
            box.left < clip.left - 0.5 ||
            box.top < clip.top - 0.5 ||
            box.right > clip.right + 0.5 ||
            box.bottom > clip.bottom + 0.5
          )
            problems.push(`${name(element)} is cut by ${name(parent)}`);
        }
      }
    }
    const shown = [...document.querySelectorAll(panels)];
    if (shown.length === 0) problems.push(`no panel matches ${panels}`);
    for (const panel of shown) {
      if (panel.scrollHeight > panel.clientHeight + 1 || panel.scrollWidth > panel.clientWidth + 1)
        problems.push(
          `${name(panel)} overflows: ${panel.scrollWidth} × ${panel.scrollHeight} in ${panel.clientWidth} × ${panel.clientHeight}`,
        );
    }
    const boxes = shown.map((panel) => panel.getBoundingClientRect());
    if (!boxes.some((box) => box.left < width * 0.25) || !boxes.some((box) => box.right > width * 0.75))
      problems.push("the panels leave a side of the screen empty");
    if (!boxes.some((box) => box.bottom > height * 0.6))
      problems.push("the panels leave the bottom of the screen empty");
    return problems;
  }, check);
}

/** Opens `path` at each size, checks it is whole, and attaches its screenshot to the report. */
async function checkAtEverySize(
  browser: Browser,
  testInfo: TestInfo,
  screen: { name: string; path: string; ready: (page: Page) => Promise<void>; elements: string[]; panels: string },
) {
  for (const size of SIZES) {
    const context = await browser.newContext({ viewport: size, baseURL: testInfo.project.use.baseURL });
    const page = await context.newPage();
    await page.goto(screen.path);
    await screen.ready(page);
    // Web fonts and images settle before the screen is measured.
    await page.evaluate(() => document.fonts.ready);
    const file = testInfo.outputPath(`${screen.name}-${size.width}x${size.height}.png`);
    await page.screenshot({ path: file });
    await testInfo.attach(`${screen.name} at ${size.width} × ${size.height}`, { path: file, contentType: "image/png" });
    expect
      .soft(
        await problemsOf(page, { elements: screen.elements, panels: screen.panels }),
        `${screen.name} at ${size.width} × ${size.height}`,
      )
      .toEqual([]);
    await context.close();
  }
}

const MONITOR_PANELS = ".monitor-panel, .monitor-sponsors, .monitor__head";
const GIFT_ROWS = ['[aria-label="Recent gifts"] li span', '[aria-label="Recent gifts"] li strong'];
const WINNER_ROWS = [".monitor-winners__name", ".monitor-winners__ticket", ".monitor-winners__prize"];
const RAISE = [
  '[aria-label="Paddle raise"] h2',
  '[aria-label="Paddle raise"] .thermometer__total',
  '[aria-label="Paddle raise"] .thermometer__track',
  '[aria-label="Paddle raise"] .thermometer__caption',
];
const TOTALS = ['[data-testid="monitor-total"]', ".monitor-totals__track", ".monitor-totals__goal"];

test("every monitor panel is whole at 1920 × 1080, 1280 × 720 and 1440 × 900", async ({
  browser,
  page,
  database,
  gala,
}, testInfo) => {
  // Three screens at three sizes each, every one checked panel by panel: a whole minute alone on a loaded machine
  // (the fresh-clone run of 2026-11-29 timed both out at 60 s, every step on time). The limit bounds a hang.
  test.setTimeout(180_000);
  const { staffId, paddles } = await fillTheRoom(database, gala.id);
  await drawEveryPrize(page, gala);
  // The stage-side monitor: the paddle raise leads it while no lot is on the block, then the live lot.
  await database
    .update(monitor)
    .set({ panels: ["live_lot", "paddle_raise", "recent_gifts", "totals", "raffle_winners", "sponsors"] })
    .where(and(eq(monitor.event_id, gala.id), eq(monitor.path, "lun2025monitor")));

  const ready = (panel: string) => async (screen: Page) => {
    await expect(screen.locator("main[data-status=live]")).toBeVisible();
    await expect(screen.getByRole("region", { name: panel })).toBeVisible();
    await expect(screen.getByRole("region", { name: "Recent gifts" }).getByRole("listitem")).toHaveCount(6);
    await expect(screen.getByRole("region", { name: "Raffle winners" }).getByRole("listitem")).toHaveCount(2);
  };
  // The main monitor, every panel: the silent items lead, the figures and winners beside, the thank-yous under.
  await checkAtEverySize(browser, testInfo, {
    name: "woa2025monitor",
    path: `/woa2025monitor?id=${gala.id}`,
    ready: async (screen) => {
      await ready("Silent items")(screen);
      await expect(screen.getByRole("region", { name: "Next close" })).toBeVisible();
    },
    elements: [
      ".monitor__head h1",
      '[data-testid="monitor-clock"]',
      '[aria-label="Silent items"] h2',
      '[data-testid="items-page"]',
      '[aria-label="Silent items"] tbody td',
      ...TOTALS,
      ...RAISE,
      '[data-testid="next-close"]',
      ...GIFT_ROWS,
      ...WINNER_ROWS,
      ".monitor-sponsors img",
    ],
    panels: MONITOR_PANELS,
  });
  await checkAtEverySize(browser, testInfo, {
    name: "lun2025monitor-raise",
    path: `/lun2025monitor?id=${gala.id}`,
    ready: ready("Paddle raise"),
    elements: [...RAISE, ...TOTALS, ...GIFT_ROWS, ...WINNER_ROWS, ".monitor-sponsors img"],
    panels: MONITOR_PANELS,
  });

  // A lot on the block, with a long title and a big bid.
  const [lot] = await database
    .select({ id: auction_item.auction_item_id })
    .from(auction_item)
    .where(and(eq(auction_item.event_id, gala.id), eq(auction_item.type, "live")))
    .orderBy(asc(auction_item.display_order), asc(auction_item.lot))
    .limit(1);
  await database.update(auction_item).set({ title: LOT_TITLE }).where(eq(auction_item.auction_item_id, lot.id));
  await openLot(database, { eventId: gala.id, itemId: lot.id, byUsrId: staffId });
  await floorBid(database, {
    eventId: gala.id,
    itemId: lot.id,
    byUsrId: staffId,
    paddle: paddles[0],
    amount: 125_000_00,
  });
  await checkAtEverySize(browser, testInfo, {
    name: "lun2025monitor-live",
    path: `/lun2025monitor?id=${gala.id}`,
    ready: ready("Live auction"),
    elements: [
      ".monitor-live__lot",
      ".monitor-live__title",
      ".monitor-live__amount",
      ...RAISE,
      ...TOTALS,
      ...GIFT_ROWS,
      ...WINNER_ROWS,
    ],
    panels: MONITOR_PANELS,
  });
});

test("the paddle-raise board and the raffle screen are whole at 1920 × 1080, 1280 × 720 and 1440 × 900", async ({
  browser,
  page,
  database,
  gala,
}, testInfo) => {
  // Three screens at three sizes each, every one checked panel by panel: a whole minute alone on a loaded machine
  // (the fresh-clone run of 2026-11-29 timed both out at 60 s, every step on time). The limit bounds a hang.
  test.setTimeout(180_000);
  await fillTheRoom(database, gala.id);
  await drawEveryPrize(page, gala);

  await checkAtEverySize(browser, testInfo, {
    name: "pi",
    path: `/pi?id=${gala.id}`,
    ready: async (screen) => {
      await expect(screen.getByRole("heading", { level: 1, name: RAISE_TITLE })).toBeVisible();
      await expect(screen.getByRole("region", { name: "Recent gifts" }).getByRole("listitem")).toHaveCount(8);
    },
    elements: [
      ".guest-pledge__raise h1",
      ".guest-pledge__raise .thermometer__total",
      ".guest-pledge__raise .thermometer__track",
      ".guest-pledge__raise .thermometer__caption",
      ".recent-gifts__list li span",
      ".recent-gifts__list li strong",
      'a[href^="/auth/sign-in"]',
    ],
    panels: ".guest-card",
  });
  await checkAtEverySize(browser, testInfo, {
    name: "raffle",
    path: `/raffle?id=${gala.id}`,
    ready: async (screen) => {
      await expect(screen.getByText("Won by")).toHaveCount(PRIZES.length);
    },
    elements: [".raffle-card h1", ".raffle-prizes__title", ".raffle-prizes__winner", 'a[href^="/auth/sign-in"]'],
    panels: ".guest-card",
  });
});

test("the live projector is whole at 1920 × 1080, 1280 × 720 and 1440 × 900, a long lot's hammer included", async ({
  browser,
  database,
  gala,
}, testInfo) => {
  const { staffId, paddles } = await fillTheRoom(database, gala.id);
  const lots = await database
    .select({ id: auction_item.auction_item_id })
    .from(auction_item)
    .where(and(eq(auction_item.event_id, gala.id), eq(auction_item.type, "live")))
    .orderBy(asc(auction_item.display_order), asc(auction_item.lot))
    .limit(2);
  await database.update(auction_item).set({ title: LOT_TITLE }).where(eq(auction_item.auction_item_id, lots[0].id));
  await database.update(auction_item).set({ title: PRIZES[0] }).where(eq(auction_item.auction_item_id, lots[1].id));
  await openLot(database, { eventId: gala.id, itemId: lots[0].id, byUsrId: staffId });
  await floorBid(database, {
    eventId: gala.id,
    itemId: lots[0].id,
    byUsrId: staffId,
    paddle: paddles[0],
    amount: 125_000_00,
  });
  await sellLot(database, { eventId: gala.id, itemId: lots[0].id, byUsrId: staffId });

  await checkAtEverySize(browser, testInfo, {
    name: "livec-hammer",
    path: `/livec?id=${gala.id}`,
    ready: async (screen) => {
      await expect(screen.getByTestId("hammer")).toContainText("SOLD");
      await expect(screen.getByRole("button", { name: "Fullscreen" })).toBeVisible();
    },
    elements: [
      ".projector__lot",
      ".projector__title",
      '[data-testid="hammer"]',
      ".projector__next",
      ".projector__foot button",
    ],
    panels: ".projector__stage, .projector__foot",
  });
});
