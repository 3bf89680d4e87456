// The money drill (issue 31, "How it is proved"): `npm run drill:money`. On a fresh database of the PostgreSQL server
// DATABASE_URL names (made and dropped here, migrated by the app's own database layer), with the suite's fake Stripe
// (app/demo/sandbox/stripe, the demo's sandbox) standing in for Stripe, the app's own billing modules check out a gala of 300 guests:
// each won, pledged or bought something (varied amounts), about two thirds saved a card (some of them one that saves
// and then declines, 4000000000000341). Then, all at once:
// - two desks work through the guest list: find the guest, then cash, a check or the card on file, sometimes part
//   then the rest, sometimes the same form posted twice, sometimes both desks on the same guest at the same moment;
// - "charge all cards on file" runs (startChargeAll, processChargeRun with two workers, and the button pressed again);
// - some guests pay on the hosted page themselves (declined then paid by another card, part payments, abandoned);
// - the provider's answers to some charges are lost (a timeout after the charge was made): the retry sends its key;
// - the webhooks are held on their way to the app and released in batches, shuffled, some twice, and some are sent
//   again by the fake at the end.
// Then, once every webhook is answered: no payment charged twice at Stripe (each succeeded PaymentIntent is one paid
// payment of ours, for its amount), no lost payment (every succeeded charge is recorded paid, and every card payment
// recorded paid was charged), every invoice settled or owing a true balance (its lines less the cash and checks we
// recorded and the charges the fake made), and the figures agree (moneyFigures: pledged = the invoices' totals,
// raised = what they were paid, outstanding = pledged - raised; the lines billed = what the drill made guests owe).
// It prints guests checked out per minute beside a reference measured in the same run: the same guests checked out
// in plain SQL (lock the invoice, read its lines and payments, insert a payment), at two connections at once.
// Exits 1 when a check fails. Results and method: docs/benchmarks.md ("Checkout: the money drill").
//
// Environment: DATABASE_URL (required), DRILL_GUESTS [300], DRILL_SEED [31], BENCH_KEEP_DB [unset: keep the database].
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { startStripeSandbox } from "../app/demo/sandbox/stripe/server";
import { seededRandom, type SeededRandom } from "../tests/support/seeded-random";
import { requireBenchSetup, throwawayDatabase } from "./support/app";
import { runBench } from "./support/run";
import { envNumber, ms, sleep, summary } from "./support/stats";
// Types only (erased): the app's modules are imported once the configuration is in the environment.
import type { Database } from "~/db/connection.server";

const GUESTS = envNumber("DRILL_GUESTS", 300, { whole: true });
const SEED = envNumber("DRILL_SEED", 31, { whole: true });
const adminUrl = requireBenchSetup("drill:money", { build: false });

const GOOD_CARD = "4242424242424242";
/** Saved, then declined when charged. */
const SAVES_THEN_DECLINES = "4000000000000341";
/** Declined on the hosted page. */
const DECLINED_CARD = "4000000000000002";
const PAGES = {
  successUrl: "http://gavel.test/invoice?session={CHECKOUT_SESSION_ID}",
  cancelUrl: "http://gavel.test/invoice",
};

interface Guest {
  usrId: number;
  paddle: number;
  /** What the drill made the guest owe, in cents (wins, pledges, purchases). */
  owes: number;
  card: "good" | "declining" | null;
  /** How the guest pays on the hosted page themselves, if they do. */
  page: "paid" | "paid, webhook only" | "declined, then another card" | "part, then the desk" | "abandoned" | null;
  /** Walks out without seeing a desk (charge all may still charge their card). */
  leaves: boolean;
  /** Both desks take this guest at the same moment. */
  twoDesks: boolean;
}

/**
 * The app's webhook endpoint as the network between Stripe and the app: it holds every delivery, and `release` lets
 * a batch of them through in a shuffled order (some kept to be delivered a second time later).
 */
async function webhookNetwork(apply: (payload: string, signature: string) => Promise<string>, random: SeededRandom) {
  type Delivery = { payload: string; signature: string; answer?: (status: number, body: string) => void };
  let held: Delivery[] = [];
  const answers = new Map<string, number>();
  let delivered = 0;
  let twice = 0;
  let outOfOrder = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () =>
      held.push({
        payload: Buffer.concat(chunks).toString("utf8"),
        signature: String(request.headers["stripe-signature"]),
        answer: (status, body) => response.writeHead(status).end(body),
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const deliver = async (delivery: Delivery) => {
    let answer: string;
    try {
      answer = await apply(delivery.payload, delivery.signature);
      delivery.answer?.(200, answer);
    } catch (error) {
      // Answered 400: Stripe sends it again later, and so does this network (in a later batch).
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      answer = `error (${cause?.code ?? ""} ${cause?.message ?? String(error).slice(0, 80)}), sent again later`;
      delivery.answer?.(400, "");
      held.push({ payload: delivery.payload, signature: delivery.signature });
    }
    delivered += 1;
    answers.set(answer, (answers.get(answer) ?? 0) + 1);
  };
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/webhook`,
    waiting: () => held.length,
    /** Lets part (or all) of what is held through, shuffled; a tenth of them stays held to come again. */
    async release(all = false) {
      if (held.length === 0) return;
      const count = all ? held.length : Math.max(1, Math.ceil(held.length * (0.3 + random.below(70) / 100)));
      const batch = held.slice(0, count);
      held = held.slice(count);
      const order = random.shuffle(batch.map((_, index) => index));
      outOfOrder += order.filter((position, index) => position !== index).length;
      const again: Delivery[] = [];
      await Promise.all(
        order.map(async (index) => {
          const delivery = batch[index];
          await deliver(delivery);
          if (!all && random.chance(0.1)) {
            twice += 1;
            again.push({ payload: delivery.payload, signature: delivery.signature });
          }
        }),
      );
      held.push(...again);
    },
    stats: () => ({ delivered, twice, outOfOrder, answers: Object.fromEntries(answers) }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function main() {
  const random = seededRandom(SEED);
  const database = await throwawayDatabase(adminUrl);
  const dataDir = mkdtempSync(path.join(tmpdir(), "gavel-drill-money-"));
  const fake = await startStripeSandbox();
  // The app's configuration is read when its modules are first imported: everything app is imported below.
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    SECRETS_KEY: randomBytes(32).toString("hex"),
    STRIPE_API_URL: fake.url,
  });
  const { openDatabase } = await import("~/db/connection.server");
  const connection = openDatabase({ engine: "postgres", url: database.url, maxConnections: 20 });
  globalThis.__gavelDatabase = connection;
  const plain = postgres(database.url, { max: 4, onnotice: () => {} });
  let network: Awaited<ReturnType<typeof webhookNetwork>> | null = null;
  let ok = false;
  try {
    await connection.migrate();
    console.log(`Money drill: ${GUESTS} guests, seed ${SEED}; Node ${process.version}\n${database.describe}`);
    let eventId = 0;
    const { receiveWebhook } = await import("~/billing/webhooks.server");
    network = await webhookNetwork((payload, signature) => receiveWebhook(eventId, payload, signature), random);
    const gala = await makeGala(connection.db, network.url, random, (id) => (eventId = id));
    const outcome = await checkout(gala, network, fake, random);
    const result = await check(gala, fake, outcome.forms);
    const reference = await referenceCheckout(plain, gala);
    ok = report(outcome, reference, network.stats(), result);
  } finally {
    await network?.close();
    await plain.end({ timeout: 5 });
    await connection.close();
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (process.env.BENCH_KEEP_DB) await database.keep();
    else await database.drop();
  }
  process.exit(ok ? 0 : 1);
}

type FakeStripe = Awaited<ReturnType<typeof startStripeSandbox>>;
type Network = Awaited<ReturnType<typeof webhookNetwork>>;
type Gala = Awaited<ReturnType<typeof makeGala>>;

/** The event with test keys saved, its team, and the guests with what they owe and their cards. */
async function makeGala(db: Database, webhookUrl: string, random: SeededRandom, setEventId: (id: number) => void) {
  const { makeBillingEvent, saveCard } = await import("../tests/support/billing");
  const { makeUser } = await import("../tests/support/people");
  const { recordPurchase } = await import("~/billing/purchases.server");
  const { auction_item, paddle_raise, pledge, usr, usr_event_paddle, winner } = await import("~drizzle/schema");
  const started = performance.now();
  const event = await makeBillingEvent(db, webhookUrl);
  const eventId = event.event_id;
  setEventId(eventId);
  const organiser = await makeUser(db, { selected_event: eventId });
  const desks = [await makeUser(db), await makeUser(db)];
  const tag = randomBytes(3).toString("hex");
  const people = await db
    .insert(usr)
    .values(
      Array.from({ length: GUESTS }, (_, n) => ({
        email_address: `guest-${n}-${tag}@example.org`,
        first_name: "Guest",
        last_name: String(n + 1),
      })),
    )
    .returning({ id: usr.usr_id });
  await db
    .insert(usr_event_paddle)
    .values(people.map((person, n) => ({ usr_id: person.id, event_id: eventId, paddle: 100 + n })));
  const [raise] = await db
    .insert(paddle_raise)
    .values({ event_id: eventId, title: "Fund a Classroom" })
    .returning({ id: paddle_raise.paddle_raise_id });
  const [pass] = await db
    .insert(auction_item)
    .values({
      event_id: eventId,
      title: "Valet pass",
      type: "sale",
      status: "published",
      buy_now: 25_00,
      quantity: GUESTS * 3,
    })
    .returning({ id: auction_item.auction_item_id });
  const cents = (low: number, high: number) => (low + random.below(high - low + 1)) * 100 + random.pick([0, 0, 50, 99]);
  const pages = ["paid", "paid, webhook only", "declined, then another card", "part, then the desk", "abandoned"];
  const guests: Guest[] = [];
  for (const [n, person] of people.entries()) {
    const guest: Guest = {
      usrId: person.id,
      paddle: 100 + n,
      owes: 0,
      card: random.chance(2 / 3) ? (random.chance(0.12) ? "declining" : "good") : null,
      page: random.chance(0.2) ? (random.pick(pages) as Guest["page"]) : null,
      leaves: random.chance(0.04),
      twoDesks: random.chance(0.08),
    };
    const wins = random.chance(0.7);
    if (wins) {
      const amount = cents(50, 2_500);
      const [item] = await db
        .insert(auction_item)
        .values({
          event_id: eventId,
          title: `Lot ${n + 1}`,
          type: random.pick(["silent", "live"]),
          status: "published",
          value: random.chance(0.8) ? cents(20, 1_000) : null,
        })
        .returning({ id: auction_item.auction_item_id });
      await db
        .insert(winner)
        .values({ event_id: eventId, auction_item_id: item.id, usr_id: person.id, paddle: guest.paddle, amount });
      guest.owes += amount;
    }
    if (random.chance(0.45) || !wins) {
      const amount = random.pick([100_00, 250_00, 500_00, 1_000_00, cents(20, 3_000)]);
      await db.insert(pledge).values({ event_id: eventId, paddle_raise_id: raise.id, usr_id: person.id, amount });
      guest.owes += amount;
    }
    if (random.chance(0.3)) {
      const quantity = 1 + random.below(3);
      await recordPurchase(eventId, {
        itemId: pass.id,
        paddle: guest.paddle,
        quantity,
        submissionKey: `sale-${n}`,
        byUsrId: desks[0].usr_id,
      });
      guest.owes += quantity * 25_00;
    }
    guests.push(guest);
  }
  // Cards saved through the hosted page, as registration does, four browsers at a time.
  const savers = guests.filter((guest) => guest.card);
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < savers.length) {
        const guest = savers[next++];
        await saveCard(eventId, guest.usrId, guest.card === "good" ? GOOD_CARD : SAVES_THEN_DECLINES);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `Data (${seconds.toFixed(1)} s): ${GUESTS} guests owing $${(guests.reduce((sum, guest) => sum + guest.owes, 0) / 100).toLocaleString("en-US")}, ` +
      `${savers.length} cards saved (${savers.filter((guest) => guest.card === "declining").length} that decline), ` +
      `${guests.filter((guest) => guest.page).length} paying on the hosted page, ${guests.filter((guest) => guest.leaves).length} leaving without a desk, ` +
      `${guests.filter((guest) => guest.twoDesks).length} at both desks at once`,
  );
  return { db, eventId, organiserId: organiser.usr_id, deskIds: desks.map((desk) => desk.usr_id), guests };
}

interface Counts {
  [what: string]: number;
}

/** The night's checkout: two desks, charge all, guests on their phones, webhooks late, shuffled and twice. */
async function checkout(gala: Gala, network: Network, fake: FakeStripe, random: SeededRandom) {
  const { chargeCardOnFile, invoiceIdFor, recordManualPayment } = await import("~/billing/charges.server");
  const { startInvoiceCheckout, completeCheckout } = await import("~/billing/checkout.server");
  const { invoiceTotals } = await import("~/billing/invoice.server");
  const { payableNow } = await import("~/billing/amount-rules");
  const { startChargeAll, processChargeRun, latestChargeRun } = await import("~/billing/charge-all.server");
  const { fillHostedPage } = await import("../tests/support/billing");
  const { Refusal } = await import("~/forms/refusal");
  const { db, eventId } = gala;
  const counts: Counts = {};
  const count = (what: string, n = 1) => (counts[what] = (counts[what] ?? 0) + n);
  const errors: string[] = [];
  /** Every cash or check form the desks posted (once or twice), by its payment's key: the money handed over. */
  const forms = new Map<string, number>();
  /** Runs a money action; a refusal (nothing owed, more than owed, a page opening) is part of the night. */
  const attempt = async <T>(what: string, action: () => Promise<T>): Promise<T | null> => {
    try {
      return await action();
    } catch (error) {
      if (error instanceof Refusal) {
        count(`refused: ${error.message.slice(0, 60)}`);
        return null;
      }
      errors.push(`${what}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return null;
    }
  };

  // About one charge in 25 made at the fake never has its answer back (the SDK's retries may get it, or the desk's).
  let lost = 0;
  fake.loseAnswersWhen((apiPath) => {
    if (apiPath !== "/v1/payment_intents" || !random.chance(0.04)) return false;
    lost += 1;
    return true;
  });

  const started = performance.now();
  let phaseDone = false;
  const mixer = (async () => {
    while (!phaseDone) {
      await sleep(100 + random.below(500));
      await network.release();
    }
  })();

  // The desks: a shared queue in the order guests come up; a guest at both desks is taken by the other at once too.
  const queue = random.shuffle(gala.guests.filter((guest) => !guest.leaves));
  const urgent: Guest[][] = [[], []];
  let cursor = 0;
  const deskTimes: number[] = [];
  let served = 0;
  const serve = async (desk: number, guest: Guest, plan: string) => {
    const startedGuest = performance.now();
    const byUsrId = gala.deskIds[desk];
    const invoiceId = await attempt("find the guest", () => invoiceIdFor(eventId, guest.usrId));
    if (invoiceId === null) return;
    let part = random.chance(0.25);
    let cardDeclined = false;
    for (let step = 0; step < 12; step++) {
      const totals = await invoiceTotals(db, invoiceId);
      if (totals.balance <= 0 && totals.charging === 0) break;
      if (totals.charging > 0) {
        // Charge all (or the other desk) is charging the card right now: its answer comes in a moment.
        count("desk waited for a charge in flight");
        await sleep(100);
        continue;
      }
      const owed = payableNow(totals);
      const amount = part && owed >= 200 ? Math.max(50, Math.floor(owed * (0.3 + random.below(40) / 100))) : owed;
      part = false;
      if (plan === "card" && guest.card && !cardDeclined && amount >= 50) {
        const result = await attempt("charge the card", () =>
          chargeCardOnFile(eventId, invoiceId, { byUsrId, amount }),
        );
        if (result) count(`desk card: ${result.status}`);
        if (result && result.status !== "paid" && result.status !== "nothing_owed") cardDeclined = true;
        continue;
      }
      const method = plan === "check" || (cardDeclined && random.chance(0.5)) ? "check" : "cash";
      const key = `desk${desk}-${guest.usrId}-${step}-${randomBytes(3).toString("hex")}`;
      forms.set(`manual-${key}`, amount);
      const post = () =>
        attempt(`take ${method}`, () =>
          recordManualPayment(eventId, invoiceId, {
            method,
            amount,
            checkNumber: method === "check" ? String(1000 + random.below(9000)) : null,
            byUsrId,
            submissionKey: key,
          }),
        );
      const double = random.chance(0.15);
      // A double post: the same form twice at once (a double click), or again a moment later (a resubmission).
      if (double && random.chance(0.5)) await Promise.all([post(), post()]);
      else {
        await post();
        if (double) await post();
      }
      count(`desk ${method}${double ? " (form posted twice)" : ""}`);
    }
    deskTimes.push(performance.now() - startedGuest);
  };
  const desk = async (index: number) => {
    for (;;) {
      const guest = urgent[index].shift() ?? queue[cursor++];
      if (!guest) return;
      if (guest.twoDesks && !urgent[1 - index].includes(guest) && cursor <= queue.length) {
        // The same guest walks up to the other desk too (or their partner does), at the same moment.
        if (!(guest as Guest & { taken?: boolean }).taken) {
          (guest as Guest & { taken?: boolean }).taken = true;
          urgent[1 - index].push(guest);
        }
      }
      const plan = guest.card && random.chance(0.55) ? "card" : random.pick(["cash", "cash", "check"]);
      await serve(index, guest, plan);
      served += 1;
    }
  };

  // Guests paying on their phones, a little at a time through the night.
  const phones = async () => {
    for (const guest of random.shuffle(gala.guests.filter((entry) => entry.page))) {
      await sleep(random.below(150));
      const invoiceId = await attempt("guest's invoice", () => invoiceIdFor(eventId, guest.usrId));
      if (invoiceId === null) continue;
      const open = (amount?: number, coverFee = random.chance(0.3)) =>
        attempt("open the payment page", () =>
          startInvoiceCheckout(eventId, invoiceId, { coverFee, saveCard: false, pages: PAGES, amount }),
        );
      const pay = async (page: string, number: string, back: boolean) => {
        const answer = await fillHostedPage(page, number);
        count(
          `page: ${answer.status === 303 ? "paid" : answer.status === 402 ? "declined" : `answered ${answer.status}`}`,
        );
        if (back && answer.status === 303 && answer.location)
          await attempt("back from the page", () =>
            completeCheckout(eventId, new URL(answer.location!).searchParams.get("session")!),
          );
      };
      if (guest.page === "abandoned") {
        if (await open()) count("page: abandoned");
      } else if (guest.page === "declined, then another card") {
        const page = await open(undefined, false);
        if (!page) continue;
        await pay(page, DECLINED_CARD, true);
        await sleep(random.below(300));
        // Back on /invoice, pay again: the same page (the same payment), another card.
        const again = await open(undefined, false);
        if (again) await pay(again, GOOD_CARD, random.chance(0.5));
      } else if (guest.page === "part, then the desk") {
        const totals = await invoiceTotals(db, invoiceId);
        const owed = payableNow(totals);
        if (owed < 200) continue;
        const page = await open(Math.floor(owed / 2));
        if (page) await pay(page, GOOD_CARD, true);
      } else {
        const page = await open();
        if (page) await pay(page, GOOD_CARD, guest.page === "paid");
      }
    }
  };

  // Charge all, pressed once a quarter of the guests have been to a desk: two workers, and the button pressed again.
  const chargeAll = async () => {
    while (served < queue.length / 4) await sleep(50);
    lanes["charge all"] = "working";
    const run = await startChargeAll(eventId, gala.organiserId);
    const again = await startChargeAll(eventId, gala.organiserId);
    if (!again.resumed || again.runId !== run.runId) errors.push("charge all pressed again did not resume its run");
    await Promise.all([
      attempt("charge all", () => processChargeRun(eventId, run.runId)),
      (async () => {
        await sleep(200);
        await attempt("charge all, second worker", () => processChargeRun(eventId, run.runId));
      })(),
    ]);
    // A guest whose answer was lost stays "unknown": the button resumes the run and asks again with the same key.
    for (let round = 0; round < 5; round++) {
      const progress = await latestChargeRun(eventId);
      if (!progress || progress.finished) break;
      count("charge all resumed");
      await attempt("charge all resumed", () => processChargeRun(eventId, run.runId));
    }
    const progress = (await latestChargeRun(eventId))!;
    for (const guest of progress.guests) count(`charge all: ${guest.status}`);
  };

  const lanes = { desks: "working", phones: "working", "charge all": "waiting" };
  const ticker = setInterval(
    () =>
      console.log(
        `  ${((performance.now() - started) / 1000).toFixed(0)} s: ${served} of ${queue.length} guests served at the desks, ` +
          `${network.waiting()} webhooks held; ${Object.entries(lanes)
            .map(([lane, state]) => `${lane} ${state}`)
            .join(", ")}`,
      ),
    10_000,
  );
  await Promise.all([
    Promise.all([desk(0), desk(1)]).then(() => (lanes.desks = "done")),
    phones().then(() => (lanes.phones = "done")),
    chargeAll().then(() => (lanes["charge all"] = "done")),
  ]);
  clearInterval(ticker);
  fake.loseAnswersWhen(null);
  const workSeconds = (performance.now() - started) / 1000;
  phaseDone = true;
  await mixer;
  // The rest of the webhooks: released until none comes any more.
  let quiet = 0;
  while (quiet < 3) {
    await sleep(300);
    if (network.waiting() === 0) quiet += 1;
    else {
      quiet = 0;
      await network.release(true);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  // Stripe sends some events again (it does when a delivery looked failed): each is a duplicate now.
  const ours = fake.events().filter((event) => {
    const object = (event.data as { object: { metadata?: Record<string, string> } }).object;
    return object.metadata?.gavel_event === String(eventId);
  });
  const resent = random.shuffle([...ours]).slice(0, Math.ceil(ours.length / 10));
  // (Each redelivery waits for the app's answer, which the network holds until it is let through.)
  let redelivered = false;
  const redeliveries = Promise.all(resent.map((event) => fake.redeliver(event.id))).then(() => (redelivered = true));
  while (!redelivered || network.waiting() > 0) {
    await sleep(50);
    await network.release(true);
  }
  await redeliveries;
  return {
    counts,
    errors,
    forms,
    seconds,
    workSeconds,
    deskTimes,
    lost,
    resent: resent.length,
    stripeEvents: ours.length,
  };
}

/** The checks: nothing charged twice, nothing lost, every invoice true, the figures agree. */
async function check(gala: Gala, fake: FakeStripe, forms: Map<string, number>) {
  const { invoiceTotals } = await import("~/billing/invoice.server");
  const { moneyFigures } = await import("~/billing/money-figures.server");
  const { and, eq, ne, sql } = await import("drizzle-orm");
  const { invoice, invoice_line, payment } = await import("~drizzle/schema");
  const { db, eventId } = gala;
  const failures: string[] = [];
  type Intent = { id: string; amount: number; metadata: Record<string, string> };
  const succeeded = fake
    .events()
    .filter((event) => event.type === "payment_intent.succeeded")
    .map((event) => (event.data as { object: Intent }).object)
    .filter((intent) => intent.metadata.gavel_event === String(eventId));
  const intents = new Map<string, Intent>();
  for (const intent of succeeded) intents.set(intent.id, intent);
  const payments = await db.select().from(payment).where(eq(payment.event_id, eventId));

  // No payment charged twice: each succeeded intent is a payment of its own, paid, for the intent's amount.
  const byPayment = new Map<string, string[]>();
  for (const intent of intents.values())
    byPayment.set(intent.metadata.gavel_payment, [...(byPayment.get(intent.metadata.gavel_payment) ?? []), intent.id]);
  const doubles = [...byPayment.entries()].filter(([, ids]) => ids.length > 1);
  for (const [paymentId, ids] of doubles) failures.push(`payment ${paymentId} charged ${ids.length} times`);
  const paidByCard = payments.filter((row) => row.status === "paid" && ["card", "checkout"].includes(row.method));
  const lostCharges: string[] = [];
  for (const intent of intents.values()) {
    const ours = payments.find((row) => String(row.payment_id) === intent.metadata.gavel_payment);
    if (!ours || ours.status !== "paid")
      lostCharges.push(`${intent.id} (payment ${intent.metadata.gavel_payment}: ${ours?.status ?? "none"})`);
    else if (ours.amount !== intent.amount)
      failures.push(`payment ${ours.payment_id} is ${ours.amount} but ${intent.id} charged ${intent.amount}`);
    else if (ours.provider_ref !== null && ours.provider_ref !== intent.id)
      failures.push(`payment ${ours.payment_id} names ${ours.provider_ref}, charged by ${intent.id}`);
  }
  for (const entry of lostCharges) failures.push(`charged at Stripe but not recorded paid: ${entry}`);
  // And the other way: a card payment recorded paid was charged.
  const charged = new Set([...intents.values()].map((intent) => intent.metadata.gavel_payment));
  const unpaid = paidByCard.filter((row) => !charged.has(String(row.payment_id)));
  for (const row of unpaid) failures.push(`payment ${row.payment_id} recorded paid by ${row.method}, never charged`);
  // Cash and checks: each form posted (once or twice) is one payment, for the money handed over.
  const manualPayments = payments.filter((row) => ["cash", "check"].includes(row.method));
  const perForm = new Map<string, number>();
  for (const row of manualPayments)
    perForm.set(row.idempotency_key ?? "", (perForm.get(row.idempotency_key ?? "") ?? 0) + 1);
  for (const [key, times] of perForm) if (times > 1) failures.push(`the form ${key} recorded ${times} times`);
  for (const row of manualPayments)
    if (forms.get(row.idempotency_key ?? "") !== row.amount)
      failures.push(
        `${row.method} payment ${row.payment_id} (${row.amount}) is no form the desks posted for that amount`,
      );
  const stuck = payments.filter((row) => row.status === "pending" && row.method === "card");
  for (const row of stuck) failures.push(`card payment ${row.payment_id} still pending after the webhooks settled`);

  // Every invoice settled, or owing a true balance: its lines less our cash and checks less the fake's charges.
  const invoices = await db.select().from(invoice).where(eq(invoice.event_id, eventId));
  const owners = new Map(gala.guests.map((guest) => [guest.usrId, guest]));
  const totals = new Map<number, Awaited<ReturnType<typeof invoiceTotals>>>();
  let settled = 0;
  let owing = 0;
  let owingTotal = 0;
  for (const row of invoices) {
    const entry = await invoiceTotals(db, row.invoice_id);
    totals.set(row.invoice_id, entry);
    const mine = payments.filter((candidate) => candidate.invoice_id === row.invoice_id);
    const manual = mine
      .filter((candidate) => candidate.status === "paid" && ["cash", "check"].includes(candidate.method))
      .reduce((sum, candidate) => sum + candidate.amount, 0);
    const atStripe = [...intents.values()]
      .filter((intent) => intent.metadata.gavel_invoice === String(row.invoice_id))
      .reduce((sum, intent) => sum + intent.amount, 0);
    const trueBalance = entry.total - manual - atStripe;
    if (entry.balance !== trueBalance)
      failures.push(
        `invoice ${row.number}: balance ${entry.balance}, but lines ${entry.total} − cash and checks ${manual} − charged ${atStripe} = ${trueBalance}`,
      );
    if (entry.balance < 0) {
      // What the invoice was paid with, and what the fake charged for it: a failure says how it came about.
      const paidWith = mine.map(
        (candidate) =>
          `${candidate.payment_id} ${candidate.method} ${candidate.status} ${candidate.amount} (${candidate.idempotency_key ?? "no key"}, ${candidate.created_at.toISOString()})`,
      );
      const charged = [...intents.values()]
        .filter((intent) => intent.metadata.gavel_invoice === String(row.invoice_id))
        .map((intent) => `${intent.amount} (${JSON.stringify(intent.metadata)})`);
      failures.push(
        `invoice ${row.number} paid ${-entry.balance} more than owed; lines ${entry.total}; payments: ${paidWith.join("; ")}; charged at the fake: ${charged.join("; ")}`,
      );
    }
    if (entry.charging !== 0) failures.push(`invoice ${row.number} still has ${entry.charging} being charged`);
    if (entry.balance === 0) settled += 1;
    else if (entry.balance > 0) {
      owing += 1;
      owingTotal += entry.balance;
      const guest = owners.get(row.usr_id!);
      // Only a guest who left without seeing a desk may still owe (a card that declined, or none).
      if (guest && !guest.leaves)
        failures.push(`invoice ${row.number}: guest ${guest.paddle} saw a desk and still owes ${entry.balance}`);
    }
  }
  if (invoices.length !== gala.guests.length)
    failures.push(`${invoices.length} invoices for ${gala.guests.length} guests`);

  // The figures agree with the invoices, with each other, and with what the drill made guests owe.
  const figures = await moneyFigures(eventId);
  const sum = (pick: (entry: Awaited<ReturnType<typeof invoiceTotals>>) => number) =>
    [...totals.values()].reduce((all, entry) => all + pick(entry), 0);
  const [outside] = await db
    .select({ paid: sql<number>`coalesce(sum(${payment.amount}) filter (where ${payment.status} = 'paid'), 0)::int` })
    .from(payment)
    .where(and(eq(payment.event_id, eventId), sql`${payment.invoice_id} is null`));
  const [billed] = await db
    .select({ total: sql<number>`coalesce(sum(${invoice_line.amount}), 0)::int` })
    .from(invoice_line)
    .where(and(eq(invoice_line.event_id, eventId), ne(invoice_line.source, "fee")));
  const made = gala.guests.reduce((all, guest) => all + guest.owes, 0);
  const agree: Array<[string, number, number]> = [
    // An overpayment is pledged too (docs/money.md): money held for the guest.
    [
      "pledged = the invoices' totals and credit",
      figures.pledged,
      sum((entry) => entry.total + Math.max(0, -entry.balance)) + outside.paid,
    ],
    ["raised = what the invoices were paid", figures.raised, sum((entry) => entry.paid) + outside.paid],
    ["outstanding = pledged − raised", figures.outstanding, figures.pledged - figures.raised],
    ["outstanding = the invoices' balances", figures.outstanding, sum((entry) => Math.max(0, entry.balance))],
    ["pledged by source adds up", figures.pledged, figures.sources.reduce((all, entry) => all + entry.pledged, 0)],
    ["raised by source adds up", figures.raised, figures.sources.reduce((all, entry) => all + entry.raised, 0)],
    ["the lines billed, fees aside = what guests were made to owe", billed.total, made],
  ];
  for (const [what, left, right] of agree) if (left !== right) failures.push(`${what}: ${left} ≠ ${right}`);
  const lines = await db
    .select({ source: invoice_line.source, total: sql<number>`sum(${invoice_line.amount})::int` })
    .from(invoice_line)
    .where(eq(invoice_line.event_id, eventId))
    .groupBy(invoice_line.source);
  return {
    failures,
    doubles: doubles.length,
    lost: lostCharges.length,
    figuresAgree: agree.every(([, left, right]) => left === right),
    figuresDisagree: agree.filter(([, left, right]) => left !== right).length,
    invoices: invoices.length,
    settled,
    owing,
    owingTotal,
    figures,
    charges: intents.size,
    lines,
    payments: payments.reduce<Counts>((all, row) => {
      const key = `${row.method} ${row.status}`;
      all[key] = (all[key] ?? 0) + 1;
      return all;
    }, {}),
  };
}

/**
 * The reference, in the same run on the same database: each guest checked out in plain SQL, one transaction (lock
 * the invoice, read its lines and payments, insert a payment), two connections at once as the two desks. The
 * payments go to a table of their own, so the drill's ledger is left as it was checked.
 */
async function referenceCheckout(sql: postgres.Sql, gala: Gala) {
  await sql`create table drill_reference_payment (invoice_id int not null, amount int not null, method text not null,
    idempotency_key text unique not null, created_at timestamptz not null default now())`;
  const invoices = await sql`select invoice_id from invoice where event_id = ${gala.eventId} order by number`;
  const ids = invoices.map((row) => row.invoice_id as number);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    [0, 1].map(async (desk) => {
      while (next < ids.length) {
        const invoiceId = ids[next++];
        await sql.begin(async (tx) => {
          await tx`select invoice_id from invoice where invoice_id = ${invoiceId} for update`;
          const [lines] =
            await tx`select coalesce(sum(amount), 0)::int as total from invoice_line where invoice_id = ${invoiceId}`;
          const [paid] = await tx`select coalesce(sum(amount), 0)::int as paid from payment
            where invoice_id = ${invoiceId} and status = 'paid'`;
          await tx`insert into drill_reference_payment (invoice_id, amount, method, idempotency_key)
            values (${invoiceId}, ${Math.max(1, lines.total - paid.paid)}, 'cash', ${`ref-${desk}-${invoiceId}`})`;
        });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { guests: ids.length, seconds };
}

/** Prints the night, the figures and the checks; answers whether every check held. */
function report(
  outcome: Awaited<ReturnType<typeof checkout>>,
  reference: Awaited<ReturnType<typeof referenceCheckout>>,
  webhooks: ReturnType<Network["stats"]>,
  result: Awaited<ReturnType<typeof check>>,
) {
  const money = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
  const list = (counts: Counts) =>
    Object.entries(counts)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([what, n]) => `${what} ${n}`)
      .join("; ");
  const perMinute = (GUESTS / outcome.seconds) * 60;
  const referencePerMinute = (reference.guests / reference.seconds) * 60;
  const desk = summary(outcome.deskTimes);
  console.log(`\nThe night: ${list(outcome.counts)}`);
  console.log(`Answers lost at the fake (charges made, no answer back): ${outcome.lost}`);
  console.log(
    `Webhooks: ${outcome.stripeEvents} sent by the fake, ${webhooks.delivered} deliveries (${webhooks.outOfOrder} out of order in their batch, ${webhooks.twice} held back and delivered again, ${outcome.resent} sent again by the fake); answers: ${list(webhooks.answers)}`,
  );
  console.log(`Payments: ${list(result.payments)}; ${result.charges} charges succeeded at the fake`);
  console.log(
    `Invoices: ${result.invoices}, ${result.settled} settled, ${result.owing} owing ${money(result.owingTotal)} (guests who left without a desk); lines by source: ${result.lines.map((line) => `${line.source} ${money(line.total)}`).join(", ")}`,
  );
  console.log(
    `Figures: pledged ${money(result.figures.pledged)}, raised ${money(result.figures.raised)}, outstanding ${money(result.figures.outstanding)}`,
  );
  console.log(
    `\nCheckout: ${GUESTS} guests in ${outcome.seconds.toFixed(1)} s with the webhooks settled (${outcome.workSeconds.toFixed(1)} s of desks, phones and charge all): ${perMinute.toFixed(0)} guests/minute; a desk's guest p50 ${ms(desk.p50)} ms, p95 ${ms(desk.p95)} ms, max ${ms(desk.max)} ms`,
  );
  console.log(
    `Reference, same run: ${reference.guests} checkouts in plain SQL at two connections in ${reference.seconds.toFixed(2)} s: ${referencePerMinute.toFixed(0)} guests/minute`,
  );
  console.log(`Ratio: Gavel ${((perMinute / referencePerMinute) * 100).toFixed(2)}% of the reference`);
  if (outcome.errors.length > 0) {
    console.log(`\nUnexpected errors (${outcome.errors.length}):`);
    for (const error of outcome.errors.slice(0, 10)) console.log(`  ${error}`);
  }
  const failures = [...outcome.errors.map((error) => `error: ${error.split("\n")[0]}`), ...result.failures];
  if (failures.length > 0) {
    console.log(`\nFAILED (${failures.length}):`);
    for (const failure of failures.slice(0, 30)) console.log(`  ${failure}`);
  }
  const figures = result.figuresAgree ? "figures agree" : "FIGURES DISAGREE";
  const others = failures.length - result.doubles - result.lost - result.figuresDisagree;
  const rest = others > 0 ? `; ${others} other check${others === 1 ? "" : "s"} FAILED` : "";
  console.log(`\n${result.doubles} double charges, ${result.lost} lost payments, ${figures}${rest}`);
  return failures.length === 0;
}

runBench(main);
