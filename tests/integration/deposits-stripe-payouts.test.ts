// The bank deposits against the fake Stripe (decision 038): a card payment's fee is read from its balance
// transaction as the report is asked for, and once Stripe pays it out the payment and its refund move into that
// payout's deposit, dated the day it arrived, whose net is the payout's amount. Cash is banked by the day.
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import { chargeCardOnFile, invoiceIdFor, recordManualPayment } from "~/billing/charges.server";
import { ledgerBetween } from "~/billing/ledger-totals.server";
import { refundPayment } from "~/billing/refunds.server";
import * as downloadRoute from "~/routes/admin._workspace.setup.reporting_.download";
import { makeBillingEvent, makeWinner, saveCard, webhookReceiver } from "../support/billing";
import { testDatabase } from "../support/database";
import { giveRole, makeUser, sessionCookie } from "../support/people";
import { call, makeRequest } from "../support/route-calls";

const fake = await vi.hoisted(async () => {
  const { startStripeSandbox } = await import("~/demo/sandbox/stripe/server");
  const started = await startStripeSandbox();
  process.env.STRIPE_API_URL = started.url;
  process.env.SECRETS_KEY = "0123456789abcdef".repeat(4);
  return started;
});

const { db } = testDatabase();
let eventId: number;
let reporter: string;
const receiver = await webhookReceiver(() => eventId);
const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

afterAll(async () => {
  await receiver.close();
  await fake.close();
});

async function depositLines(): Promise<string[][]> {
  const outcome = await call(
    downloadRoute.loader,
    makeRequest(`/admin/setup/reporting/download?report=deposits&id=${eventId}&format=csv`, { cookie: reporter }),
  );
  expect(outcome.status).toBe(200);
  const csv = (await outcome.response!.text()).replace(/^\uFEFF/, "").trim();
  return Papa.parse<string[]>(csv).data.slice(1);
}

const cents = (lines: string[][]) => Math.round(lines.reduce((sum, line) => sum + Number(line[2]) * 100, 0));

beforeAll(async () => {
  eventId = (await makeBillingEvent(db, receiver.url)).event_id;
  const organiser = await makeUser(db, { selected_event: eventId });
  await giveRole(db, organiser.usr_id, eventId, { ...OWNER_ROLE });
  reporter = await sessionCookie(organiser.usr_id);
});

describe("Stripe's fees and payouts in the bank deposits", () => {
  it("lists a card payment's fee before its payout, then moves it and its refund into the payout", async () => {
    const guest = await makeWinner(db, eventId, 200_00, 50_00);
    await saveCard(eventId, guest.usrId);
    const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
    const charged = await chargeCardOnFile(eventId, invoiceId, { byUsrId: guest.usrId });
    expect(charged.status).toBe("paid");
    const staff = (await makeUser(db)).usr_id;
    const cashGuest = await makeWinner(db, eventId, 75_00, 10_00);
    await recordManualPayment(eventId, (await invoiceIdFor(eventId, cashGuest.usrId))!, {
      method: "cash",
      amount: 75_00,
      checkNumber: null,
      byUsrId: staff,
      submissionKey: "cash-deposit",
    });
    await refundPayment(eventId, (charged as { paymentId: number }).paymentId, {
      amount: 20_00,
      reason: "Item damaged",
      byUsrId: staff,
      submissionKey: "refund-deposit",
    });
    await settle();

    // Stripe's standard fee on $200: 2.9% + 30¢ = $6.10. Not paid out yet: listed by the day it was taken.
    const before = await depositLines();
    const fee = before.find((line) => line[1]!.endsWith("Stripe fees"))!;
    expect(fee[1]).toContain("Card payments (Stripe), not yet paid out");
    expect(fee[2]).toBe("-6.10");
    expect(before.some((line) => line[1]!.includes("Banked") && line[1]!.includes("Cash") && line[2] === "75.00")).toBe(
      true,
    );
    const ledger = await ledgerBetween(db, eventId, null, null);
    expect(cents(before.filter((line) => !line[1]!.endsWith("Stripe fees")))).toBe(ledger.collected);

    // Stripe pays out on 20 March: the card lines move to that deposit, whose net is the payout's amount.
    const [payout] = fake.payOut(new Date(Date.UTC(2027, 2, 20, 12)));
    expect(payout!.amount).toBe(200_00 - 6_10 - 20_00);
    const after = await depositLines();
    const inPayout = after.filter((line) => line[1]!.includes(`Stripe payout ${payout!.id}`));
    expect(inPayout.map((line) => line[2]).sort()).toEqual(["-20.00", "-6.10", "200.00"]);
    expect(inPayout.every((line) => line[0] === "03/20/2027")).toBe(true);
    expect(cents(inPayout)).toBe(payout!.amount);
    expect(after.some((line) => line[1]!.includes("not yet paid out"))).toBe(false);
    expect(cents(after.filter((line) => !line[1]!.endsWith("Stripe fees")))).toBe(ledger.collected);
  });
});
