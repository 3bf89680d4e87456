/**
 * Whether a guest has paid for a row billed on their invoice (a paddle-raise pledge, a gift on the bill): undoing a row paid for would turn
 * their money into credit, so it is refunded in billing instead. The invoice is locked, as payments lock it, for the
 * rest of the caller's transaction: a payment taken meanwhile is seen here, and one after it waits.
 */
import { and, eq, isNotNull, notInArray } from "drizzle-orm";
import { invoice_line } from "~drizzle/schema";
import { invoiceTotals, lockInvoice, syncInvoices } from "./invoice.server";
import type { Transaction } from "~/db/connection.server";

export async function paidForOnTheBill(
  tx: Transaction,
  eventId: number,
  line: { source: string; key: string },
): Promise<boolean> {
  const reversed = tx
    .select({ id: invoice_line.reverses_line_id })
    .from(invoice_line)
    .where(and(eq(invoice_line.event_id, eventId), isNotNull(invoice_line.reverses_line_id)));
  const [billed] = await tx
    .select({ invoiceId: invoice_line.invoice_id, amount: invoice_line.amount })
    .from(invoice_line)
    .where(
      and(
        eq(invoice_line.event_id, eventId),
        eq(invoice_line.source, line.source),
        eq(invoice_line.source_key, line.key),
        notInArray(invoice_line.invoice_line_id, reversed),
      ),
    )
    .limit(1);
  if (!billed) return false;
  const held = await lockInvoice(tx, eventId, billed.invoiceId);
  if (!held) return false;
  // Brought up to date first: another row undone since the last sync (a pledge cancelled a moment ago) still counts
  // in the total until its line is reversed.
  await syncInvoices(tx, eventId, [held.usr_id]);
  const totals = await invoiceTotals(tx, billed.invoiceId);
  // What was paid is more than the bill would be without this row: some of the money paid for it.
  return totals.paid > totals.total - billed.amount;
}
