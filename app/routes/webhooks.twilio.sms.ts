/** Twilio posts replies to our texts here (STOP, START, HELP): see app/messages/inbound-text.server.ts. */
import { type ActionFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { readPostedForm } from "~/forms/posted-form.server";
import { handleInboundText, twimlReply } from "~/messages/inbound-text.server";
import { messageOrigin } from "~/messages/links.server";

export async function action({ request }: ActionFunctionArgs) {
  const form = await readPostedForm(request);
  const params = Object.fromEntries([...form.entries()].map(([key, value]) => [key, String(value)]));
  const url = new URL(request.url);
  // Twilio signs the address it was given: the public one shown on /admin/setup/texting.
  const answer = await handleInboundText(db, {
    url: `${messageOrigin()}${url.pathname}${url.search}`,
    signature: request.headers.get("X-Twilio-Signature"),
    params,
  });
  if (answer.status === 403) return new Response("The request is not signed by Twilio.", { status: 403 });
  return new Response(twimlReply(answer.reply), { headers: { "Content-Type": "text/xml" } });
}
