// The tax statement email through a real SMTP server (smtp-server, as tests/integration/messages-email.test.ts): the
// donor receives one message whose link opens their statement as a PDF; a link with another donor's number opens
// nothing.
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { testDatabase } from "../support/database";
import { decodeQuotedPrintable, linksIn, subjectOf } from "../support/mail-message";
import { makeUser } from "../support/people";
import { call, makeRequest } from "../support/route-calls";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp-capture";
import { giveAt, makeDonors, makeTaxOrganisation } from "../support/tax-donors";

let smtp: SmtpCapture;
const { db } = testDatabase();

beforeAll(async () => {
  smtp = await startSmtpCapture();
  vi.stubEnv("SMTP_URL", `smtp://127.0.0.1:${smtp.port}`);
  vi.stubEnv("MAIL_FROM", "Gavel <gala@gavel.example>");
  vi.stubEnv("PUBLIC_URL", "https://gavel.example.org");
  vi.resetModules();
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await smtp.close();
});

it("emails a donor their year's statement with a link that opens it as a PDF", async () => {
  const { sendStatements } = await import("~/reporting/statement-mail.server");
  const { runOutbox } = await import("~/messages/worker.server");
  const statementRoute = await import("~/routes/tax-statement");
  const { clientId, springId, autumnId } = await makeTaxOrganisation(db);
  const [ann, bo] = await makeDonors(db, 2);
  await giveAt(db, springId, ann.usr_id, 120_00, "2026-03-01T12:00:00Z");
  await giveAt(db, autumnId, ann.usr_id, 80_00, "2026-10-01T12:00:00Z");
  await giveAt(db, autumnId, bo.usr_id, 15_00, "2026-10-01T12:00:00Z");
  const staff = await makeUser(db);
  const sending = { eventId: springId, clientId, title: "Spring Gala", currency: "USD" };

  await sendStatements(sending, { kind: "year", year: 2026 }, staff.usr_id);
  await sendStatements(sending, { kind: "year", year: 2026 }, staff.usr_id);
  await runOutbox(db);

  const mail = smtp.received.filter((message) => message.to.includes(ann.email_address));
  expect(mail).toHaveLength(1);
  expect(subjectOf(mail[0].raw)).toMatch(/^Your tax statement from .+: 2026$/);
  expect(decodeQuotedPrintable(mail[0].raw)).toContain("the tax-deductible total is $200.00");
  const link = linksIn(mail[0].raw).find((href) => href.startsWith("https://gavel.example.org/tax-statement?s="));
  expect(link).toBeDefined();

  const opened = await call(statementRoute.loader, makeRequest(new URL(link!).pathname + new URL(link!).search));
  expect(opened.status).toBe(200);
  expect(opened.response?.headers.get("Content-Type")).toBe("application/pdf");
  expect(
    Buffer.from(await opened.response!.arrayBuffer())
      .subarray(0, 4)
      .toString(),
  ).toBe("%PDF");

  // The same link with Bo's number in it: the signature no longer matches.
  const token = new URL(link!).searchParams.get("s")!;
  const forged = token.replace(`.${ann.usr_id}.`, `.${bo.usr_id}.`);
  expect((await call(statementRoute.loader, makeRequest(`/tax-statement?s=${forged}`))).status).toBe(404);
});
