import { linkedStatementPdf } from "~/reporting/statement-mail.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * /tax-statement?s=<signed token>: the donor's tax statement as PDF, from the link in the email the team sent from the
 * tax report. The signature names the period and the donor, so a changed link opens nothing; no sign-in is needed.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const pdf = await linkedStatementPdf(new URL(request.url).searchParams.get("s"));
  if (!pdf) throw new Response("This statement link is not valid, or there is no statement for it.", { status: 404 });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": 'inline; filename="tax-statement.pdf"',
      "Cache-Control": "private, no-store",
    },
  });
}
