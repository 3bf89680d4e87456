/** A test message to oneself from the setup screens, through the outbox like any other. */
import { randomUUID } from "node:crypto";
import { db } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { enqueueMessage } from "./outbox.server";
import { toE164 } from "./phone";
import { assertWithinSendingLimit } from "./sending-limits.server";

export async function sendTestMessage(
  eventId: number,
  usrId: number,
  request: { channel: "email" | "text"; phone: string | null },
): Promise<string> {
  const phone = toE164(request.phone);
  if (request.channel === "text" && !phone) throw new Refusal("Enter the mobile number to text.", "phone");
  await db.transaction(async (tx) => {
    await assertWithinSendingLimit(tx, { eventId, usrId, adding: 1, test: true });
    await enqueueMessage(tx, {
      event_id: eventId,
      template: "test",
      channel: request.channel,
      to: request.channel === "text" ? { phone: phone! } : { usr_id: usrId },
      idempotency_key: `test:${eventId}:${usrId}:${randomUUID()}`,
      sent_by_usr_id: usrId,
    });
  });
  return request.channel === "text" ? `A test text is on its way to ${phone}.` : "A test email is on its way to you.";
}
