// The door through a Wi-Fi drop (issue 36): two stations lose the network, check in 20 guests between them (one guest
// at both), register a walk-in, scan a ticket and take a party's cash, each shown at once as waiting. When the network returns each
// is recorded once at the time it was really taken, and the guest checked in twice is listed to deal with at both.
import { readdirSync, readFileSync } from "node:fs";
import { and, asc, eq, gte, inArray, isNotNull } from "drizzle-orm";
import { registerParty } from "~/registration/register-party.server";
import { check_in, payment, registrant, ticket } from "~drizzle/schema";
import { expect, test } from "./support/fixtures";
import { signIn } from "./support/sign-in";
import type { Person } from "./support/galas";
import type { Browser, Page } from "@playwright/test";

const DOOR = "/admin/registration/checkinout";

async function station(browser: Browser, volunteer: Person) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, volunteer);
  await page.goto(DOOR);
  await expect(page.getByRole("heading", { name: "Check-in" })).toBeVisible();
  await expect(page.getByText("Online.")).toBeVisible();
  return { context, page };
}

async function checkIn(page: Page, guest: { email: string | null; name: string }) {
  await page.getByLabel("Find a guest").fill(guest.email!);
  const row = page.getByRole("list", { name: "Guests found" }).getByRole("listitem");
  await row.getByRole("button", { name: `Check in ${guest.name}`, exact: true }).click();
  await expect(row).toContainText("Waiting to send");
  await expect(row.getByRole("button", { name: `Check out ${guest.name}` })).toBeVisible();
}

test("two door stations offline: each entry recorded once, at its own time, and the double check-in listed", async ({
  browser,
  database,
  gala,
}) => {
  const guests = (
    await database
      .select({
        id: registrant.registrant_id,
        email: registrant.email,
        first: registrant.first_name,
        last: registrant.last_name,
        token: registrant.checkin_token,
      })
      .from(registrant)
      .where(and(eq(registrant.event_id, gala.id), isNotNull(registrant.email), eq(registrant.attended, false)))
      .orderBy(asc(registrant.registrant_id))
      .limit(20)
  ).map((guest) => ({ ...guest, name: `${guest.first} ${guest.last}` }));
  expect(guests).toHaveLength(20);
  const scanned = guests.pop()!;
  const [single] = await database
    .select({ id: ticket.ticket_id, price: ticket.price })
    .from(ticket)
    .where(eq(ticket.event_id, gala.id))
    .orderBy(asc(ticket.ticket_id))
    .limit(1);
  const surname = `Lamarr${Date.now() % 100_000}`;
  const party = await registerParty(database, {
    eventId: gala.id,
    lines: [{ ticketId: single.id, quantity: 1 }],
    buyer: { first_name: "Hedy", last_name: surname, email: `hedy.${surname}@example.org` },
    guests: [{ first_name: "Hedy", last_name: surname, email: `hedy.${surname}@example.org` }],
    method: "pay_at_event",
    byStaff: true,
  });
  if (!party.ok) throw new Error("the party could not register");

  const a = await station(browser, gala.volunteer);
  const b = await station(browser, gala.volunteer);
  try {
    await a.context.setOffline(true);
    await b.context.setOffline(true);
    await expect(a.page.getByText("Offline.")).toBeVisible();
    const offlineFrom = new Date();

    // 20 check-ins: station A the first ten, station B the last ten, the tenth guest at both.
    for (const guest of guests.slice(0, 10)) await checkIn(a.page, guest);
    for (const guest of guests.slice(9)) await checkIn(b.page, guest);

    await a.page.getByText("Register a walk-in").click();
    await a.page.getByLabel("First name").fill("Grace");
    await a.page.getByLabel("Last name").fill(surname);
    await a.page.getByLabel("Payment").selectOption({ label: "Paid in cash" });
    await a.page.getByRole("button", { name: "Register and check in" }).click();
    await expect(a.page.getByLabel("Last name")).toHaveValue("");

    // A handheld scanner types the ticket's QR address and Enter: the station finds the guest in its own list.
    await a.page
      .getByLabel("Find a guest")
      .fill(`https://gala.example/admin/registration/checkinout?token=${scanned.token}`);
    await a.page.getByLabel("Find a guest").press("Enter");

    await b.page.getByLabel("Find a guest").fill(`hedy.${surname}`);
    await b.page.getByRole("button", { name: /^Take \$[\d,.]+ cash$/ }).click();
    await expect(b.page.getByText(/to pay at the door/i)).toHaveCount(0);

    await a.page.getByText("Waiting to send: 12").click();
    const waitingA = a.page.getByRole("list", { name: "Waiting to send" }).getByRole("listitem");
    await expect(waitingA).toHaveCount(12);
    await expect(waitingA.nth(10)).toContainText(`Walk-in: Grace ${surname}`);
    await expect(waitingA.last()).toContainText(`Check in ${scanned.name} (ticket)`);
    await expect(b.page.getByText("Waiting to send: 11")).toBeVisible();
    await expect(a.page.getByText("12 entries saved on this device")).toBeVisible();
    // The outage lasts: entries sent after it must keep the time they were taken, not the time they arrive.
    await a.page.waitForTimeout(2_000);
    const offlineUntil = new Date();

    await a.context.setOffline(false);
    await expect(a.page.getByText("Back online: 12 entries taken offline sent, all recorded.")).toBeVisible();
    await b.context.setOffline(false);
    await expect(
      b.page.getByText("Back online: 11 entries taken offline sent; 1 the server turned down"),
    ).toBeVisible();
    await expect(b.page.getByText("Online.")).toBeVisible();

    // The guest checked in at both stations is listed at both, until someone deals with it.
    const twice = guests[9].name;
    for (const { page } of [a, b]) {
      const conflicts = page.getByRole("region", { name: /To deal with/ });
      await expect(conflicts.getByRole("listitem")).toHaveCount(1);
      await expect(conflicts).toContainText(`${twice} was already checked in at`);
    }
    await b.page.getByRole("button", { name: "Dealt with" }).click();
    await expect(b.page.getByRole("region", { name: /To deal with/ })).toHaveCount(0);
    await expect(a.page.getByRole("region", { name: /To deal with/ })).toHaveCount(0);

    // Each guest in once, at a time inside the outage.
    const log = await database
      .select({ guest: check_in.registrant_id, at: check_in.created_at })
      .from(check_in)
      .where(
        and(
          inArray(
            check_in.registrant_id,
            [...guests, scanned].map((guest) => guest.id),
          ),
          eq(check_in.direction, "in"),
        ),
      );
    expect(log).toHaveLength(20);
    expect(new Set(log.map((row) => row.guest)).size).toBe(20);
    for (const row of log) {
      expect(row.at.getTime()).toBeGreaterThan(offlineFrom.getTime() - 1_000);
      expect(row.at.getTime()).toBeLessThan(offlineUntil.getTime() - 1_000);
    }
    const walkIns = await database
      .select({ here: registrant.checked_in_at })
      .from(registrant)
      .where(
        and(eq(registrant.event_id, gala.id), eq(registrant.last_name, surname), eq(registrant.first_name, "Grace")),
      );
    expect(walkIns).toHaveLength(1);
    expect(walkIns[0].here!.getTime()).toBeLessThan(offlineUntil.getTime() - 1_000);
    const [paid] = await database
      .select({ status: payment.status, method: payment.method })
      .from(payment)
      .where(and(eq(payment.payment_id, party.party.paymentId), gte(payment.amount, 0)));
    expect(paid).toEqual({ status: "paid", method: "cash" });
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

test("a door station opened once opens again without the network, from what it kept", async ({
  browser,
  database,
  gala,
}) => {
  const [guest] = await database
    .select({ email: registrant.email, first: registrant.first_name, last: registrant.last_name })
    .from(registrant)
    .where(and(eq(registrant.event_id, gala.id), isNotNull(registrant.email), eq(registrant.attended, false)))
    .orderBy(asc(registrant.registrant_id))
    .limit(1);
  const name = `${guest.first} ${guest.last}`;
  const { context, page } = await station(browser, gala.volunteer);
  try {
    // The stations' worker keeps the page once it is installed.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          await navigator.serviceWorker.ready;
          return Boolean(await caches.match(window.location.href));
        }),
      )
      .toBe(true);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Check-in" })).toBeVisible();
    await expect(page.getByText("Offline.")).toBeVisible();
    await checkIn(page, { email: guest.email, name });
    await context.setOffline(false);
    await expect(page.getByText("Back online: 1 entry taken offline sent, all recorded.")).toBeVisible();
  } finally {
    await context.close();
  }
});

test("a station keeps the built files its pages name, the QR reader's included, and drops an older build's", async ({
  browser,
  gala,
}) => {
  // The QR reader is imported only when a camera scans, by the door's route module: named there, not in the page.
  const routeModule = readdirSync("public/build/routes").find((file) =>
    file.startsWith("admin._workspace.registration.checkinout-"),
  )!;
  const qrReader = /\/build\/_shared\/jsQR-[\w-]+\.js/.exec(
    readFileSync(`public/build/routes/${routeModule}`, "utf8"),
  )?.[0];
  expect(qrReader).toBeDefined();
  const { context, page } = await station(browser, gala.volunteer);
  try {
    const keptFiles = () =>
      page.evaluate(async () => {
        const cache = await caches.open("gavel-stations-v1");
        return (await cache.keys()).map((request) => new URL(request.url).pathname);
      });
    await expect.poll(async () => (await keptFiles()).includes(new URL(page.url()).pathname)).toBe(true);
    await page.evaluate(async (reader) => {
      await navigator.serviceWorker.ready;
      await fetch(reader);
      // A file of an earlier build, which no page names any more.
      const cache = await caches.open("gavel-stations-v1");
      await cache.put("/build/_shared/chunk-EARLIERBUILD.js", new Response("export {};"));
    }, qrReader!);
    expect(await keptFiles()).toEqual(expect.arrayContaining([qrReader, "/build/_shared/chunk-EARLIERBUILD.js"]));

    // Opened again under the worker, the page's scripts are kept; keeping it again then clears what no kept page
    // needs.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Check-in" })).toBeVisible();
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      registration.active!.postMessage({ type: "keep-page", url: window.location.href });
    });
    await expect.poll(async () => (await keptFiles()).includes("/build/_shared/chunk-EARLIERBUILD.js")).toBe(false);
    const files = await keptFiles();
    expect(files).toContain(qrReader);
    const pageFiles = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>("script[src], link[href]")]
        .map((element) => new URL("src" in element ? element.src : element.href).pathname)
        .filter((path) => path.startsWith("/build/")),
    );
    expect(pageFiles.length).toBeGreaterThan(3);
    // What the page loaded is still kept: it opens offline as before.
    await expect.poll(async () => pageFiles.filter((file) => !files.includes(file))).toEqual([]);
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText("Offline.")).toBeVisible();
  } finally {
    await context.close();
  }
});
