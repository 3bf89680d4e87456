/** A bidder's messaging choices for an event (message_preference) and the mobile number on their account. */
import { and, eq } from "drizzle-orm";
import { message_preference, message_settings, usr } from "~drizzle/schema";
import { toE164 } from "./phone";
import type { OutbidChannel } from "./preference-form";
import type { Database } from "~/db/connection.server";

export interface MessagePreference {
  outbid_channel: OutbidChannel;
  text_consent: boolean;
  phone: string;
  /** The event can text (it has a Twilio account and number); without it the page says texting is off. */
  textingAvailable: boolean;
}

export async function loadMessagePreference(db: Database, usrId: number, eventId: number): Promise<MessagePreference> {
  const [[choice], [person], [settings]] = await Promise.all([
    db
      .select({ channel: message_preference.outbid_channel, consent: message_preference.text_consent })
      .from(message_preference)
      .where(and(eq(message_preference.usr_id, usrId), eq(message_preference.event_id, eventId))),
    db.select({ phone: usr.phone }).from(usr).where(eq(usr.usr_id, usrId)),
    db
      .select({ sid: message_settings.twilio_account_sid, from: message_settings.twilio_from_number })
      .from(message_settings)
      .where(eq(message_settings.event_id, eventId)),
  ]);
  return {
    outbid_channel: (choice?.channel as OutbidChannel | undefined) ?? "email",
    text_consent: choice?.consent ?? false,
    phone: person?.phone ?? "",
    textingAvailable: Boolean(settings?.sid && settings.from),
  };
}

export async function saveMessagePreference(
  db: Database,
  usrId: number,
  eventId: number,
  choice: { outbid_channel: OutbidChannel; phone: string | null; text_consent: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (choice.phone)
      await tx
        .update(usr)
        .set({ phone: toE164(choice.phone) })
        .where(eq(usr.usr_id, usrId));
    await tx
      .insert(message_preference)
      .values({
        usr_id: usrId,
        event_id: eventId,
        outbid_channel: choice.outbid_channel,
        text_consent: choice.text_consent,
      })
      .onConflictDoUpdate({
        target: [message_preference.usr_id, message_preference.event_id],
        set: { outbid_channel: choice.outbid_channel, text_consent: choice.text_consent, updated_at: new Date() },
      });
  });
}
