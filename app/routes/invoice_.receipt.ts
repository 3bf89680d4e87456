import { invoiceFromLink } from "~/billing/guest-invoice.server";
import { guestView, invoiceDocument } from "~/billing/invoice-document.server";
import { receiptPdf } from "~/billing/receipt-pdf.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

/** /invoice/receipt?t=<signed>: the guest's receipt as a PDF, with the deductible amounts for their taxes. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId, invoiceId } = invoiceFromLink(new URL(request.url));
  const invoice = guestView(await invoiceDocument(eventId, invoiceId));
  const pdf = await receiptPdf(invoice);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="receipt-${invoice.number}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
