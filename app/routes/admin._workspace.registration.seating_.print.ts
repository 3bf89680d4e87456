import { requireEventPermission } from "~/auth/access.server";
import { printEvent } from "~/catalogue/print-items.server";
import { db } from "~/db.server";
import { arrangeSeating } from "~/registration/seating";
import { placeCardsPdf, seatingChartPdf } from "~/registration/seating-print.server";
import { loadSeating } from "~/registration/seating.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * /admin/registration/seating/print?kind=chart|cards: the seating chart (tables, then guests A to Z with their
 * table, for the door) or the place cards, as a PDF download (can_register).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_register");
  const kind = new URL(request.url).searchParams.get("kind");
  if (kind !== "chart" && kind !== "cards")
    throw new Response("Say what to print: ?kind=chart or ?kind=cards.", { status: 400 });
  const [eventRow, seating] = await Promise.all([printEvent(eventId), loadSeating(db, eventId)]);
  const view = arrangeSeating(seating.tables, seating.guests);
  const pdf =
    kind === "chart" ? await seatingChartPdf(eventRow, view, seating.guests) : await placeCardsPdf(eventRow, view);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${kind === "chart" ? "seating-chart" : "place-cards"}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
