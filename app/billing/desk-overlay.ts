/**
 * What the cash desk has taken that the server has not confirmed yet (entries of its queue, app/stations/): cash and
 * checks by invoice, so the desk shows each balance less them and a guest is not asked twice; pickups by payment.
 * Client-safe and pure.
 */
import { parseForm } from "~/forms/form-contract";
import { cashSchema, receivedSchema, WINNERS_INTENT } from "./checkout-forms";

const taken = cashSchema.pick({ invoice: true, amount: true });

export function waitingByInvoice(entries: { intent: string; fields: [string, string][] }[]): Map<number, number> {
  const byInvoice = new Map<number, number>();
  for (const entry of entries) {
    if (entry.intent !== WINNERS_INTENT.cash && entry.intent !== WINNERS_INTENT.check) continue;
    const paid = parseForm(new URLSearchParams(entry.fields), taken);
    if (paid.status !== "success" || !paid.value.amount) continue;
    byInvoice.set(paid.value.invoice, (byInvoice.get(paid.value.invoice) ?? 0) + paid.value.amount);
  }
  return byInvoice;
}

/** The pickups the desk marked (or undid) that the server has not confirmed yet: the latest for each payment. */
export function pickupsTaken(entries: { intent: string; fields: [string, string][] }[]): Map<number, boolean> {
  const byPayment = new Map<number, boolean>();
  for (const entry of entries) {
    if (entry.intent !== WINNERS_INTENT.received) continue;
    const marked = parseForm(new URLSearchParams(entry.fields), receivedSchema);
    if (marked.status === "success") byPayment.set(marked.value.payment, marked.value.received === "yes");
  }
  return byPayment;
}
