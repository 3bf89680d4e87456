/**
 * Gifts a signed-in guest put on their invoice at /dp (status "pledged"): billed at checkout. A gift, so all of it is
 * deductible. A gift paid by card, cash or check is not owed, so it has no line; a cancelled one drops out and its
 * line is reversed.
 */
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { donation } from "~drizzle/schema";
import type { InvoiceLineSource } from "./line-source";

export const donationPledges: InvoiceLineSource = {
  name: "donations",
  async lines(db, eventId, usrIds) {
    const rows = await db
      .select({
        id: donation.donation_id,
        usrId: donation.usr_id,
        amount: donation.amount,
        tributeKind: donation.tribute_kind,
        tributeName: donation.tribute_name,
      })
      .from(donation)
      .where(
        and(
          eq(donation.event_id, eventId),
          eq(donation.status, "pledged"),
          eq(donation.method, "invoice"),
          isNotNull(donation.usr_id),
          usrIds ? inArray(donation.usr_id, [...usrIds]) : undefined,
        ),
      );
    return rows.map((row) => ({
      usrId: row.usrId!,
      key: `donation:${row.id}`,
      description:
        row.tributeKind && row.tributeName
          ? `Donation · in ${row.tributeKind === "memory" ? "memory" : "honour"} of ${row.tributeName}`
          : "Donation",
      amount: row.amount,
      fairMarketValue: 0,
      deductible: row.amount,
    }));
  },
};
