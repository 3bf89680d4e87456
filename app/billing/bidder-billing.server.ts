/**
 * What a bidder's own page shows of billing: the card on file for this event (brand and last four, with where to
 * replace it) and the link to their invoice once they owe something.
 */
import { db } from "~/db.server";
import { cardLabel } from "./card-label";
import { cardOnFile } from "./cards.server";
import { invoiceIdFor } from "./charges.server";
import { invoicePath } from "./invoice-link.server";

export async function bidderBilling(eventId: number, usrId: number, returnTo: string) {
  const card = await cardOnFile(db, eventId, usrId);
  const invoiceId = await invoiceIdFor(eventId, usrId);
  return {
    card: card ? cardLabel(card) : null,
    cardHref: `/billing/card?${new URLSearchParams({ id: String(eventId), returnTo })}`,
    invoiceHref: invoiceId !== null ? invoicePath(eventId, invoiceId) : null,
  };
}
