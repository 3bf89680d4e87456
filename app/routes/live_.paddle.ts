import { requireEventPermission } from "~/auth/access.server";
import { paddleHolder } from "~/billing/paddle-holders.server";
import { db } from "~/db.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * /live/paddle?paddle=142: the guest holding a paddle, as the clerk types it (the console's lookup).
 * Answers { paddle, name } or { paddle, name: null } when no guest has it. can_control_event, as the console.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_control_event");
  const text = new URL(request.url).searchParams.get("paddle") ?? "";
  if (!/^\d{1,7}$/.test(text)) return Response.json({ paddle: null, name: null });
  const holder = await paddleHolder(db, eventId, Number(text));
  return Response.json({ paddle: Number(text), name: holder?.name ?? null });
}
