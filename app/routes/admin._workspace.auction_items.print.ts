import { z } from "zod";
import { requireEventPermission } from "~/auth/access.server";
import { acknowledgementSchema } from "~/catalogue/acknowledgement-form";
import { donorGifts, donorOfEvent } from "~/catalogue/acknowledgement.server";
import { ITEM_TYPES } from "~/catalogue/item-rules";
import { printEvent, printItems } from "~/catalogue/print-items.server";
import { acknowledgementPdf, bidSheetsPdf, itemCardsPdf } from "~/catalogue/print.server";
import { eventSettings } from "~/events/event-settings.server";
import { readPostedForm } from "~/forms/posted-form.server";
import { rowId } from "~/forms/rules";
import { publicOrigin } from "~/security/request.server";
import { formatInZone } from "~/ui/zoned-time";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

/**
 * /admin/auction_items/print: the catalogue's PDFs (decision 012). GET `?kind=sheets|cards`, optionally
 * `&type=silent|live|virtual|sale` and `&item=<id>` (repeated): bid sheets or item cards. POST (from the email
 * page) `donor`, `message`: a donor's thank-you letter.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  const params = new URL(request.url).searchParams;
  const query = z
    .object({
      kind: z.enum(["sheets", "cards"]),
      type: z.enum(ITEM_TYPES).optional(),
      item: z.array(rowId).max(2000),
    })
    .safeParse({ kind: params.get("kind"), type: params.get("type") || undefined, item: params.getAll("item") });
  if (!query.success) throw new Response("Say what to print: ?kind=sheets or ?kind=cards.", { status: 400 });
  const { kind, type, item } = query.data;
  const [eventRow, items] = await Promise.all([
    printEvent(eventId),
    printItems(eventId, publicOrigin(request), { type, ids: item }),
  ]);
  if (items.length === 0) throw new Response("There are no items to print.", { status: 404 });
  const pdf = kind === "sheets" ? await bidSheetsPdf(eventRow, items) : await itemCardsPdf(eventRow, items);
  return pdfResponse(pdf, `${kind === "sheets" ? "bid-sheets" : "item-cards"}${type ? `-${type}` : ""}.pdf`);
}

export async function action({ request }: ActionFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  const form = await readPostedForm(request);
  const parsed = z
    .object({ donor: rowId, message: acknowledgementSchema.shape.message })
    .safeParse({ donor: form.get("donor"), message: form.get("message") ?? undefined });
  if (!parsed.success) {
    const tooLong = parsed.error.issues.find((issue) => issue.path[0] === "message" && issue.code === "too_big");
    throw new Response(tooLong?.message ?? "Choose a donor and write the letter first.", { status: 400 });
  }
  const donor = await donorOfEvent(eventId, parsed.data.donor);
  if (!donor) throw new Response("This donor no longer exists.", { status: 404 });
  const [eventRow, gifts, settings] = await Promise.all([
    printEvent(eventId),
    donorGifts(eventId, donor.donor_id),
    eventSettings(eventId),
  ]);
  const pdf = await acknowledgementPdf(eventRow, {
    date: formatInZone(new Date(), settings.timezone, "date"),
    donorName: donor.name,
    donorAddress: null,
    message: parsed.data.message,
    gifts,
  });
  return pdfResponse(pdf, `thank-you-${donor.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.pdf`);
}

function pdfResponse(pdf: Buffer, fileName: string) {
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
