/**
 * The invariants the rehearsal checks in the database after the evening, each a name and what broke it:
 * - every acknowledged bid, pledge, raffle sale and desk payment is stored, once;
 * - no double charge: each payment the sandbox charged is one payment of ours, paid for that amount, and every card
 *   payment recorded paid was charged;
 * - the ledger's figures agree: moneyFigures (the dashboard's, the report's, the monitors') against the invoices, and
 *   the screens show the same figures;
 * - every checked-in guest was checked in once;
 * - winners are right by the bidding rules: amounts rise on each item, the item's state matches its bids, each closed
 *   item with bids has one winner, the highest bidder, at the highest amount (items of one unit: the demo's items of
 *   several units have a winner per unit, each at their own bid).
 */
import { and, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import {
  auction_item,
  bid,
  bid_maximum,
  check_in,
  invoice,
  payment,
  pledge,
  raffle_purchase,
  winner,
} from "~drizzle/schema";
import type { StripeSandbox } from "../../app/demo/sandbox/stripe/server";
import type { Acknowledged } from "./night";
import type { Database } from "~/db/connection.server";

export interface Invariant {
  name: string;
  holds: boolean;
  /** What broke it (at most ten examples), or what was checked. */
  detail: string[];
}

/** The figures the screens showed, as their text (read while the app ran). */
export interface ScreenText {
  name: string;
  text: string;
}

export async function checkInvariants(
  db: Database,
  eventId: number,
  acknowledged: Acknowledged,
  stripe: StripeSandbox,
  screens: ScreenText[],
  /** When the gala was set up: payments before it are the demo's history. */
  since: Date,
): Promise<Invariant[]> {
  return [
    await bidsStored(db, eventId, acknowledged),
    await keyedOnce(
      "every acknowledged pledge is stored once",
      acknowledged.pledges.map((entry) => entry.key),
      (keys) =>
        db
          .select({ key: pledge.idempotency_key, n: sql<number>`count(*)::int` })
          .from(pledge)
          .where(and(eq(pledge.event_id, eventId), inArray(pledge.idempotency_key, keys)))
          .groupBy(pledge.idempotency_key),
    ),
    await keyedOnce(
      "every acknowledged raffle sale is stored once",
      acknowledged.raffleSales.map((entry) => entry.submission),
      (keys) =>
        db
          .select({ key: raffle_purchase.idempotency_key, n: sql<number>`count(*)::int` })
          .from(raffle_purchase)
          .where(and(eq(raffle_purchase.event_id, eventId), inArray(raffle_purchase.idempotency_key, keys)))
          .groupBy(raffle_purchase.idempotency_key),
    ),
    await deskPaymentsStored(db, eventId, acknowledged),
    await noDoubleCharge(db, eventId, stripe, since),
    await ledgerAgrees(db, eventId, screens),
    await checkedInOnce(db, eventId, acknowledged),
    await winnersRight(db, eventId),
  ];
}

const invariant = (name: string, broken: string[], checked: string): Invariant => ({
  name,
  holds: broken.length === 0,
  detail: broken.length === 0 ? [checked] : broken.slice(0, 10),
});

async function bidsStored(db: Database, eventId: number, acknowledged: Acknowledged) {
  const keys = acknowledged.bids.map((entry) => entry.key);
  const rows = keys.length
    ? await db
        .select({ key: bid.idempotency_key, usrId: bid.usr_id, itemId: bid.auction_item_id, amount: bid.bid })
        .from(bid)
        .where(and(eq(bid.event_id, eventId), inArray(bid.idempotency_key, keys)))
    : [];
  const stored = new Map(rows.map((row) => [row.key, row]));
  const broken: string[] = [];
  for (const entry of acknowledged.bids) {
    const row = stored.get(entry.key);
    if (!row) broken.push(`bid ${entry.key} (item ${entry.itemId}) was acknowledged but is not stored`);
    else if (row.usrId !== entry.usrId || row.itemId !== entry.itemId)
      broken.push(`bid ${entry.key} is stored for another bidder or item`);
  }
  if (rows.length !== new Set(rows.map((row) => row.key)).size) broken.push("a bid's key is stored twice");
  return invariant("every acknowledged bid is stored", broken, `${keys.length} acknowledged bids, all stored`);
}

async function keyedOnce(
  name: string,
  keys: string[],
  counts: (keys: string[]) => Promise<{ key: string | null; n: number }[]>,
) {
  const rows = keys.length ? await counts(keys) : [];
  const found = new Map(rows.map((row) => [row.key, row.n]));
  const broken: string[] = [];
  for (const key of new Set(keys)) {
    const n = found.get(key) ?? 0;
    if (n !== 1) broken.push(`${key}: stored ${n} times`);
  }
  return invariant(name, broken, `${keys.length} acknowledged, each stored once`);
}

async function deskPaymentsStored(db: Database, eventId: number, acknowledged: Acknowledged) {
  const keys = [...acknowledged.deskPayments.keys()].map((key) => `manual-${key}`);
  const rows = keys.length
    ? await db
        .select({
          key: payment.idempotency_key,
          amount: payment.amount,
          method: payment.method,
          status: payment.status,
        })
        .from(payment)
        .where(and(eq(payment.event_id, eventId), inArray(payment.idempotency_key, keys)))
    : [];
  const broken: string[] = [];
  for (const [key, taken] of acknowledged.deskPayments) {
    const stored = rows.filter((row) => row.key === `manual-${key}`);
    if (stored.length !== 1) broken.push(`${taken.method} form ${key}: ${stored.length} payments stored`);
    else if (stored[0].amount !== taken.amount || stored[0].status !== "paid")
      broken.push(`${taken.method} form ${key}: stored ${stored[0].amount} ${stored[0].status}, taken ${taken.amount}`);
  }
  return invariant(
    "every acknowledged desk payment is stored once",
    broken,
    `${keys.length} cash and check payments, each stored once for the amount taken`,
  );
}

async function noDoubleCharge(db: Database, eventId: number, stripe: StripeSandbox, since: Date) {
  type Intent = { id: string; amount: number; metadata: Record<string, string> };
  const succeeded = new Map<string, Intent>();
  for (const event of stripe.events()) {
    if (event.type !== "payment_intent.succeeded") continue;
    const intent = (event.data as { object: Intent }).object;
    if (intent.metadata.gavel_event === String(eventId)) succeeded.set(intent.id, intent);
  }
  const payments = await db.select().from(payment).where(eq(payment.event_id, eventId));
  const broken: string[] = [];
  const byPayment = new Map<string, Intent[]>();
  for (const intent of succeeded.values()) {
    const key = intent.metadata.gavel_payment ?? `(no payment: ${intent.id})`;
    byPayment.set(key, [...(byPayment.get(key) ?? []), intent]);
  }
  for (const [paymentId, intents] of byPayment)
    if (intents.length > 1) broken.push(`payment ${paymentId} charged ${intents.length} times`);
  for (const intent of succeeded.values()) {
    const ours = payments.find((row) => String(row.payment_id) === intent.metadata.gavel_payment);
    if (!ours || ours.status !== "paid")
      broken.push(`${intent.id} charged but payment ${intent.metadata.gavel_payment} is ${ours?.status ?? "missing"}`);
    else if (ours.amount !== intent.amount)
      broken.push(`payment ${ours.payment_id} is ${ours.amount}, charged ${intent.amount}`);
  }
  const charged = new Set([...succeeded.values()].map((intent) => intent.metadata.gavel_payment));
  // The evening's card payments (the demo gala's history was paid before the sandbox started).
  for (const row of payments)
    if (
      row.status === "paid" &&
      ["card", "checkout"].includes(row.method) &&
      row.created_at >= since &&
      !charged.has(String(row.payment_id))
    )
      broken.push(`payment ${row.payment_id} recorded paid by ${row.method}, never charged`);
  for (const row of payments)
    if (row.status === "pending" && row.method === "card") broken.push(`card payment ${row.payment_id} still pending`);
  return invariant(
    "no double charge, no lost charge",
    broken,
    `${succeeded.size} charges at the sandbox, each one paid payment of ours for its amount`,
  );
}

async function ledgerAgrees(db: Database, eventId: number, screens: ScreenText[]) {
  const { invoiceTotals } = await import("~/billing/invoice.server");
  const { moneyFigures } = await import("~/billing/money-figures.server");
  const { formatMoney } = await import("~/ui/format");
  const figures = await moneyFigures(eventId);
  const invoices = await db.select({ id: invoice.invoice_id }).from(invoice).where(eq(invoice.event_id, eventId));
  const totals = await Promise.all(invoices.map((row) => invoiceTotals(db, row.id)));
  const sum = (pick: (entry: (typeof totals)[number]) => number) => totals.reduce((all, entry) => all + pick(entry), 0);
  const [outside] = await db
    .select({ paid: sql<number>`coalesce(sum(${payment.amount}) filter (where ${payment.status} = 'paid'), 0)::int` })
    .from(payment)
    // An order to pay at the event is counted on the guest's invoice (ledger-totals.server.ts, NOT_SETTLED_ON_INVOICE).
    .where(and(eq(payment.event_id, eventId), sql`${payment.invoice_id} is null`, ne(payment.method, "pay_at_event")));
  const agree: [string, number, number][] = [
    [
      "pledged = the invoices' totals and credit, and payments outside them",
      figures.pledged,
      sum((entry) => entry.total + Math.max(0, -entry.balance)) + outside.paid,
    ],
    [
      "raised = what the invoices were paid, and payments outside them",
      figures.raised,
      sum((entry) => entry.paid) + outside.paid,
    ],
    ["outstanding = pledged − raised", figures.outstanding, figures.pledged - figures.raised],
    ["outstanding = the invoices' balances", figures.outstanding, sum((entry) => Math.max(0, entry.balance))],
    ["pledged by source adds up", figures.pledged, figures.sources.reduce((all, entry) => all + entry.pledged, 0)],
    ["raised by source adds up", figures.raised, figures.sources.reduce((all, entry) => all + entry.raised, 0)],
  ];
  const broken = agree
    .filter(([, left, right]) => left !== right)
    .map(([what, left, right]) => `${what}: ${left} ≠ ${right}`);
  for (const screen of screens)
    for (const [label, cents] of [
      ["pledged", figures.pledged],
      ["raised", figures.raised],
    ] as const) {
      const shown = formatMoney(cents, "USD");
      if (!screen.text.includes(shown)) broken.push(`${screen.name} does not show ${label} ${shown}: ${seen(screen)}`);
    }
  return invariant(
    "the ledger's figures agree across the screens",
    broken,
    `pledged ${figures.pledged}, raised ${figures.raised}, outstanding ${figures.outstanding} (cents): the invoices agree; ${screens.map((screen) => screen.name).join(", ")} show them`,
  );
}

/** The dollar amounts a screen's text shows, in their order. */
export const amountsShown = (text: string) => text.match(/\$[\d,]+\.\d\d/g) ?? [];

/** What a screen showed instead: its answer when it was not a page, else the amounts on it. */
function seen(screen: ScreenText) {
  if (screen.text.startsWith("(answered")) return screen.text;
  const amounts = [...new Set(amountsShown(screen.text))];
  return amounts.length > 0 ? `it shows ${amounts.slice(0, 8).join(", ")}` : "it shows no amount";
}

async function checkedInOnce(db: Database, eventId: number, acknowledged: Acknowledged) {
  const rows = await db
    .select({ registrantId: check_in.registrant_id, n: sql<number>`count(*)::int` })
    .from(check_in)
    .where(and(eq(check_in.event_id, eventId), eq(check_in.direction, "in")))
    .groupBy(check_in.registrant_id);
  const times = new Map(rows.map((row) => [row.registrantId, row.n]));
  const broken: string[] = [];
  for (const row of rows) if (row.n !== 1) broken.push(`guest ${row.registrantId} checked in ${row.n} times`);
  for (const id of acknowledged.checkIns)
    if (!times.has(id)) broken.push(`guest ${id}'s check-in was acknowledged but not stored`);
  return invariant(
    "every checked-in guest checked in once",
    broken,
    `${rows.length} guests checked in, once each (${acknowledged.checkIns.size} check-ins acknowledged)`,
  );
}

async function winnersRight(db: Database, eventId: number) {
  const broken: string[] = [];
  const rising = await db.execute<{ item: number }>(sql`
    select auction_item_id as item from (
      select b.auction_item_id, b.bid, lag(b.bid) over (partition by b.auction_item_id order by b.bid_id) as previous
      from bid b join auction_item i using (auction_item_id)
      where b.event_id = ${eventId} and b.status <> 'retracted' and coalesce(i.quantity, 1) = 1) t
    where previous is not null and bid <= previous`);
  for (const row of rowsOf<{ item: number }>(rising))
    broken.push(`item ${row.item}: a bid not above the one before it`);
  const state = await db.execute<{ item: number }>(sql`
    select i.auction_item_id as item from auction_item i
    left join (select auction_item_id, count(*)::int as n, max(bid) as top from bid
               where event_id = ${eventId} group by auction_item_id) b using (auction_item_id)
    where i.event_id = ${eventId} and coalesce(i.quantity, 1) = 1
      and (i.bid_count <> coalesce(b.n, 0) or i.current_bid is distinct from b.top)`);
  for (const row of rowsOf<{ item: number }>(state))
    broken.push(`item ${row.item}: its bid count or current bid disagrees with its bids`);
  // Each closed item with bids: one winner, chosen by the rules from the ledger and the maxima.
  const [bids, maxima, winners, closedItems] = await Promise.all([
    db
      .select()
      .from(bid)
      .where(and(eq(bid.event_id, eventId), ne(bid.status, "retracted"))),
    db.select().from(bid_maximum).where(eq(bid_maximum.event_id, eventId)),
    db.select().from(winner).where(eq(winner.event_id, eventId)),
    db
      .select({ id: auction_item.auction_item_id })
      .from(auction_item)
      .where(
        and(
          eq(auction_item.event_id, eventId),
          isNotNull(auction_item.closed_at),
          sql`coalesce(${auction_item.quantity}, 1) = 1`,
        ),
      ),
  ]);
  for (const { id } of closedItems) {
    const rows = bids.filter((row) => row.auction_item_id === id);
    if (rows.length === 0) continue;
    const expected = winnerByTheRules(
      rows,
      maxima.filter((row) => row.auction_item_id === id),
    );
    const won = winners.filter((row) => row.auction_item_id === id);
    if (won.length !== 1) broken.push(`item ${id}: ${won.length} winners`);
    else if (won[0].usr_id !== expected.usrId || won[0].amount !== expected.amount)
      broken.push(
        `item ${id}: won by ${won[0].usr_id} at ${won[0].amount}; by the rules ${expected.usrId} at ${expected.amount}`,
      );
  }
  const [closed] = await db
    .select({ n: sql<number>`count(distinct ${winner.auction_item_id})::int` })
    .from(winner)
    .where(eq(winner.event_id, eventId));
  return invariant(
    "winners are right by the bidding rules",
    broken,
    `${closed.n} items won: each by its highest bid, amounts rising, item states matching their bids`,
  );
}

/**
 * Who wins a one-unit item, and at what price, from its bids and maxima (docs/bidding-rules.md): a buy now wins at
 * its price; otherwise the price is the highest amount bid, and the winner is the bidder standing highest (their
 * maximum, or their highest bid), a tie going to whoever stood there first.
 */
function winnerByTheRules(
  rows: (typeof bid.$inferSelect)[],
  maxima: (typeof bid_maximum.$inferSelect)[],
): { usrId: number; amount: number } {
  const bought = rows.find((row) => row.kind === "buy_now");
  if (bought) return { usrId: bought.usr_id, amount: bought.bid };
  const top = Math.max(...rows.map((row) => row.bid));
  const standing = new Map<number, { amount: number; since: number }>();
  const stand = (usrId: number, amount: number, since: Date) => {
    const now = standing.get(usrId);
    if (!now || amount > now.amount) standing.set(usrId, { amount, since: since.getTime() });
  };
  for (const row of rows) stand(row.usr_id, row.bid, row.created_at);
  for (const row of maxima) stand(row.usr_id, row.amount, row.set_at);
  const [usrId] = [...standing].sort(([, a], [, b]) => b.amount - a.amount || a.since - b.since)[0];
  return { usrId, amount: top };
}

/** db.execute's rows: an array on postgres.js, `{ rows }` on PGlite. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}
