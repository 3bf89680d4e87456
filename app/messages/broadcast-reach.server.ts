/**
 * Who of a send's audience will really get it, decided as the outbox worker decides it (worker.server.ts) but for the
 * whole audience in one query: the address the worker would use (a guest with an account: the account's; else what
 * they registered with), consent to texts for the event, a STOP to the number the texts come from. The preview and
 * the send both use it, so the number the preview shows is the number of messages written.
 */
import { sql } from "drizzle-orm";
import { selectRows } from "~/db/rows.server";
import { toE164 } from "./phone";
import type { EventMessaging } from "./message-context.server";
import type { Database } from "~/db/connection.server";

/** One person of a send's audience (a guest registered twice is one). */
export interface Recipient {
  usrId: number | null;
  name: string;
  firstName: string;
  email: string | null;
  phone: string | null;
}

export const SKIP_REASONS = {
  no_email: "no email address",
  no_phone: "no mobile number",
  no_consent: "no consent to texts",
  opted_out: "opted out (replied STOP)",
  texting_off: "texting is off",
} as const;
export type SkipReason = keyof typeof SKIP_REASONS;
const REASON_ORDER = Object.keys(SKIP_REASONS) as SkipReason[];

export interface SkippedRecipient {
  name: string;
  reason: SkipReason;
}

export interface BroadcastReach {
  receiving: Recipient[];
  skipped: SkippedRecipient[];
}

export async function broadcastReach(
  db: Database,
  messaging: EventMessaging,
  channel: "email" | "text",
  recipients: Recipient[],
): Promise<BroadcastReach> {
  const usrIds = recipients.flatMap((recipient) => (recipient.usrId === null ? [] : [recipient.usrId]));
  const accounts =
    usrIds.length === 0
      ? []
      : await selectRows<{ usr_id: number; email: string | null; phone: string | null; consent: boolean | null }>(
          db,
          sql`select u.usr_id, u.email_address as email, u.phone, p.text_consent as consent
          from usr u left join message_preference p on p.usr_id = u.usr_id and p.event_id = ${messaging.eventId}
          where u.usr_id = any(${`{${usrIds.join(",")}}`}::int[])`,
        );
  const accountOf = new Map(accounts.map((account) => [account.usr_id, account]));
  const { accountSid, from } = messaging.twilio;
  const stopped =
    channel === "text" && accountSid && from
      ? new Set(
          (
            await selectRows<{ phone: string }>(
              db,
              sql`select phone from text_opt_out
              where twilio_account_sid = ${accountSid} and from_number = ${from} and opted_out`,
            )
          ).map((row) => row.phone),
        )
      : new Set<string>();
  const textingOn = Boolean(accountSid && from && messaging.twilio.authTokenEncrypted);

  const reach: BroadcastReach = { receiving: [], skipped: [] };
  for (const recipient of recipients) {
    const account = recipient.usrId === null ? null : accountOf.get(recipient.usrId);
    const reason = skipReason(channel, textingOn, stopped, {
      email: account ? account.email : recipient.email,
      phone: toE164(account ? account.phone : recipient.phone),
      consent: account?.consent === true,
    });
    if (reason) reach.skipped.push({ name: recipient.name || recipient.email || recipient.phone || "A guest", reason });
    else reach.receiving.push(recipient);
  }
  return reach;
}

function skipReason(
  channel: "email" | "text",
  textingOn: boolean,
  stopped: Set<string>,
  addressee: { email: string | null; phone: string | null; consent: boolean },
): SkipReason | null {
  if (channel === "email") return addressee.email ? null : "no_email";
  if (!textingOn) return "texting_off";
  if (!addressee.phone) return "no_phone";
  if (!addressee.consent) return "no_consent";
  if (stopped.has(addressee.phone)) return "opted_out";
  return null;
}

/** "no consent to texts (61), no mobile number (2)": each reason with how many, the most common first. */
export function skippedSummary(skipped: SkippedRecipient[]): { reason: string; count: number }[] {
  const counts = new Map<SkipReason, number>();
  for (const one of skipped) counts.set(one.reason, (counts.get(one.reason) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || REASON_ORDER.indexOf(a[0]) - REASON_ORDER.indexOf(b[0]))
    .map(([reason, count]) => ({ reason: SKIP_REASONS[reason], count }));
}
