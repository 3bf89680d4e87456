/**
 * /dp, the event's donation and items page: what it shows (suggested amounts, the fee to cover, items for sale), the
 * review of a gift (its exact total) before it is confirmed, the gift a signed-in guest puts on their invoice (a
 * pledge billed at checkout, under the event's rule for credit), a card gift's hosted page, and the receipt. A gift's
 * deductible part is all of it, the covered fee included.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { requireCardForCredit } from "~/billing/cards.server";
import { coverFee } from "~/billing/cover-fee";
import { giftKeyPrefix, startGiftCheckout } from "~/billing/donation-checkout.server";
import { writeGift, type Gift } from "~/billing/gift-records.server";
import { cardPaymentsOpen, billingSettings, feeRule } from "~/billing/settings.server";
import { unitsSold } from "~/catalogue/units-sold.server";
import { db } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { fullName } from "~/ui/format";
import { formatInZone } from "~/ui/zoned-time";
import { auction_item, donation, event, payment } from "~drizzle/schema";
import { fundraiserForGift } from "./fundraisers.server";
import { suggestedAmounts, tributeText, type GiftInput } from "./gift-forms";
import { paceGiftPage } from "./gift-page-pacing.server";
import type { PacedClient } from "~/auth/pacing.server";
import type { CheckoutPages } from "~/billing/checkout.server";

export interface Donor {
  usrId: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
}

export async function donationPage(eventId: number) {
  const [row] = await db
    .select({ title: event.title, currency: event.currency, meta: event.meta, company: event.company_name })
    .from(event)
    .where(eq(event.event_id, eventId));
  const [fee, cardsOpen, items] = await Promise.all([
    feeRule(eventId),
    cardPaymentsOpen(eventId),
    db
      .select({
        id: auction_item.auction_item_id,
        title: auction_item.title,
        excerpt: auction_item.excerpt,
        price: auction_item.buy_now,
        left: sql<number>`${auction_item.quantity} - ${unitsSold}`.mapWith(Number),
      })
      .from(auction_item)
      .where(and(eq(auction_item.event_id, eventId), eq(auction_item.type, "sale"), sql`${auction_item.buy_now} > 0`))
      .orderBy(asc(auction_item.display_order), asc(auction_item.title)),
  ]);
  return {
    eventTitle: row.title,
    organisation: row.company || row.title,
    currency: row.currency,
    suggested: suggestedAmounts(row.meta),
    fee: fee.enabled ? { basisPoints: fee.basisPoints, fixed: fee.fixed } : null,
    cardsOpen,
    items,
  };
}

/** The gift as the form gives it, with the fee worked out on the server (the browser's figure is never trusted). */
async function giftOf(eventId: number, input: GiftInput, donor: Donor | null): Promise<Gift> {
  const rule = await feeRule(eventId);
  return {
    amount: input.amount,
    fee: input.cover_fee && rule.enabled ? coverFee(input.amount, rule) : 0,
    frequency: input.frequency,
    firstName: input.first_name ?? donor?.firstName ?? null,
    lastName: input.last_name ?? donor?.lastName ?? null,
    email: input.email ?? donor?.email ?? null,
    isAnonymous: input.is_anonymous,
    message: input.message,
    tributeKind: input.tribute_kind as Gift["tributeKind"],
    tributeName: input.tribute_kind ? input.tribute_name : null,
    usrId: donor?.usrId ?? null,
    fundraiserId: input.fundraiser,
  };
}

export type GiveAnswer = { kind: "receipt"; donationId: number } | { kind: "redirect"; url: string };

/** A gift as the donor confirms it: the amount, the fee they cover, the total, and where it goes. */
export interface GiftReview {
  amount: number;
  fee: number;
  total: number;
  pay: "invoice" | "card";
  monthly: boolean;
  /** The fundraiser's page the gift counts on. */
  fundraiserName: string | null;
  /** The dedication, when there is one. */
  tribute: string | null;
  /** Who gives, as the receipt will name them, and where it goes. */
  donor: { name: string | null; email: string | null };
  /** Shown as "Anonymous" on the room's screens and the giving page. */
  anonymous: boolean;
  /** The note to the organisation. */
  note: string | null;
}

/** What the donor's form would give, worked out and refused as `give` would, for the donor to confirm. */
export async function reviewGift(eventId: number, input: GiftInput, donor: Donor | null): Promise<GiftReview> {
  const fundraiserName = await checkGift(eventId, input, donor);
  // A gift on the bill carries no fee: the fee is a card's, covered when the bill is paid by card.
  const gift = await giftOf(eventId, input, donor);
  const fee = input.pay === "invoice" ? 0 : gift.fee;
  return {
    amount: input.amount,
    fee,
    total: input.amount + fee,
    pay: input.pay,
    monthly: input.frequency === "monthly",
    fundraiserName,
    tribute: tributeText(gift.tributeKind, gift.tributeName),
    donor: { name: fullName(gift.firstName, gift.lastName) || null, email: gift.email },
    anonymous: gift.isAnonymous,
    note: gift.message ?? null,
  };
}

/**
 * Refuses a gift the form cannot give: to a fundraiser's page that takes no gifts, on the bill without signing in
 * or without the card the event asks for, by card without the receipt's email and name. Answers the fundraiser's
 * name, if any.
 */
async function checkGift(eventId: number, input: GiftInput, donor: Donor | null): Promise<string | null> {
  let fundraiserName: string | null = null;
  if (input.fundraiser !== null) {
    const page = await fundraiserForGift(eventId, input.fundraiser);
    if (page === null)
      throw new Refusal("This fundraiser's page is not taking gifts now. You can still give to the event.");
    if (page.endedOn !== null)
      throw new Refusal(
        `${page.name}'s page ended on ${page.endedOn} and takes no more gifts. Nothing was charged; you can still give to the event below.`,
      );
    fundraiserName = page.name;
  }
  if (input.pay === "invoice") {
    if (!donor) throw new Refusal("Sign in to add a gift to your bill, or give by card.", "pay");
    await requireCardForCredit(db, eventId, donor.usrId);
  } else {
    if (!donor && !input.email) throw new Refusal("Enter your email address for the receipt.", "email");
    if (!donor && !input.first_name) throw new Refusal("Enter your first name.", "first_name");
  }
  return fundraiserName;
}

/**
 * The donor's confirmed form: on the invoice (signed in, one-time) the gift is recorded now as a pledge; by card the
 * donor goes to the hosted page, and the gift is recorded when the payment succeeds.
 */
export async function give(
  eventId: number,
  input: GiftInput,
  donor: Donor | null,
  pages: CheckoutPages,
  opener: PacedClient,
): Promise<GiveAnswer> {
  await checkGift(eventId, input, donor);
  if (input.pay === "invoice" && donor) {
    const gift = { ...(await giftOf(eventId, input, donor)), fee: 0 };
    const donationId = await db.transaction((tx) =>
      writeGift(tx, eventId, gift, {
        method: "invoice",
        status: "pledged",
        source: "online",
        idempotencyKey: `dp-${input.submission}`,
      }),
    );
    return { kind: "receipt", donationId };
  }
  const gift = await giftOf(eventId, input, donor);
  await paceGiftPage(opener);
  return { kind: "redirect", url: await startGiftCheckout(eventId, gift, input.submission, pages) };
}

/** The hosted pages a form opened and left unpaid (the donor came back through the cancel link). */
export async function openSessionsOfSubmission(eventId: number, submission: string): Promise<string[]> {
  const rows = await db
    .select({ session: payment.checkout_session_id })
    .from(payment)
    .where(
      and(
        eq(payment.event_id, eventId),
        eq(payment.status, "pending"),
        sql`starts_with(${payment.idempotency_key}, ${giftKeyPrefix(eventId, submission)})`,
      ),
    );
  return rows.flatMap((row) => (row.session ? [row.session] : []));
}

/** The receipt of a gift: amounts, the deductible part (all of it) and the organisation's tax details. */
export async function giftReceipt(eventId: number, donationId: number) {
  const [row] = await db
    .select()
    .from(donation)
    .where(and(eq(donation.event_id, eventId), eq(donation.donation_id, donationId)));
  if (!row) return null;
  const settings = await billingSettings(eventId);
  const total = row.amount + row.fee;
  return {
    donationId: row.donation_id,
    name: fullName(row.first_name, row.last_name) || null,
    amount: row.amount,
    fee: row.fee,
    total,
    deductible: row.status === "refunded" || row.status === "cancelled" ? 0 : total,
    status: row.status,
    method: row.method,
    frequency: row.frequency,
    tribute: tributeText(row.tribute_kind, row.tribute_name),
    date: formatInZone(row.created_at, settings.timeZone),
    taxId: settings.taxId,
    receiptText: settings.receiptText,
  };
}
