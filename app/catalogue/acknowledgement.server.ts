/**
 * A donor's thank-you acknowledgement (email_page): the items they gave to the event and their values, sent by
 * email through the mail module or downloaded as a PDF letter.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { clientOfEvent } from "~/events/client-of-event.server";
import { enqueueMessage } from "~/messages/outbox.server";
import { assertWithinSendingLimit } from "~/messages/sending-limits.server";
import { formatMoney, fullName } from "~/ui/format";
import { auction_item, donor, inventory } from "~drizzle/schema";
import type { AcknowledgementGift } from "./print.server";

export type DonorContact = {
  donor_id: number;
  name: string;
  email: string | null;
};

/** The organisation's donor, or null when there is no such donor (or it is another organisation's). */
export async function donorOfEvent(eventId: number, donorId: number): Promise<DonorContact | null> {
  const clientId = await clientOfEvent(eventId);
  const [row] = await db
    .select()
    .from(donor)
    .where(and(eq(donor.donor_id, donorId), eq(donor.client_id, clientId)));
  if (!row) return null;
  const person = fullName(row.first_name, row.last_name);
  return {
    donor_id: row.donor_id,
    name: person || row.title || row.email || `Donor ${row.donor_id}`,
    email: row.email,
  };
}

/**
 * What the donor gave to this event: their inventory items, and their auction items that bundle no inventory
 * (a package's value is its inventory's, which is listed already).
 */
export async function donorGifts(eventId: number, donorId: number): Promise<AcknowledgementGift[]> {
  const [stock, items] = [
    await db
      .select({ title: inventory.title, value: inventory.value })
      .from(inventory)
      .where(and(eq(inventory.event_id, eventId), eq(inventory.donor_id, donorId)))
      .orderBy(asc(inventory.title)),
    await db
      .select({ title: auction_item.title, value: auction_item.value })
      .from(auction_item)
      .where(
        and(
          eq(auction_item.event_id, eventId),
          eq(auction_item.xinv_donor_id, donorId),
          sql`not exists (select 1 from inventory where inventory.auction_item_id = auction_item.auction_item_id)`,
        ),
      )
      .orderBy(asc(auction_item.title)),
  ];
  return [...stock, ...items];
}

export function defaultAcknowledgement(donorName: string, eventTitle: string, organisation: string) {
  return {
    subject: `Thank you for your gift to ${eventTitle}`,
    message:
      `Dear ${donorName},\n\n` +
      `Thank you for your generous gift to ${eventTitle}. Your support makes a real difference to our work, ` +
      `and our guests were delighted by it.\n\n` +
      `Please keep this letter for your records.\n\n` +
      `With our warm thanks,\n${organisation}`,
  };
}

/**
 * Sends the donor their thank-you through the outbox (docs/decisions/023-messages-outbox.md), in the event's branding,
 * with the list of their gifts and its total: mail a team member writes, so it counts towards their hourly limit (a
 * Refusal past it).
 */
export async function sendAcknowledgement(
  eventId: number,
  sentByUsrId: number,
  to: string,
  {
    subject,
    message: letter,
    gifts,
    currency,
    totalLabel = "Total fair market value",
  }: { subject: string; message: string; gifts: AcknowledgementGift[]; currency: string; totalLabel?: string },
): Promise<void> {
  const money = (cents: number | null) => (cents === null ? "value not stated" : formatMoney(cents, currency));
  const total = gifts.reduce((sum, gift) => sum + (gift.value ?? 0), 0);
  const giftList = ["Your gifts:", ...gifts.map((gift) => `${gift.title}: ${money(gift.value)}`)].join("\n");
  const body = [letter.trim(), giftList, `${totalLabel}: ${money(total)}`].join("\n\n");
  await db.transaction(async (tx) => {
    await assertWithinSendingLimit(tx, { eventId, usrId: sentByUsrId, adding: 1 });
    await enqueueMessage(tx, {
      event_id: eventId,
      template: "broadcast",
      channel: "email",
      to: { email: to },
      data: { subject, message: body },
      idempotency_key: `acknowledgement:${eventId}:${randomUUID()}`,
      sent_by_usr_id: sentByUsrId,
    });
  });
}
