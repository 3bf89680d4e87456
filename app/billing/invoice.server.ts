/**
 * The invoice: one per guest and event, with a number that never changes. Its lines are copied from the line
 * sources (./line-sources) when first seen and never rewritten: a source row that disappears later (an undone
 * hammer, a cancelled pledge) adds a reversing line, a comp adds a negative line with its reason, a refund a
 * negative line too. Payments apply to the invoice as a whole; what is still owed is the lines' sum less what was paid.
 */
import { and, asc, eq, inArray, sql, type Table } from "drizzle-orm";
import { invoice, invoice_line, payment, refund } from "~drizzle/schema";
import { payableNow } from "./amount-rules";
import { INVOICE_LINE_SOURCES } from "./line-sources/index.server";
import type { Executor, SourceLine } from "./line-sources/line-source";
import type { Transaction } from "~/db/connection.server";

/** Lines that are not copied from a source: they record what staff, refunds and guests did to the invoice. */
export const BILLING_LINE_KINDS = { reversal: "reversal", comp: "comp", fee: "fee", refund: "refund" } as const;

// The first key of the two-key advisory lock that serialises invoice numbering within an event.
const INVOICE_NUMBER_LOCK = 70_140;

/** The guest's invoice at the event, made (with the event's next number) when they have none. */
export async function ensureInvoice(tx: Transaction, eventId: number, usrId: number): Promise<number> {
  const existing = await findInvoiceId(tx, eventId, usrId);
  if (existing !== null) return existing;
  await tx.execute(sql`select pg_advisory_xact_lock(${INVOICE_NUMBER_LOCK}, ${eventId})`);
  const raced = await findInvoiceId(tx, eventId, usrId);
  if (raced !== null) return raced;
  const [created] = await tx
    .insert(invoice)
    .values({
      event_id: eventId,
      usr_id: usrId,
      number: sql`(select coalesce(max(number), 1000) + 1 from invoice where event_id = ${eventId})`,
    })
    .returning({ id: invoice.invoice_id });
  return created.id;
}

async function findInvoiceId(db: Executor, eventId: number, usrId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: invoice.invoice_id })
    .from(invoice)
    .where(and(eq(invoice.event_id, eventId), eq(invoice.usr_id, usrId)));
  return row?.id ?? null;
}

/**
 * Copies new source lines onto the invoices of the guests named (every guest with something owed when omitted),
 * making invoices as needed, and reverses lines whose source row is gone. Returns the invoice ids touched.
 */
export async function syncInvoices(tx: Transaction, eventId: number, usrIds?: readonly number[]): Promise<number[]> {
  const readSources = async () => {
    const lines = new Map<string, SourceLine & { source: string }>();
    for (const source of INVOICE_LINE_SOURCES) {
      for (const line of await source.lines(tx, eventId, usrIds))
        lines.set(`${source.name}|${line.key}`, { ...line, source: source.name });
    }
    return lines;
  };
  let current = await readSources();
  const guests = new Set<number>(usrIds ?? []);
  for (const line of current.values()) guests.add(line.usrId);
  if (!usrIds) {
    const invoiced = await tx.select({ usrId: invoice.usr_id }).from(invoice).where(eq(invoice.event_id, eventId));
    for (const row of invoiced) guests.add(row.usrId);
  }
  // The invoices that exist, in one query (a query per guest made a large event's sync slow); new ones one by one.
  const existing = await tx
    .select({ usrId: invoice.usr_id, id: invoice.invoice_id })
    .from(invoice)
    .where(and(eq(invoice.event_id, eventId), usrIds ? inArray(invoice.usr_id, [...usrIds]) : undefined));
  const invoiceIds = new Map<number, number>(existing.map((row) => [row.usrId, row.id]));
  const owing = new Set([...current.values()].map((line) => line.usrId));
  for (const usrId of [...guests].sort((a, b) => a - b)) {
    if (invoiceIds.has(usrId) || !owing.has(usrId)) continue;
    invoiceIds.set(usrId, await ensureInvoice(tx, eventId, usrId));
  }
  if (invoiceIds.size === 0) return [];

  // What the invoices hold already, read in one query: only lines not yet copied are inserted (re-inserting every
  // line on each sync, to be ignored as conflicts, made a large event's billing screens and reports slow).
  const scope = [...invoiceIds.values()];
  const toWrite = async () => {
    const held = await tx
      .select()
      .from(invoice_line)
      .where(and(eq(invoice_line.event_id, eventId), inArray(invoice_line.invoice_id, scope)));
    const heldKeys = new Set(held.map((line) => `${line.invoice_id}|${line.source}|${line.source_key}`));
    const newLines = [...current.values()]
      // A guest first owing since the sources were read gets an invoice at the next sync.
      .filter((line) => invoiceIds.has(line.usrId))
      .filter((line) => !heldKeys.has(`${invoiceIds.get(line.usrId)}|${line.source}|${line.key}`))
      .map((line) => ({
        invoice_id: invoiceIds.get(line.usrId)!,
        event_id: eventId,
        source: line.source,
        source_key: line.key,
        description: line.description,
        amount: line.amount,
        fair_market_value: line.fairMarketValue,
        deductible: line.deductible,
        auction_item_id: line.auctionItemId ?? null,
      }));
    // The lines just copied are all current: only those held before can have vanished.
    return [...newLines, ...reversalsOfVanished(eventId, held, current)];
  };
  const planned = await toWrite();
  // Nothing new (the common case for the screens that read figures often): no lock is taken.
  if (planned.length === 0) return scope;
  const locked = await lockInvoicesInOrder(tx, eventId, planned);
  // Read again under the locks, the sources too: while this sync waited, a payment or a comp may have changed these
  // invoices, and another sync may have billed a sale made since (which the first reading would have reversed).
  current = await readSources();
  const lines = (await toWrite()).filter((line) => locked.has(line.invoice_id));
  for (let start = 0; start < lines.length; start += 500)
    await tx
      .insert(invoice_line)
      .values(lines.slice(start, start + 500))
      .onConflictDoNothing();
  return scope;
}

/**
 * Locks the invoices about to get lines, in id order, before any is written: a sync then waits for a payment holding
 * an invoice's lock instead of racing it, and two syncs (a guest's /invoice, the desk, the monitors' figures) take
 * their locks in one order, never deadlocking (the reconciliation test's three stations found the deadlock this
 * prevents). A sync with nothing new locks nothing, so the screens that read figures often do not hold up the desk.
 * Answers the invoices locked.
 */
async function lockInvoicesInOrder(
  tx: Transaction,
  eventId: number,
  lines: readonly { invoice_id: number }[],
): Promise<Set<number>> {
  const ids = [...new Set(lines.map((line) => line.invoice_id))];
  const rows = await tx
    .select({ id: invoice.invoice_id })
    .from(invoice)
    .where(and(eq(invoice.event_id, eventId), inArray(invoice.invoice_id, ids)))
    .orderBy(asc(invoice.invoice_id))
    .for("update");
  return new Set(rows.map((row) => row.id));
}

/** The reversing lines of held lines whose source row is gone (an undone hammer, a cancelled pledge). */
function reversalsOfVanished(
  eventId: number,
  lines: (typeof invoice_line.$inferSelect)[],
  current: Map<string, unknown>,
): (typeof invoice_line.$inferInsert & { invoice_id: number })[] {
  const sourceNames = INVOICE_LINE_SOURCES.map((source) => source.name);
  // A comp has already taken the line off the bill: reversed as well, it would be credited twice.
  const undoing: string[] = [BILLING_LINE_KINDS.reversal, BILLING_LINE_KINDS.comp];
  const reversed = new Set(lines.filter((line) => undoing.includes(line.source)).map((line) => line.reverses_line_id));
  return lines
    .filter(
      (line) =>
        sourceNames.includes(line.source) &&
        !current.has(`${line.source}|${line.source_key}`) &&
        !reversed.has(line.invoice_line_id),
    )
    .map((line) => ({
      invoice_id: line.invoice_id,
      event_id: eventId,
      source: BILLING_LINE_KINDS.reversal,
      source_key: `line:${line.invoice_line_id}`,
      description: `Removed: ${line.description}`,
      amount: -line.amount,
      fair_market_value: -line.fair_market_value,
      deductible: -line.deductible,
      auction_item_id: line.auction_item_id,
      reverses_line_id: line.invoice_line_id,
      reason: "No longer owed (the sale or pledge was undone)",
    }));
}

export interface InvoiceTotals {
  /** Sum of every line. */
  total: number;
  /** Payments that went through, less what was refunded. */
  paid: number;
  /**
   * Charges of a saved card sent to the provider and not yet answered: they hold their part of the balance, as the
   * answer comes in seconds and asking again with the same key never charges twice.
   */
  charging: number;
  /**
   * Payment pages the guest opened and has not finished: they hold nothing. Any other payment closes them first
   * (./checkout.server.ts, supersedeOpenPages), so an abandoned or declined page never locks the invoice.
   */
  openPages: number;
  /** What is still owed: total less paid (never below zero on the screen; an overpayment shows as a credit). */
  balance: number;
  deductible: number;
}

/** payableNow for one invoice, read afresh (under the invoice's lock, by the writers that take a payment). */
export async function payableOnInvoice(db: Executor, invoiceId: number): Promise<number> {
  return payableNow(await invoiceTotals(db, invoiceId));
}

/** A new payment on an invoice, by the invoice's guest; the caller says how it was taken and adds `.returning`. */
export function insertInvoicePayment(
  db: Executor,
  invoice: { eventId: number; invoiceId: number; usrId: number | null },
  values: Omit<typeof payment.$inferInsert, "event_id" | "usr_id" | "invoice_id">,
) {
  return db
    .insert(payment)
    .values({ event_id: invoice.eventId, usr_id: invoice.usrId, invoice_id: invoice.invoiceId, ...values });
}

export async function invoiceTotals(db: Executor, invoiceId: number): Promise<InvoiceTotals> {
  const [lines] = await db
    .select({
      total: sql<number>`coalesce(sum(${invoice_line.amount}), 0)::int`,
      deductible: sql<number>`coalesce(sum(${invoice_line.deductible}), 0)::int`,
    })
    .from(invoice_line)
    .where(eq(invoice_line.invoice_id, invoiceId));
  const [money] = await db
    .select({
      paid: sql<number>`coalesce(sum(${payment.amount}) filter (where ${payment.status} in ('paid', 'disputed')), 0)::int`,
      charging: sql<number>`coalesce(sum(${payment.amount}) filter (where ${payment.status} = 'pending' and ${payment.method} <> 'checkout'), 0)::int`,
      openPages: sql<number>`coalesce(sum(${payment.amount}) filter (where ${payment.status} = 'pending' and ${payment.method} = 'checkout'), 0)::int`,
    })
    .from(payment)
    .where(eq(payment.invoice_id, invoiceId));
  // Refunds give money back: they reduce what was paid (and each added a negative line, so the balance holds).
  const [refunded] = await db
    .select({ total: sql<number>`coalesce(sum(${refund.amount}), 0)::int` })
    .from(refund)
    .innerJoin(payment, eq(payment.payment_id, refund.payment_id))
    .where(and(eq(payment.invoice_id, invoiceId), eq(refund.status, "succeeded")));
  const paid = money.paid - refunded.total;
  return {
    total: lines.total,
    deductible: Math.max(0, lines.deductible),
    paid,
    charging: money.charging,
    openPages: money.openPages,
    balance: lines.total - paid,
  };
}

/**
 * The balance invoiceTotals gives, as one SQL expression of an invoice's id column, so a list of invoices is read in
 * one statement rather than one query each: its lines, less what was paid, plus what was refunded. The column is
 * named with its table (Drizzle leaves a lone table's columns bare, which a subquery would take for its own).
 */
export const invoiceBalanceOf = (table: Table, idColumn: string) => {
  const invoiceId = sql`${table}.${sql.identifier(idColumn)}`;
  return sql<number>`(
  coalesce((select sum(l.amount) from invoice_line l where l.invoice_id = ${invoiceId}), 0)
  - coalesce((select sum(p.amount) from payment p where p.invoice_id = ${invoiceId} and p.status in ('paid', 'disputed')), 0)
  + coalesce((select sum(r.amount) from refund r join payment p on p.payment_id = r.payment_id
      where p.invoice_id = ${invoiceId} and r.status = 'succeeded'), 0))::int`;
};

/** Takes the invoice's row lock: every change to what a guest owes or pays goes through it, one at a time. */
export async function lockInvoice(tx: Transaction, eventId: number, invoiceId: number) {
  const [row] = await tx
    .select()
    .from(invoice)
    .where(and(eq(invoice.event_id, eventId), eq(invoice.invoice_id, invoiceId)))
    .for("update");
  return row ?? null;
}

export async function invoiceLines(db: Executor, invoiceId: number) {
  return db
    .select()
    .from(invoice_line)
    .where(eq(invoice_line.invoice_id, invoiceId))
    .orderBy(asc(invoice_line.invoice_line_id));
}
