// The billing screens' loaders and actions: /admin/setup/billing keeps secret keys sealed and never sends them
// back, refuses bad input beside its field without saving; /admin/billing/winners needs can_bill and takes a check
// only with its number; the guest's /invoice opens exactly the invoice its signed link names.
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { invoiceIdFor, recordManualPayment } from "~/billing/charges.server";
import { invoicePath } from "~/billing/invoice-link.server";
import { invoiceTotals } from "~/billing/invoice.server";
import { setItemReceived } from "~/billing/payments-list.server";
import { recordStaffGift } from "~/giving/donations-admin.server";
import { registerParty } from "~/registration/register-party.server";
import * as paymentsRoute from "~/routes/admin._workspace.billing.payments";
import * as paymentsCsvRoute from "~/routes/admin._workspace.billing.payments_.csv";
import * as winnersRoute from "~/routes/admin._workspace.billing.winners";
import * as reportRoute from "~/routes/admin._workspace.billing.winnersreport";
import * as reportDownloadRoute from "~/routes/admin._workspace.billing.winnersreport_.download";
import * as setupRoute from "~/routes/admin._workspace.setup.billing";
import * as invoiceRoute from "~/routes/invoice";
import { billing_settings, event, payment, registration, ticket } from "~drizzle/schema";
import { makeWinner } from "../support/billing";
import { testDatabase } from "../support/database";
import { lastMailTo, linkTo } from "../support/mailbox";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRole, teamRoleWithout } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";
import type { DonationInput } from "~/giving/gift-forms";

const fake = await vi.hoisted(async () => {
  const { startStripeSandbox } = await import("~/demo/sandbox/stripe/server");
  const started = await startStripeSandbox();
  process.env.STRIPE_API_URL = started.url;
  process.env.SECRETS_KEY = "0123456789abcdef".repeat(4);
  return started;
});

const { db } = testDatabase();
let eventId: number;
let biller: string;
let admin: string;
let exporter: string;
let outsider: string;

afterAll(() => fake.close());

beforeEach(async () => {
  eventId = (await makeEvent(db)).event_id;
  const person = await makeUser(db, { selected_event: eventId });
  await giveRole(db, person.usr_id, eventId, teamRole("can_bill"));
  biller = await sessionCookie(person.usr_id);
  const organiser = await makeUser(db, { selected_event: eventId });
  await giveRole(db, organiser.usr_id, eventId, teamRole("can_configure_event"));
  admin = await sessionCookie(organiser.usr_id);
  const accountant = await makeUser(db, { selected_event: eventId });
  await giveRole(db, accountant.usr_id, eventId, teamRole("can_bill", "can_report"));
  exporter = await sessionCookie(accountant.usr_id);
  const other = await makeUser(db, { selected_event: eventId });
  await giveRole(db, other.usr_id, eventId, teamRoleWithout("can_bill", "can_configure_event", "can_report"));
  outsider = await sessionCookie(other.usr_id);
});

const settingsForm = (fields: Record<string, string> = {}) => ({
  mode: "test",
  test_publishable_key: "pk_test_abc",
  test_secret_key: "sk_test_secretvalue1234",
  live_publishable_key: "",
  live_secret_key: "",
  currency: "CAD",
  cover_fee_enabled: "yes",
  fee_percent: "2.9",
  fee_fixed: "0.30",
  receipt_text: "Thank you",
  tax_id: "12-3456789",
  checkout_opens_at: "",
  checkout_closes_at: "",
  ...fields,
});

const setup = (cookie: string, form?: Record<string, string>) =>
  call(
    (form ? setupRoute.action : setupRoute.loader) as RouteFunction,
    makeRequest(`/admin/setup/billing?id=${eventId}`, { cookie, form }),
  );

describe(`billing screens on ${process.env.TEST_DB_ENGINE}`, () => {
  it("saves keys sealed, never shows the secret back, and refuses bad input beside the field", async () => {
    expect((await setup(outsider)).status).toBe(403);
    expect((await setup(outsider, settingsForm())).status).toBe(403);

    // Billing staff see the keys' ends but may not replace them: only the event's admin may (issue 31).
    expect((await setup(biller, settingsForm())).status).toBe(403);
    const saved = await setup(admin, settingsForm());
    expect(saved.status).toBe(302);
    const [row] = await db.select().from(billing_settings).where(eq(billing_settings.event_id, eventId));
    expect(row.test_secret_key_encrypted).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain("secretvalue");
    expect(row).toMatchObject({ test_secret_key_last4: "1234", fee_basis_points: 290, fee_fixed: 30 });
    const [eventRow] = await db.select({ currency: event.currency }).from(event).where(eq(event.event_id, eventId));
    expect(eventRow.currency).toBe("CAD");

    const shown = await setup(biller);
    expect(JSON.stringify(shown.data)).not.toContain("secretvalue");
    expect(shown.data).toMatchObject({ settings: { test: { secretLast4: "1234" }, cardsEnabled: true } });

    const refused = await setup(admin, settingsForm({ fee_percent: "lots", test_secret_key: "pk_wrong" }));
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      error: {
        fee_percent: ["Enter a percentage such as 2.9 (at most 99.99)."],
        test_secret_key: ["This does not look like a key: it starts sk_test_."],
      },
    });
    const [unchanged] = await db.select().from(billing_settings).where(eq(billing_settings.event_id, eventId));
    expect(unchanged.updated_at).toEqual(row.updated_at);
  });

  it("takes a check at the winners screen only with its number, and only for can_bill", async () => {
    const guest = await makeWinner(db, eventId, 5_000);
    const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
    const post = (cookie: string, form: Record<string, string>) =>
      call(winnersRoute.action as RouteFunction, makeRequest(`/admin/billing/winners?id=${eventId}`, { cookie, form }));
    const check = { intent: "check", invoice: String(invoiceId), amount: "50", submission: "submission-1234" };
    expect((await post(outsider, { ...check, check_number: "77" })).status).toBe(403);
    const refused = await post(biller, check);
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      formId: "take-check",
      error: { check_number: ["Enter the check's number."] },
    });
    expect(await db.select().from(payment).where(eq(payment.invoice_id, invoiceId))).toEqual([]);
    expect((await post(biller, { ...check, check_number: "77" })).status).toBe(302);
    expect(await db.select().from(payment).where(eq(payment.invoice_id, invoiceId))).toMatchObject([
      { method: "check", check_number: "77", amount: 5_000, status: "paid" },
    ]);

    const screen = await call(
      winnersRoute.loader as RouteFunction,
      makeRequest(`/admin/billing/winners?id=${eventId}&q=${guest.paddle}`, { cookie: biller }),
    );
    expect(screen.data).toMatchObject({ guest: { invoiceId, totals: { balance: 0 } } });
  });

  it("emails the receipt with the deductible part, the PDF and the guest's invoice link", async () => {
    const guest = await makeWinner(db, eventId, 30_000, 10_000);
    const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
    const post = (form: Record<string, string>) =>
      call(
        winnersRoute.action as RouteFunction,
        makeRequest(`/admin/billing/winners?id=${eventId}`, { cookie: biller, form }),
      );
    await post({ intent: "cash", invoice: String(invoiceId), amount: "300", submission: "cash-submission-1" });
    vi.spyOn(console, "log").mockImplementation(() => undefined);
    expect((await post({ intent: "email-receipt", invoice: String(invoiceId) })).status).toBe(302);
    const mail = await lastMailTo(guest.email);
    expect(mail.subject).toMatch(/^Your receipt from /);
    expect(mail.text).toContain("Paid: $300.00. Tax-deductible: $200.00.");
    expect(mail.attachments?.[0]).toMatchObject({ filename: expect.stringMatching(/^receipt-\d+\.pdf$/) });
    expect(mail.attachments?.[0].content.subarray(0, 5).toString()).toBe("%PDF-");
    const link = linkTo(mail, "/invoice");
    const page = await call(invoiceRoute.loader as RouteFunction, makeRequest(`${link.pathname}${link.search}`));
    expect(page.data).toMatchObject({ invoice: { invoiceId, totals: { paid: 30_000 } } });
  });

  it("reports winners by item, paid or not and picked up or not, as CSV and PDF", async () => {
    const paidGuest = await makeWinner(db, eventId, 4_000);
    const unpaidGuest = await makeWinner(db, eventId, 6_000);
    const invoiceId = (await invoiceIdFor(eventId, paidGuest.usrId))!;
    const paymentId = await recordManualPayment(eventId, invoiceId, {
      method: "cash",
      amount: 4_000,
      checkNumber: null,
      byUsrId: (await makeUser(db)).usr_id,
      submissionKey: "report-cash",
    });
    await setItemReceived(eventId, paymentId, true);
    const load = (query = "", cookie = exporter) =>
      call(
        (query.includes("format") ? reportDownloadRoute : reportRoute).loader as RouteFunction,
        makeRequest(
          `/admin/billing/winnersreport${query.includes("format") ? "/download" : ""}?id=${eventId}${query}`,
          {
            cookie,
          },
        ),
      );
    const report = await load();
    expect(report.data).toMatchObject({
      rows: [
        { paddle: paidGuest.paddle, amount: 4_000, paid: true, pickedUp: true },
        { paddle: unpaidGuest.paddle, amount: 6_000, paid: false, pickedUp: false },
      ],
    });
    const csv = await (await load("&format=csv")).response!.text();
    expect(csv.split("\r\n")[1]).toContain(`${paidGuest.paddle},`);
    expect(csv).toContain("40.00,yes,yes");
    const pdf = (await load("&format=pdf")).response!;
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    // Downloads are exports: can_bill sees the screen, but only can_report takes the files away.
    expect(await load("", biller)).toMatchObject({ status: 200, data: { mayExport: false } });
    // The address people have (?format= on the page) leads to the download.
    const old = await call(
      reportRoute.loader as RouteFunction,
      makeRequest(`/admin/billing/winnersreport?id=${eventId}&format=csv`, { cookie: biller }),
    );
    expect(old).toMatchObject({
      status: 302,
      location: `/admin/billing/winnersreport/download?id=${eventId}&format=csv`,
    });
    expect((await load("&format=csv", biller)).status).toBe(403);
    expect((await load("&format=pdf", biller)).status).toBe(403);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    expect(
      (
        await call(
          reportRoute.loader as RouteFunction,
          makeRequest(`/admin/billing/winnersreport?id=${eventId}`, { cookie: outsider }),
        )
      ).status,
    ).toBe(403);
  });

  it("refunds part of a cash payment with a reason, refuses one without, and marks pickup", async () => {
    const guest = await makeWinner(db, eventId, 8_000);
    const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
    const paymentId = await recordManualPayment(eventId, invoiceId, {
      method: "cash",
      amount: 8_000,
      checkNumber: null,
      byUsrId: (await makeUser(db)).usr_id,
      submissionKey: "refund-cash",
    });
    const post = (form: Record<string, string>) =>
      call(
        paymentsRoute.action as RouteFunction,
        makeRequest(`/admin/billing/payments?id=${eventId}`, { cookie: biller, form }),
      );
    const refused = await post({ intent: "refund", payment: String(paymentId), amount: "20", reason: "" });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      formId: `refund-${paymentId}`,
      error: { reason: ["Say why the money is given back."] },
    });
    const shown = await call(
      paymentsRoute.loader as RouteFunction,
      makeRequest(`/admin/billing/payments?id=${eventId}`, { cookie: biller }),
    );
    const submission = (shown.data as { submissionKey: string }).submissionKey;
    const wrongSize = { intent: "refund", payment: String(paymentId), amount: "20", reason: "Wrong size", submission };
    // The same form posted twice (a double click) gives the money back once.
    expect((await post(wrongSize)).status).toBe(302);
    expect((await post(wrongSize)).status).toBe(302);
    expect((await post({ intent: "received", payment: String(paymentId), received: "yes" })).status).toBe(302);
    const list = await call(
      paymentsRoute.loader as RouteFunction,
      makeRequest(`/admin/billing/payments?id=${eventId}`, { cookie: biller }),
    );
    expect(list.data).toMatchObject({
      payments: [
        { id: paymentId, refunded: 2_000, refundable: 6_000, itemReceived: true, refunds: [{ reason: "Wrong size" }] },
      ],
    });
    expect(await invoiceTotals(db, invoiceId)).toMatchObject({ paid: 6_000, balance: 0 });
    const csv = await (
      await call(
        paymentsCsvRoute.loader as RouteFunction,
        makeRequest(`/admin/billing/payments/csv?id=${eventId}`, { cookie: exporter }),
      )
    ).response!.text();
    expect(csv).toContain("Cash,,paid,80.00,20.00,yes");
    const csvRefused = await call(
      paymentsCsvRoute.loader as RouteFunction,
      makeRequest(`/admin/billing/payments/csv?id=${eventId}`, { cookie: biller }),
    );
    expect(csvRefused.status).toBe(403);
  });

  it("lists the money taken outside invoices too: a walk-in's cash at the door and a gift by name, not an order or a card page still to pay", async () => {
    const [record] = await db.insert(registration).values({}).returning();
    await db.update(event).set({ registration_id: record.registration_id }).where(eq(event.event_id, eventId));
    const [single] = await db
      .insert(ticket)
      .values({ event_id: eventId, title: "Individual", price: 25_000, seat_count: 1 })
      .returning();
    const order = (first_name: string, method: "cash" | "pay_at_event") =>
      registerParty(db, {
        eventId,
        lines: [{ ticketId: single.ticket_id, quantity: 1 }],
        buyer: { first_name, last_name: "Walkin", email: "" },
        guests: [{ first_name, last_name: "Walkin", email: null }],
        method,
        byStaff: true,
      });
    const paidAtDoor = await order("Walter", "cash");
    const toPay = await order("Wanda", "pay_at_event");
    if (!paidAtDoor.ok || !toPay.ok) throw new Error("setup failed");
    const winner = await makeWinner(db, eventId, 8_000);
    await recordManualPayment(eventId, (await invoiceIdFor(eventId, winner.usrId))!, {
      method: "cash",
      amount: 8_000,
      checkNumber: null,
      byUsrId: (await makeUser(db)).usr_id,
      submissionKey: "winner-cash",
    });

    // A gift in cash at the desk from someone without an account, and a card page left unpaid (not money yet).
    await recordStaffGift(
      eventId,
      {
        amount: 5_000,
        method: "cash",
        check_number: null,
        first_name: "Margaret",
        last_name: "Chen",
        email: "margaret@example.org",
        is_anonymous: false,
        message: null,
        tribute_kind: null,
        tribute_name: null,
        fundraiser: null,
      } satisfies DonationInput,
      (await makeUser(db)).usr_id,
      crypto.randomUUID(),
    );
    await db.insert(payment).values({ event_id: eventId, amount: 10_000, method: "checkout", status: "pending" });

    const list = await call(
      paymentsRoute.loader as RouteFunction,
      makeRequest(`/admin/billing/payments?id=${eventId}`, { cookie: biller }),
    );
    const { payments } = list.data as {
      payments: { guest: string; paidFor: string; amount: number; hasItems: boolean }[];
    };
    // Only what paid for items may be marked picked up: the winner's invoice, not tickets or a gift.
    expect(payments.map(({ guest, paidFor, amount, hasItems }) => ({ guest, paidFor, amount, hasItems }))).toEqual([
      { guest: "Margaret Chen", paidFor: "Gift", amount: 5_000, hasItems: false },
      { guest: expect.any(String), paidFor: expect.stringMatching(/^Invoice \d+$/), amount: 8_000, hasItems: true },
      { guest: "Walter Walkin", paidFor: "Tickets", amount: 25_000, hasItems: false },
    ]);
    expect(payments[2]).toMatchObject({
      methodName: "Cash",
      paddle: paidAtDoor.party.guests[0].paddle,
      refundable: 25_000,
    });
    const csv = await (
      await call(
        paymentsCsvRoute.loader as RouteFunction,
        makeRequest(`/admin/billing/payments/csv?id=${eventId}`, { cookie: exporter }),
      )
    ).response!.text();
    expect(csv).toContain(`Tickets,${paidAtDoor.party.guests[0].paddle},Walter Walkin,,Cash,,paid,250.00,0.00,`);
    expect(csv).not.toContain("Wanda");
  });

  it("opens only the invoice its signed link names", async () => {
    const ann = await makeWinner(db, eventId, 5_000);
    const ben = await makeWinner(db, eventId, 7_000);
    const annInvoice = (await invoiceIdFor(eventId, ann.usrId))!;
    const benInvoice = (await invoiceIdFor(eventId, ben.usrId))!;
    const open = (path: string) => call(invoiceRoute.loader as RouteFunction, makeRequest(path));
    const page = await open(invoicePath(eventId, annInvoice));
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ invoice: { invoiceId: annInvoice, totals: { balance: 5_000 } } });
    // Ann's signature on Ben's invoice number: not a link we signed.
    const forged = invoicePath(eventId, annInvoice).replace(`.${annInvoice}.`, `.${benInvoice}.`);
    expect((await open(forged)).status).toBe(404);
    expect((await open("/invoice?t=garbage")).status).toBe(404);
  });
});
