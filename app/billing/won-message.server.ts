/**
 * What billing adds to a "you won" message when the outbox sends it: the link to the winner's own invoice (signed,
 * opens without signing in), made now so it is there to pay from the message.
 */
import { db } from "~/db.server";
import { messageOrigin } from "~/messages/links.server";
import { invoicePath } from "./invoice-link.server";
import { ensureInvoice } from "./invoice.server";

export async function wonMessageEnrichment(row: { event_id: number; to_usr_id: number | null }) {
  if (row.to_usr_id === null) return null;
  const usrId = row.to_usr_id;
  const invoiceId = await db.transaction((tx) => ensureInvoice(tx, row.event_id, usrId));
  return { values: { link: `${messageOrigin()}${invoicePath(row.event_id, invoiceId)}` } };
}
