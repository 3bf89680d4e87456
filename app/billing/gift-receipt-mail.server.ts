/**
 * Emailing a card gift's receipt through the outbox (decision 023): once per gift (its idempotency key), written in
 * the transaction that records the gift, so the donor who gave on /dp, or whose monthly gift was charged again,
 * gets the amount, the deductible part (all of it) and the link to the receipt page.
 */
import { eq } from "drizzle-orm";
import { paths } from "~/http/paths";
import { messageOrigin } from "~/messages/links.server";
import { enqueueMessage } from "~/messages/outbox.server";
import { formatMoney } from "~/ui/format";
import { billing_settings, donation, event } from "~drizzle/schema";
import { receiptToken } from "./gift-receipt-link.server";
import type { Transaction } from "~/db/connection.server";

export async function queueGiftReceipt(tx: Transaction, eventId: number, donationId: number) {
  const [row] = await tx.select().from(donation).where(eq(donation.donation_id, donationId));
  if (!row?.email) return;
  const [eventRow] = await tx.select().from(event).where(eq(event.event_id, eventId));
  const [settings] = await tx.select().from(billing_settings).where(eq(billing_settings.event_id, eventId));
  const total = formatMoney(row.amount + row.fee, eventRow.currency);
  const charity = eventRow.company_name || eventRow.title;
  await enqueueMessage(tx, {
    event_id: eventId,
    template: "receipt",
    channel: "email",
    to: { email: row.email },
    data: {
      first_name: row.first_name || "there",
      amount: total,
      deductible: [
        `Gift: ${total}${row.frequency === "monthly" ? " (monthly)" : ""}. Tax-deductible: ${total}.`,
        "No goods or services were provided in exchange for this gift.",
        settings?.tax_id ? `${charity}, tax id ${settings.tax_id}.` : "",
        settings?.receipt_text ?? "",
      ]
        .filter(Boolean)
        .join(" "),
      link: `${messageOrigin()}${paths.dp(eventId, { receipt: receiptToken(eventId, donationId) })}`,
    },
    idempotency_key: `gift-receipt:${donationId}`,
  });
}
