import { receiveWebhook } from "~/billing/webhooks.server";
import { readRowId } from "~/db/row-id";
import { WebhookSignatureError } from "~/payments/provider";
import type { ActionFunctionArgs } from "@remix-run/node";

/**
 * POST /billing/stripe-webhook/:eventId: Stripe's events for one event's account, checked by signature and applied
 * once (app/billing/webhooks.server.ts). A bad signature is a 400, so Stripe shows the failure in its dashboard.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  // Bounded to the integer column: an id past 2^31 is no event, not a failed query.
  const eventId = readRowId(params.eventId);
  if (eventId === null) return new Response("Unknown event", { status: 404 });
  const signature = request.headers.get("stripe-signature");
  if (!signature) return new Response("Missing Stripe-Signature", { status: 400 });
  try {
    const answer = await receiveWebhook(eventId, await request.text(), signature);
    return new Response(answer, { status: 200 });
  } catch (error) {
    if (error instanceof WebhookSignatureError) return new Response(error.message, { status: 400 });
    throw error;
  }
}
