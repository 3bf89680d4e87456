// A refund's reason is staff-only (docs DOMAIN "Money"): the guest's invoice page, its receipt, the receipt's PDF and
// the receipt email show the refund line as "Refund" and its amount, never why; the staff's invoice shows the reason
// once. Lines stored before, which said "Refund: <reason>", are rewritten by migration 0026.
import { readFileSync } from "node:fs";
import path from "node:path";
import { inflateSync } from "node:zlib";
import { and, eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { invoiceIdFor, recordManualPayment } from "~/billing/charges.server";
import { invoicePath } from "~/billing/invoice-link.server";
import { refundPayment } from "~/billing/refunds.server";
import { InvoiceLines } from "~/billing/ui/invoice-view";
import { MIGRATIONS_FOLDER } from "~/db/connection.server";
import * as winnersRoute from "~/routes/admin._workspace.billing.winners";
import * as invoiceRoute from "~/routes/invoice";
import * as receiptRoute from "~/routes/invoice_.receipt";
import { invoice_line } from "~drizzle/schema";
import { makeWinner } from "../support/billing";
import { testDatabase } from "../support/database";
import { lastMailTo } from "../support/mailbox";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRole } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";
import type { InvoiceDocument } from "~/billing/invoice-document.server";

const { db } = testDatabase();
const REASON = "wrong amount on check";
let eventId: number;
let staffId: number;
let biller: string;

beforeEach(async () => {
  eventId = (await makeEvent(db)).event_id;
  const person = await makeUser(db, { selected_event: eventId });
  await giveRole(db, person.usr_id, eventId, teamRole("can_bill"));
  staffId = person.usr_id;
  biller = await sessionCookie(person.usr_id);
});

/** A guest who won an item and paid it by check, $20.00 of which staff gave back with a reason. */
async function refundedGuest() {
  const guest = await makeWinner(db, eventId, 100_00, 40_00);
  const invoiceId = (await invoiceIdFor(eventId, guest.usrId))!;
  const paymentId = await recordManualPayment(eventId, invoiceId, {
    method: "check",
    amount: 100_00,
    checkNumber: "1042",
    byUsrId: staffId,
    submissionKey: "check-1",
  });
  await refundPayment(eventId, paymentId, { amount: 20_00, reason: REASON, byUsrId: staffId, submissionKey: "r-1" });
  return { guest, invoiceId };
}

/** The text a PDF draws (pdfkit's compressed streams, its strings in hex, split where it kerns). */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const texts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1], "latin1")).toString("latin1");
    } catch {
      continue;
    }
    for (const shown of content.matchAll(/\[(.*?)\]\s*TJ/g))
      texts.push(
        [...shown[1].matchAll(/<([0-9a-fA-F]*)>/g)]
          .map((hex) => Buffer.from(hex[1], "hex").toString("latin1"))
          .join(""),
      );
  }
  return texts.join("\n");
}

const renderedLines = (document: InvoiceDocument) =>
  renderToStaticMarkup(createElement(InvoiceLines, { invoice: document }));

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe(`refund reasons on ${process.env.TEST_DB_ENGINE}`, () => {
  it("never reach the guest: not on their invoice page, its receipt, the receipt PDF nor the receipt email", async () => {
    const { guest, invoiceId } = await refundedGuest();
    const link = invoicePath(eventId, invoiceId);
    for (const address of [link, `${link}&receipt=1`]) {
      const page = await call(invoiceRoute.loader as RouteFunction, makeRequest(address));
      expect(page.status).toBe(200);
      const document = (page.data as { invoice: InvoiceDocument }).invoice;
      expect(JSON.stringify(page.data)).not.toContain(REASON);
      expect(document.lines.find((line) => line.source === "refund")).toMatchObject({
        description: "Refund",
        amount: -20_00,
        reason: null,
      });
      expect(renderedLines(document)).toContain("Refund");
    }

    const receipt = await call(
      receiptRoute.loader as RouteFunction,
      makeRequest(link.replace("/invoice?", "/invoice/receipt?")),
    );
    const pdf = pdfText(Buffer.from(await receipt.response!.arrayBuffer()));
    expect(pdf).toContain("Refund");
    expect(pdf).toContain("-$20.00");
    expect(pdf).not.toContain(REASON);

    vi.spyOn(console, "log").mockImplementation(() => undefined);
    const sent = await call(
      winnersRoute.action as RouteFunction,
      makeRequest(`/admin/billing/winners?id=${eventId}`, {
        cookie: biller,
        form: { intent: "email-receipt", invoice: String(invoiceId) },
      }),
    );
    expect(sent.status).toBe(302);
    const mail = await lastMailTo(guest.email);
    expect(`${mail.subject}\n${mail.text}\n${String(mail.html ?? "")}`).not.toContain(REASON);
    const attached = pdfText(mail.attachments![0].content);
    expect(attached).toContain("Refund");
    expect(attached).not.toContain(REASON);
  });

  it("shows staff the refund line with its reason once", async () => {
    const { invoiceId } = await refundedGuest();
    const screen = await call(
      winnersRoute.loader as RouteFunction,
      makeRequest(`/admin/billing/winners?id=${eventId}&guest=${invoiceId}`, { cookie: biller }),
    );
    const document = (screen.data as { guest: InvoiceDocument }).guest;
    expect(document.lines.find((line) => line.source === "refund")).toMatchObject({
      description: "Refund",
      amount: -20_00,
      reason: REASON,
    });
    expect(occurrences(renderedLines(document), REASON)).toBe(1);
  });

  it("rewrites lines stored as “Refund: <reason>” (migration 0026), keeping the reason in its column", async () => {
    const { invoiceId } = await refundedGuest();
    const [line] = await db
      .select()
      .from(invoice_line)
      .where(and(eq(invoice_line.invoice_id, invoiceId), eq(invoice_line.source, "refund")));
    // As the line was written before: the reason in the text too; and one whose reason was only in its text.
    await db
      .update(invoice_line)
      .set({ description: `Refund: ${REASON}` })
      .where(eq(invoice_line.invoice_line_id, line.invoice_line_id));
    const [older] = await db
      .insert(invoice_line)
      .values({
        invoice_id: invoiceId,
        event_id: eventId,
        source: "refund",
        source_key: "refund:legacy",
        description: "Refund: Pledged twice",
        amount: -5_00,
      })
      .returning();
    const migration = readFileSync(path.join(MIGRATIONS_FOLDER, "0026_refund_line_text.sql"), "utf8");
    await db.execute(sql.raw(migration));

    const lines = await db
      .select({ id: invoice_line.invoice_line_id, description: invoice_line.description, reason: invoice_line.reason })
      .from(invoice_line)
      .where(eq(invoice_line.invoice_id, invoiceId));
    expect(lines).toContainEqual({ id: line.invoice_line_id, description: "Refund", reason: REASON });
    expect(lines).toContainEqual({ id: older.invoice_line_id, description: "Refund", reason: "Pledged twice" });
    const page = await call(invoiceRoute.loader as RouteFunction, makeRequest(invoicePath(eventId, invoiceId)));
    expect(JSON.stringify(page.data)).not.toContain(REASON);
    expect(JSON.stringify(page.data)).not.toContain("Pledged twice");
  });
});
