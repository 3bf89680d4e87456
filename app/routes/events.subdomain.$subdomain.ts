import { eventIdBySubdomain } from "~/events/events.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

/** GET /events/subdomain/{subdomain}: `{ event_id }`, or 404 `{ error }` when no event uses it. */
export async function loader({ params }: LoaderFunctionArgs) {
  const subdomain = params.subdomain ?? "";
  const eventId = /^[a-z0-9-]{1,63}$/i.test(subdomain) ? await eventIdBySubdomain(subdomain) : undefined;
  if (eventId === undefined) {
    return Response.json({ error: `No event uses the subdomain "${subdomain}".` }, { status: 404 });
  }
  return Response.json({ event_id: eventId });
}
