/**
 * A reply from a phone, sent from /dev/mailbox's texts: the demo's text gateway posts it to the app's inbound webhook
 * as Twilio would (signed with the sandbox account's token), so STOP and START go through the same code as a real
 * phone's. The reply and the gateway's own answer are kept in the mailbox beside the texts, as the phone would see them.
 */
import { config } from "~/config.server";
import { keepTextInDevelopmentMailbox } from "~/mail/development-mailbox.server";
import { messageOrigin } from "~/messages/links.server";
import { runningSandbox, SANDBOX_TWILIO } from "~/sandbox/switch.server";
import { postInboundText } from "./twilio";

export const PHONE_REPLY_WORDS = ["STOP", "START", "HELP"] as const;
export type PhoneReplyWord = (typeof PHONE_REPLY_WORDS)[number];

/** What Twilio itself texts back on a standard number to STOP and START (Gavel stays quiet for those). */
const CARRIER_ANSWERS: Partial<Record<PhoneReplyWord, string>> = {
  STOP: "You have successfully been unsubscribed. You will not receive any more messages from this number. Reply START to resubscribe.",
  START:
    "You have successfully been re-subscribed to messages from this number. Reply HELP for help. Reply STOP to unsubscribe.",
};

/** Posts the phone's reply; false when the sandbox is not running or the app refused the post. */
export async function replyFromPhone(phone: string, word: PhoneReplyWord): Promise<boolean> {
  if (!runningSandbox()) return false;
  keepTextInDevelopmentMailbox({ from: phone, to: SANDBOX_TWILIO.from, body: word });
  const path = "/webhooks/twilio/sms";
  const answer = await postInboundText({
    webhookUrl: `${messageOrigin()}${path}`,
    deliverTo: `http://127.0.0.1:${config.PORT}${path}`,
    accountSid: SANDBOX_TWILIO.accountSid,
    authToken: SANDBOX_TWILIO.authToken,
    from: phone,
    to: SANDBOX_TWILIO.from,
    body: word,
  });
  if (!answer.ok) return false;
  const reply = /<Message>([\s\S]*?)<\/Message>/.exec(await answer.text())?.[1] ?? CARRIER_ANSWERS[word];
  if (reply) keepTextInDevelopmentMailbox({ from: SANDBOX_TWILIO.from, to: phone, body: unescapeXml(reply) });
  return true;
}

const unescapeXml = (text: string) => text.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
