/**
 * /admin/solemen/donations: every gift of the event, however it came. Staff record gifts taken in cash or by check
 * (each with its payment, so it can be refunded like any other) and attribute a gift to a fundraiser's page, edit a
 * gift's details, refund card, cash and check
 * gifts through billing, cancel a gift that is still on a guest's bill, erase a donor's personal details, send the
 * thank-you letters the item donors get, and set the suggested amounts of /dp.
 */
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { announceGift, writeGift } from "~/billing/gift-records.server";
import { donationPledges } from "~/billing/line-sources/donations.server";
import { paidForOnTheBill } from "~/billing/paid-for-on-the-bill.server";
import { queryRows } from "~/billing/query-rows.server";
import { refundPayment } from "~/billing/refunds.server";
import { defaultAcknowledgement, sendAcknowledgement } from "~/catalogue/acknowledgement.server";
import { acknowledgementPdf } from "~/catalogue/print.server";
import { db } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { fullName } from "~/ui/format";
import { formatInZone } from "~/ui/zoned-time";
import { donation, event, fundraiser, payment, refund, usr } from "~drizzle/schema";
import { checkAttributablePage } from "./fundraisers.server";
import { tributeText, type DonationInput } from "./gift-forms";
import type { Transaction } from "~/db/connection.server";

export async function listDonations(eventId: number) {
  const [eventRow] = await db
    .select({ timeZone: event.timezone, currency: event.currency, meta: event.meta })
    .from(event)
    .where(eq(event.event_id, eventId));
  const rows = await db
    .select({
      id: donation.donation_id,
      first_name: donation.first_name,
      last_name: donation.last_name,
      email: donation.email,
      guestEmail: usr.email_address,
      guestName: sql<
        string | null
      >`nullif(trim(coalesce(${usr.first_name}, '') || ' ' || coalesce(${usr.last_name}, '')), '')`,
      amount: donation.amount,
      fee: donation.fee,
      method: donation.method,
      status: donation.status,
      frequency: donation.frequency,
      source: donation.source,
      is_anonymous: donation.is_anonymous,
      message: donation.message,
      tribute_kind: donation.tribute_kind,
      tribute_name: donation.tribute_name,
      check_number: payment.check_number,
      fundraiserId: donation.fundraiser_id,
      fundraiserName: fundraiser.name,
      anonymised: sql<boolean>`${donation.anonymised_at} is not null`,
      at: donation.created_at,
    })
    .from(donation)
    .leftJoin(usr, eq(usr.usr_id, donation.usr_id))
    .leftJoin(payment, eq(payment.payment_id, donation.payment_id))
    .leftJoin(fundraiser, eq(fundraiser.fundraiser_id, donation.fundraiser_id))
    .where(eq(donation.event_id, eventId))
    .orderBy(desc(donation.created_at), desc(donation.donation_id));
  const paidOnTheBill = await giftsPaidOnTheBill(eventId);
  return {
    currency: eventRow.currency,
    meta: eventRow.meta,
    donations: rows.map((row) => ({
      ...row,
      status: row.status === "pledged" && paidOnTheBill.has(row.id) ? "paid" : row.status,
      donor: fullName(row.first_name, row.last_name) || (row.anonymised ? "Erased" : (row.guestName ?? "—")),
      email: row.email ?? row.guestEmail,
      tribute: tributeText(row.tribute_kind, row.tribute_name) ?? "",
      at: formatInZone(row.at, eventRow.timeZone),
    })),
  };
}

/**
 * The gifts on a guest's bill whose invoice is paid in full. The gift's own row keeps "pledged" (its line source
 * bills pledged gifts: a gift marked paid would leave the source and its line be reversed), so the invoice says
 * whether it was paid.
 */
async function giftsPaidOnTheBill(eventId: number): Promise<Set<number>> {
  const rows = await queryRows<{ key: string }>(
    db,
    sql`select l.source_key as key from invoice_line l
      where l.event_id = ${eventId} and l.source = ${donationPledges.name}
        and not exists (select 1 from invoice_line r where r.reverses_line_id = l.invoice_line_id)
        and (select sum(t.amount) from invoice_line t where t.invoice_id = l.invoice_id)
          <= (select coalesce(sum(p.amount), 0) from payment p
                where p.invoice_id = l.invoice_id and p.status in ('paid', 'disputed'))
            - (select coalesce(sum(r.amount), 0) from refund r join payment p on p.payment_id = r.payment_id
                where p.invoice_id = l.invoice_id and r.status = 'succeeded')`,
  );
  return new Set(rows.map((row) => Number(row.key.slice(DONATION_KEY.length))));
}

const DONATION_KEY = "donation:";

const details = (input: DonationInput) => ({
  first_name: input.first_name,
  last_name: input.last_name,
  email: input.email,
  is_anonymous: input.is_anonymous,
  message: input.message,
  tribute_kind: input.tribute_kind,
  tribute_name: input.tribute_kind ? input.tribute_name : null,
  fundraiser_id: input.fundraiser,
});

/**
 * A gift taken in cash or by check: its payment (paid, outside any invoice) and the gift, at once. `submissionKey` is
 * the form's (made when it was shown): the same form sent twice, or twice at once, records one gift and answers it.
 */
export async function recordStaffGift(
  eventId: number,
  input: DonationInput,
  byUsrId: number,
  submissionKey: string,
): Promise<number> {
  if (input.method === "check" && !input.check_number) throw new Refusal("Enter the check's number.", "check_number");
  await checkAttributablePage(eventId, input.fundraiser);
  const key = `gift-staff-${submissionKey}`;
  return db.transaction(async (tx) => {
    // A second post of the form waits here on the first one's payment (the key is unique in the event), then finds it.
    const [paid] = await tx
      .insert(payment)
      .values({
        event_id: eventId,
        amount: input.amount!,
        method: input.method,
        status: "paid",
        check_number: input.method === "check" ? input.check_number : null,
        taken_by_usr_id: byUsrId,
        idempotency_key: key,
      })
      .onConflictDoNothing()
      .returning({ id: payment.payment_id });
    if (!paid) return giftOfPaymentKey(tx, eventId, key);
    return writeGift(
      tx,
      eventId,
      {
        amount: input.amount!,
        fee: 0,
        frequency: "one_time",
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        isAnonymous: input.is_anonymous,
        message: input.message,
        tributeKind: input.tribute_kind as "honour" | "memory" | null,
        tributeName: input.tribute_kind ? input.tribute_name : null,
        usrId: null,
        fundraiserId: input.fundraiser,
      },
      { method: input.method, status: "paid", source: "staff", paymentId: paid.id, recordedBy: byUsrId },
    );
  });
}

async function giftOfPaymentKey(tx: Transaction, eventId: number, key: string): Promise<number> {
  const [gift] = await tx
    .select({ id: donation.donation_id })
    .from(donation)
    .innerJoin(payment, eq(payment.payment_id, donation.payment_id))
    .where(and(eq(payment.event_id, eventId), eq(payment.idempotency_key, key)));
  if (!gift) throw new Error("A staff gift's payment was recorded without its gift");
  return gift.id;
}

/**
 * Saves a gift's details. The amount changes only where no card was charged: a cash or check gift (its payment with
 * it) or one still on a guest's bill; a card gift's amount is what the provider took.
 */
export async function updateGift(eventId: number, donationId: number, input: DonationInput): Promise<boolean> {
  await checkAttributablePage(eventId, input.fundraiser);
  return db.transaction(async (tx) => {
    const ofGift = and(eq(donation.event_id, eventId), eq(donation.donation_id, donationId));
    // The payment's lock before the gift's, as a refund takes them (refunds.server.ts): a refund and an edit at once
    // wait for each other, and the edit sees the refund.
    const [paidWith] = await tx.select({ paymentId: donation.payment_id }).from(donation).where(ofGift);
    if (!paidWith) return false;
    if (paidWith.paymentId !== null)
      await tx
        .select({ id: payment.payment_id })
        .from(payment)
        .where(eq(payment.payment_id, paidWith.paymentId))
        .for("update");
    const [row] = await tx.select().from(donation).where(ofGift).for("update");
    if (input.amount !== row.amount) {
      if (row.method === "card") throw new Refusal("A card gift keeps the amount that was charged.", "amount");
      if (row.status !== "paid" && row.status !== "pledged")
        throw new Refusal("A refunded or cancelled gift keeps its amount.", "amount");
      if (row.payment_id !== null && (await givenBack(tx, row.payment_id)) > 0)
        throw new Refusal("Part of this gift was given back, so it keeps its amount.", "amount");
      if (row.payment_id !== null)
        await tx.update(payment).set({ amount: input.amount! }).where(eq(payment.payment_id, row.payment_id));
    }
    if (row.method === "check" && row.payment_id !== null && input.check_number)
      await tx.update(payment).set({ check_number: input.check_number }).where(eq(payment.payment_id, row.payment_id));
    await tx
      .update(donation)
      .set({ ...details(input), amount: input.amount! })
      .where(eq(donation.donation_id, donationId));
    await announceGift(tx, eventId, donationId, "edited");
    return true;
  });
}

/** What was given back of a payment, or is being (a card refund not yet answered). */
async function givenBack(tx: Transaction, paymentId: number): Promise<number> {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${refund.amount}), 0)::int` })
    .from(refund)
    .where(and(eq(refund.payment_id, paymentId), ne(refund.status, "failed")));
  return row.total;
}

/**
 * Gives the selected gifts back: paid ones through billing's refunds (the card through the provider), whole; gifts
 * still on a guest's bill are cancelled, so their line is reversed. A gift already refunded or cancelled is skipped.
 */
/** Gives gifts back; `submissionKey` is the form's, so the same form posted twice refunds each payment once. */
export async function refundGifts(
  eventId: number,
  ids: number[],
  reason: string,
  byUsrId: number,
  submissionKey?: string,
): Promise<number> {
  const rows = await db
    .select()
    .from(donation)
    .where(and(eq(donation.event_id, eventId), inArray(donation.donation_id, ids)));
  const paidOnTheBill = await giftsPaidOnTheBill(eventId);
  let done = 0;
  for (const row of rows) {
    // Paid on the guest's invoice: the money is given back from the invoice (billing's refunds), not by cancelling.
    if (row.status === "pledged" && paidOnTheBill.has(row.donation_id)) continue;
    if (row.status === "pledged") {
      if (await cancelPledge(eventId, row.donation_id)) done += 1;
      continue;
    }
    if (row.status !== "paid" || row.payment_id === null) continue;
    if (row.frequency === "monthly")
      throw new Refusal(
        "A monthly gift is refunded, and its subscription stopped, in the payment provider's dashboard.",
      );
    // Given back whole, the gift is marked refunded with its refund (billing's markGiftRefundedWhenGivenBack).
    await refundPayment(eventId, row.payment_id, { amount: row.amount + row.fee, reason, byUsrId, submissionKey });
    done += 1;
  }
  if (done === 0) throw new Refusal("None of these gifts can be given back: they were refunded or cancelled already.");
  return done;
}

/**
 * Cancels a gift on a guest's bill unless the guest has paid for it (billing's paidForOnTheBill, under the invoice's
 * lock as payments are taken: a payment made while staff chose the gift is seen here).
 */
async function cancelPledge(eventId: number, donationId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const gift = { source: donationPledges.name, key: `${DONATION_KEY}${donationId}` };
    if (await paidForOnTheBill(tx, eventId, gift)) return false;
    const [cancelled] = await tx
      .update(donation)
      .set({ status: "cancelled" })
      .where(and(eq(donation.donation_id, donationId), eq(donation.status, "pledged")))
      .returning({ id: donation.donation_id });
    if (!cancelled) return false;
    await announceGift(tx, eventId, donationId, "cancelled");
    return true;
  });
}

/** Erases the donors' names, addresses and notes (the amounts stay in the totals); their names leave the screens. */
export async function anonymiseGifts(eventId: number, ids: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(donation)
      .set({
        first_name: null,
        last_name: null,
        email: null,
        message: null,
        tribute_name: null,
        tribute_kind: null,
        is_anonymous: true,
        anonymised_at: new Date(),
      })
      .where(and(eq(donation.event_id, eventId), inArray(donation.donation_id, ids)))
      .returning({ id: donation.donation_id });
    for (const row of rows) await announceGift(tx, eventId, row.id, "anonymised");
    return rows.length;
  });
}

async function letterOf(eventId: number, donationId: number) {
  const [row] = await db
    .select({
      gift: donation,
      guestEmail: usr.email_address,
      guestName: sql<
        string | null
      >`nullif(trim(coalesce(${usr.first_name}, '') || ' ' || coalesce(${usr.last_name}, '')), '')`,
      guestFirst: usr.first_name,
      guestLast: usr.last_name,
    })
    .from(donation)
    .leftJoin(usr, eq(usr.usr_id, donation.usr_id))
    .where(and(eq(donation.event_id, eventId), eq(donation.donation_id, donationId)));
  if (!row) return null;
  const [eventRow] = await db.select().from(event).where(eq(event.event_id, eventId));
  const first = row.gift.first_name ?? row.guestFirst;
  const name = fullName(first, row.gift.last_name ?? row.guestLast) || "Friend";
  const letter = defaultAcknowledgement(name, eventRow.title, eventRow.company_name || eventRow.title);
  const title = row.gift.tribute_name
    ? `Gift ${row.gift.tribute_kind === "memory" ? "in memory" : "in honour"} of ${row.gift.tribute_name}`
    : row.gift.frequency === "monthly"
      ? "Monthly gift (first month)"
      : "Gift";
  return {
    event: eventRow,
    name,
    email: row.gift.email ?? row.guestEmail,
    letter,
    gifts: [{ title, value: row.gift.amount + row.gift.fee }],
    date: row.gift.created_at,
  };
}

const GIFT_TOTAL = "Total given";

/** The thank-you letter of one gift as a PDF (the item donors' letter, listing the gift). */
export async function donationLetterPdf(eventId: number, donationId: number): Promise<Buffer | null> {
  const found = await letterOf(eventId, donationId);
  if (!found) return null;
  return acknowledgementPdf(found.event, {
    date: formatInZone(found.date, found.event.timezone, "date"),
    donorName: found.name,
    donorAddress: null,
    message: found.letter.message,
    gifts: found.gifts,
    totalLabel: GIFT_TOTAL,
  });
}

/** Emails the thank-you letter of each selected gift that has an address (through the outbox). */
export async function sendDonationLetters(eventId: number, ids: number[], byUsrId: number): Promise<number> {
  let sent = 0;
  for (const id of ids) {
    const found = await letterOf(eventId, id);
    if (!found?.email) continue;
    await sendAcknowledgement(eventId, byUsrId, found.email, {
      subject: found.letter.subject,
      message: found.letter.message,
      gifts: found.gifts,
      currency: found.event.currency,
      totalLabel: GIFT_TOTAL,
    });
    sent += 1;
  }
  if (sent === 0) throw new Refusal("None of these gifts has an email address to send a letter to.");
  return sent;
}

/** The suggested amounts of /dp, kept in the event's settings. */
export async function saveSuggestedAmounts(eventId: number, amounts: number[]) {
  await db
    .update(event)
    .set({
      meta: sql`jsonb_set(coalesce(${event.meta}, '{}'::jsonb), '{giving}', ${JSON.stringify({ suggested: amounts })}::jsonb)`,
    })
    .where(eq(event.event_id, eventId));
}
