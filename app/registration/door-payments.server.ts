/**
 * The door takes what a party registered to pay at the event: cash, or a check with its number. One conditional
 * update moves the order from pending to paid (its tickets with it), so two stations pressing at once take it once:
 * the second is told it was already paid.
 */
import { and, eq } from "drizzle-orm";
import { publish } from "~/realtime/bus.server";
import { payment, ticket_payment } from "~drizzle/schema";
import { registrationTopic } from "./registration-topic";
import type { Database } from "~/db/connection.server";

export type DoorPaymentResult =
  { taken: true; amount: number } | { taken: false; reason: "already_paid" | "not_found" | "check_number" };

export async function takeDoorPayment(
  db: Database,
  input: { eventId: number; paymentId: number; method: "cash" | "check"; checkNumber: string | null; byUsrId: number },
): Promise<DoorPaymentResult> {
  const checkNumber = input.checkNumber?.trim() || null;
  if (input.method === "check" && !checkNumber) return { taken: false, reason: "check_number" };
  return db.transaction(async (tx) => {
    const [paid] = await tx
      .update(payment)
      .set({
        status: "paid",
        method: input.method,
        check_number: input.method === "check" ? checkNumber : null,
        taken_by_usr_id: input.byUsrId,
      })
      .where(
        and(
          eq(payment.payment_id, input.paymentId),
          eq(payment.event_id, input.eventId),
          eq(payment.method, "pay_at_event"),
          eq(payment.status, "pending"),
        ),
      )
      .returning({ amount: payment.amount });
    if (!paid) {
      const [found] = await tx
        .select({ id: payment.payment_id })
        .from(payment)
        .where(and(eq(payment.payment_id, input.paymentId), eq(payment.event_id, input.eventId)));
      return { taken: false, reason: found ? "already_paid" : "not_found" };
    }
    await tx
      .update(ticket_payment)
      .set({ status: "paid" })
      .where(and(eq(ticket_payment.payment_id, input.paymentId), eq(ticket_payment.status, "pending")));
    await publish(tx, { topic: registrationTopic(input.eventId), type: "paid", data: {} });
    return { taken: true, amount: paid.amount };
  });
}
