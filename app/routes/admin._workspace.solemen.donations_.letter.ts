import { requireEventPermission } from "~/auth/access.server";
import { rowId } from "~/forms/rules";
import { donationLetterPdf } from "~/giving/donations-admin.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * /admin/solemen/donations/letter?gift=<id>: a gift's thank-you letter as a PDF (can_bill). A resource route: a page's
 * loader cannot answer with a file.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_bill");
  const gift = rowId.safeParse(new URL(request.url).searchParams.get("gift"));
  const pdf = gift.success ? await donationLetterPdf(eventId, gift.data) : null;
  if (!gift.success || !pdf) throw new Response("There is no such gift at this event.", { status: 404 });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="thank-you-${gift.data}.pdf"`,
    },
  });
}
