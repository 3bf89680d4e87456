/**
 * "Charge all cards on file" at the end of the night. A run lists every guest who owes and has a card, then charges
 * them one by one, recording each result. Pressing the button again while a run is unfinished resumes that run
 * (after a crash, or from another screen); a guest already charged owes nothing any more, and a charge cut off
 * halfway is finished with its stored idempotency key (charges.server.ts), so nobody is charged twice.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { card_on_file, charge_run, charge_run_guest, invoice } from "~drizzle/schema";
import { chargeCardOnFile, ProviderDidNotAnswerError } from "./charges.server";
import { invoiceBalanceOf, syncInvoices } from "./invoice.server";
import type { Executor } from "./line-sources/line-source";

/** A run without a heartbeat for this long is taken to have stopped (its process died). */
const STALE_AFTER_MS = 60_000;

/** Starts a run, or answers the unfinished one. */
export async function startChargeAll(eventId: number, byUsrId: number): Promise<{ runId: number; resumed: boolean }> {
  return db.transaction(async (tx) => {
    // One run at a time per event: the event's unfinished runs are read under a lock on the event's run rows.
    await tx.execute(sql`select pg_advisory_xact_lock(70141, ${eventId})`);
    const [open] = await tx
      .select({ id: charge_run.charge_run_id })
      .from(charge_run)
      .where(and(eq(charge_run.event_id, eventId), isNull(charge_run.finished_at)))
      .orderBy(desc(charge_run.charge_run_id))
      .limit(1);
    if (open) return { runId: open.id, resumed: true };
    await syncInvoices(tx, eventId);
    const owing = (await owingWithCards(tx, eventId)).map((guest) => guest.invoiceId);
    const [run] = await tx
      .insert(charge_run)
      .values({ event_id: eventId, started_by_usr_id: byUsrId })
      .returning({ id: charge_run.charge_run_id });
    if (owing.length > 0)
      await tx
        .insert(charge_run_guest)
        .values(owing.map((invoiceId) => ({ charge_run_id: run.id, invoice_id: invoiceId })));
    else await tx.update(charge_run).set({ finished_at: new Date() }).where(eq(charge_run.charge_run_id, run.id));
    return { runId: run.id, resumed: false };
  });
}

/** Who a new run charges: every guest of the event with a card on file who owes, by invoice number, with balance. */
async function owingWithCards(executor: Executor, eventId: number) {
  const balance = invoiceBalanceOf(invoice, "invoice_id");
  return executor
    .select({ invoiceId: invoice.invoice_id, balance })
    .from(invoice)
    .innerJoin(card_on_file, and(eq(card_on_file.event_id, invoice.event_id), eq(card_on_file.usr_id, invoice.usr_id)))
    .where(and(eq(invoice.event_id, eventId), sql`${balance} > 0`))
    .orderBy(asc(invoice.number));
}

/** What pressing "Charge all cards on file" would do now, for the confirmation that asks first. */
export interface ChargeAllPreview {
  /** Whether it resumes the unfinished run (its guests not charged yet) rather than starting one. */
  resumes: boolean;
  /** The guests it would charge. */
  guests: number;
  /** What they owe in all, in minor units: what their cards would be charged. */
  amount: number;
}

/**
 * The guests a press would charge and what they owe in all: those of the unfinished run not charged yet, or else
 * those a new run would list (startChargeAll). Reads only: the caller brings the invoices up to date first (the
 * winners screen does), as a new run does.
 */
export async function chargeAllPreview(eventId: number): Promise<ChargeAllPreview> {
  const [open] = await db
    .select({ id: charge_run.charge_run_id })
    .from(charge_run)
    .where(and(eq(charge_run.event_id, eventId), isNull(charge_run.finished_at)))
    .orderBy(desc(charge_run.charge_run_id))
    .limit(1);
  if (!open) {
    const owing = await owingWithCards(db, eventId);
    return { resumes: false, guests: owing.length, amount: owing.reduce((sum, guest) => sum + guest.balance, 0) };
  }
  const left = await db
    .select({ balance: invoiceBalanceOf(charge_run_guest, "invoice_id") })
    .from(charge_run_guest)
    .where(
      and(
        eq(charge_run_guest.charge_run_id, open.id),
        inArray(charge_run_guest.status, ["waiting", "charging", "unknown"]),
      ),
    );
  const amount = left.reduce((sum, guest) => sum + Math.max(0, guest.balance), 0);
  return { resumes: true, guests: left.length, amount };
}

/**
 * Starts a run, or resumes the unfinished one: its charges run on after the caller answers (the page follows their
 * progress), and a run whose worker died is taken up again. Answers whether it resumed one.
 */
export async function chargeAllCards(eventId: number, byUsrId: number): Promise<{ resumed: boolean }> {
  const { runId, resumed } = await startChargeAll(eventId, byUsrId);
  if (!resumed || (await runIsIdle(eventId, runId)))
    void processChargeRun(eventId, runId).catch((error: unknown) => console.error("Charge all stopped:", error));
  return { resumed };
}

/** Whether nobody is working on the run now (never started, or its worker stopped beating). */
export async function runIsIdle(eventId: number, runId: number): Promise<boolean> {
  const [run] = await db
    .select({ heartbeat: charge_run.heartbeat_at, finished: charge_run.finished_at, started: charge_run.started_at })
    .from(charge_run)
    .where(and(eq(charge_run.event_id, eventId), eq(charge_run.charge_run_id, runId)));
  if (!run || run.finished) return false;
  const working = await db
    .select({ id: charge_run_guest.charge_run_guest_id })
    .from(charge_run_guest)
    .where(and(eq(charge_run_guest.charge_run_id, runId), eq(charge_run_guest.status, "charging")))
    .limit(1);
  return working.length === 0 || Date.now() - run.heartbeat.getTime() > STALE_AFTER_MS;
}

const MESSAGES = {
  paid: null,
  nothing_owed: "Nothing owed (already paid)",
  no_card: "No card on file",
} as const;

/**
 * Charges the run's guests still waiting (and those a stopped worker left "charging"). Two workers on one run
 * are harmless: each guest's charge is one charge however often it is asked for.
 */
export async function processChargeRun(eventId: number, runId: number) {
  const todo = await db
    .select({ id: charge_run_guest.charge_run_guest_id, invoiceId: charge_run_guest.invoice_id })
    .from(charge_run_guest)
    .innerJoin(charge_run, eq(charge_run.charge_run_id, charge_run_guest.charge_run_id))
    .where(
      and(
        eq(charge_run.event_id, eventId),
        eq(charge_run_guest.charge_run_id, runId),
        inArray(charge_run_guest.status, ["waiting", "charging", "unknown"]),
      ),
    )
    .orderBy(asc(charge_run_guest.charge_run_guest_id));
  for (const guest of todo) {
    await db
      .update(charge_run_guest)
      .set({ status: "charging" })
      .where(eq(charge_run_guest.charge_run_guest_id, guest.id));
    await db.update(charge_run).set({ heartbeat_at: new Date() }).where(eq(charge_run.charge_run_id, runId));
    let status: string;
    let message: string | null = null;
    let amount: number | null = null;
    let paymentId: number | null = null;
    try {
      const result = await chargeCardOnFile(eventId, guest.invoiceId, { byUsrId: null });
      status = result.status === "paid" ? "charged" : result.status;
      if (result.status === "paid" || result.status === "declined" || result.status === "requires_authentication") {
        amount = result.amount;
        paymentId = result.paymentId;
      }
      message = "message" in result ? result.message : (MESSAGES[result.status as keyof typeof MESSAGES] ?? null);
    } catch (error) {
      // Not known whether the card was charged: the guest stays in the run, and a resume asks again with the key.
      status = "unknown";
      message = error instanceof ProviderDidNotAnswerError ? error.message : "Something went wrong; resume to retry.";
    }
    await db
      .update(charge_run_guest)
      .set({ status, message, amount, payment_id: paymentId })
      .where(eq(charge_run_guest.charge_run_guest_id, guest.id));
  }
  const [left] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(charge_run_guest)
    .where(
      and(
        eq(charge_run_guest.charge_run_id, runId),
        inArray(charge_run_guest.status, ["waiting", "charging", "unknown"]),
      ),
    );
  if (left.count === 0)
    await db
      .update(charge_run)
      .set({ finished_at: new Date(), heartbeat_at: new Date() })
      .where(and(eq(charge_run.charge_run_id, runId), isNull(charge_run.finished_at)));
}

export interface ChargeRunProgress {
  runId: number;
  finished: boolean;
  total: number;
  done: number;
  guests: Array<{ invoiceId: number; status: string; amount: number | null; message: string | null }>;
}

/** The latest run of the event, for the progress bar and the per-guest results. */
export async function latestChargeRun(eventId: number): Promise<ChargeRunProgress | null> {
  const [run] = await db
    .select()
    .from(charge_run)
    .where(eq(charge_run.event_id, eventId))
    .orderBy(desc(charge_run.charge_run_id))
    .limit(1);
  if (!run) return null;
  const guests = await db
    .select({
      invoiceId: charge_run_guest.invoice_id,
      status: charge_run_guest.status,
      amount: charge_run_guest.amount,
      message: charge_run_guest.message,
    })
    .from(charge_run_guest)
    .where(eq(charge_run_guest.charge_run_id, run.charge_run_id))
    .orderBy(asc(charge_run_guest.charge_run_guest_id));
  return {
    runId: run.charge_run_id,
    finished: run.finished_at !== null,
    total: guests.length,
    done: guests.filter((guest) => !["waiting", "charging", "unknown"].includes(guest.status)).length,
    guests,
  };
}
