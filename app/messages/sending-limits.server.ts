/**
 * Limits on mail and texts that team members send themselves (a send to guests, a test send), per event, per sender,
 * per hour: a hijacked or careless account cannot turn the platform into a way to mail strangers in bulk. Automatic
 * messages (outbid, won, receipts) are not counted: the bidding and billing rules already bound them.
 */
import { and, count, eq, gt } from "drizzle-orm";
import { Refusal } from "~/forms/refusal";
import { message } from "~drizzle/schema";
import type { Database, Transaction } from "~/db/connection.server";

/** Messages one team member may send at one event in an hour: a gala's whole guest list, twice, by both channels. */
export const MESSAGES_PER_SENDER_PER_HOUR = 2_000;
/** Test sends to oneself in an hour. */
export const TESTS_PER_SENDER_PER_HOUR = 10;

export async function assertWithinSendingLimit(
  tx: Database | Transaction,
  input: { eventId: number; usrId: number; adding: number; test?: boolean; now?: Date },
): Promise<void> {
  const since = new Date((input.now ?? new Date()).getTime() - 60 * 60_000);
  const [sent] = await tx
    .select({ n: count() })
    .from(message)
    .where(
      and(
        eq(message.event_id, input.eventId),
        eq(message.sent_by_usr_id, input.usrId),
        gt(message.created_at, since),
        ...(input.test ? [eq(message.template, "test")] : []),
      ),
    );
  const limit = input.test ? TESTS_PER_SENDER_PER_HOUR : MESSAGES_PER_SENDER_PER_HOUR;
  if (sent.n + input.adding > limit) {
    throw new Refusal(
      input.test
        ? `You have sent ${sent.n} test messages in the last hour; the limit is ${limit}. Try again later.`
        : `This would make ${sent.n + input.adding} messages from you in the last hour; the limit is ${limit} per hour at one event. Send to fewer guests, or wait.`,
    );
  }
}
