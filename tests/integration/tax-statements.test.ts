// Issue 17's remainders: the year-end statement per donor across the organisation's events (the tax report's year,
// its PDF; only for someone who may report on every event), and emailing every donor their statement from the tax
// report: once per donor and period however often it is pressed (two at once on PostgreSQL), with a resend to one.
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sendStatements, resendStatement } from "~/reporting/statement-mail.server";
import { yearStatements } from "~/reporting/year-statements.server";
import * as taxRoute from "~/routes/admin._workspace.setup.reporting.tax";
import * as downloadRoute from "~/routes/admin._workspace.setup.reporting_.download";
import { message, tax_statement_send } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { giveRole, makeUser, sessionCookie, teamRole } from "../support/people";
import { call, makeRequest } from "../support/route-calls";
import { giveAt, makeDonors, makeTaxOrganisation } from "../support/tax-donors";
import type { Report } from "~/reporting/report";

const { db } = testDatabase();

async function reporterOn(...eventIds: number[]) {
  const person = await makeUser(db);
  for (const eventId of eventIds) await giveRole(db, person.usr_id, eventId, teamRole("can_report"));
  return { usrId: person.usr_id, cookie: await sessionCookie(person.usr_id) };
}

const statementMessages = (clientId: number) =>
  db
    .select()
    .from(message)
    .where(like(message.idempotency_key, `tax-statement:${clientId}:%`));

describe(`tax statements on ${process.env.TEST_DB_ENGINE}`, () => {
  it("makes a donor's year-end statement across the organisation's events, for a reporter of every event", async () => {
    const { clientId, springId, autumnId } = await makeTaxOrganisation(db);
    const [ann, bo] = await makeDonors(db, 2);
    await giveAt(db, springId, ann.usr_id, 100_00, "2026-03-01T12:00:00Z");
    await giveAt(db, autumnId, ann.usr_id, 50_00, "2026-10-01T12:00:00Z");
    await giveAt(db, autumnId, ann.usr_id, 30_00, "2025-12-31T23:00:00Z"); // the year before
    await giveAt(db, autumnId, bo.usr_id, 25_00, "2026-11-02T12:00:00Z");

    const year = await yearStatements(clientId, 2026);
    expect(year.donors.map((donor) => [donor.usrId, donor.deductible, donor.events.length])).toEqual([
      [ann.usr_id, 150_00, 2],
      [bo.usr_id, 25_00, 1],
    ]);
    expect(year.donors[0].events.map((part) => [part.eventTitle, part.paid])).toEqual([
      ["Spring Gala", 100_00],
      ["Autumn Gala", 50_00],
    ]);
    expect((await yearStatements(clientId, 2025)).donors).toMatchObject([{ usrId: ann.usr_id, deductible: 30_00 }]);

    // The tax report offers the year, and its statements come as PDF.
    const both = await reporterOn(springId, autumnId);
    const page = await call(
      taxRoute.loader,
      makeRequest(`/admin/setup/reporting/tax?id=${springId}&year=2026`, { cookie: both.cookie }),
    );
    const report = (page.data as { report: Report }).report;
    expect(report.tables[0].totals).toMatchObject({ paid: 175_00, deductible: 175_00 });
    expect(page.data).toMatchObject({ year: 2026, mail: { period: "2026", sent: 0, donors: [{}, {}] } });
    const pdf = await call(
      downloadRoute.loader,
      makeRequest(`/admin/setup/reporting/download?report=tax&id=${springId}&year=2026&statement=${ann.usr_id}`, {
        cookie: both.cookie,
      }),
    );
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.response!.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe("%PDF");

    // Someone who reports on one event only sees that event's: the year is refused.
    const one = await reporterOn(springId);
    const refused = await call(
      taxRoute.loader,
      makeRequest(`/admin/setup/reporting/tax?id=${springId}&year=2026`, { cookie: one.cookie }),
    );
    expect(refused.data).toMatchObject({ year: null, filters: { error: expect.stringContaining("every event") } });
    const refusedPdf = await call(
      downloadRoute.loader,
      makeRequest(`/admin/setup/reporting/download?report=tax&id=${springId}&year=2026&statement=all`, {
        cookie: one.cookie,
      }),
    );
    expect(refusedPdf.status).toBe(403);
  });

  it("emails each donor with a deductible amount once per period, and one donor again on request", async () => {
    const { clientId, springId } = await makeTaxOrganisation(db);
    const [ann, bo, cy] = await makeDonors(db, 3);
    await giveAt(db, springId, ann.usr_id, 100_00, "2026-03-01T12:00:00Z");
    await giveAt(db, springId, bo.usr_id, 40_00, "2026-03-01T13:00:00Z");
    const staff = await reporterOn(springId);
    const sending = { eventId: springId, clientId, title: "Spring Gala", currency: "USD" };
    const event = { kind: "event", eventId: springId } as const;

    expect(await sendStatements(sending, event, staff.usrId)).toEqual({ sent: 2, already: 0 });
    expect(await sendStatements(sending, event, staff.usrId)).toEqual({ sent: 0, already: 2 });
    const sent = await statementMessages(clientId);
    expect(sent.map((row) => row.to_usr_id).sort()).toEqual([ann.usr_id, bo.usr_id].sort());
    expect(sent[0]).toMatchObject({ template: "tax_statement", channel: "email" });
    expect(String((sent[0].data as { link: string }).link)).toMatch(/\/tax-statement\?s=e\d+\.0\.\d+\.[\w-]{43}$/);

    // The year is a period of its own; a resend is a message of its own.
    expect(await sendStatements(sending, { kind: "year", year: 2026 }, staff.usrId)).toEqual({ sent: 2, already: 0 });
    await resendStatement(sending, event, ann.usr_id, staff.usrId);
    expect(await statementMessages(clientId)).toHaveLength(5);
    const [annRow] = await db
      .select()
      .from(tax_statement_send)
      .where(and(eq(tax_statement_send.usr_id, ann.usr_id), eq(tax_statement_send.period, `event:${springId}`)));
    expect(annRow).toMatchObject({ sent_count: 2, deductible: 100_00 });

    // Cy gave nothing: no statement to resend.
    await expect(resendStatement(sending, event, cy.usr_id, staff.usrId)).rejects.toThrow(/no deductible amount/);

    // The page says how many were sent.
    const page = await call(
      taxRoute.loader,
      makeRequest(`/admin/setup/reporting/tax?id=${springId}`, { cookie: staff.cookie }),
    );
    expect(page.data).toMatchObject({ mail: { period: "event", sent: 2, lastSentAt: expect.stringMatching(/\d{4}/) } });

    // Through the page's form: already sent, so nobody new.
    const pressed = await call(
      taxRoute.action,
      makeRequest(`/admin/setup/reporting/tax?id=${springId}`, {
        cookie: staff.cookie,
        form: { intent: "send-statements", period: "event" },
      }),
    );
    expect(pressed.status).toBe(302);
    expect(await statementMessages(clientId)).toHaveLength(5);
  });

  it.runIf(process.env.TEST_DB_ENGINE === "postgres")(
    "sends each donor one statement when two people press at once",
    async () => {
      const { clientId, springId } = await makeTaxOrganisation(db);
      const donors = await makeDonors(db, 8);
      for (const [index, donor] of donors.entries())
        await giveAt(db, springId, donor.usr_id, 10_00 + index, "2026-03-01T12:00:00Z");
      const [first, second] = [await reporterOn(springId), await reporterOn(springId)];
      const sending = { eventId: springId, clientId, title: "Spring Gala", currency: "USD" };
      const event = { kind: "event", eventId: springId } as const;
      const results = await Promise.all([
        sendStatements(sending, event, first.usrId),
        sendStatements(sending, event, second.usrId),
      ]);
      expect(results[0].sent + results[1].sent).toBe(8);
      const sent = await statementMessages(clientId);
      expect(sent).toHaveLength(8);
      expect(new Set(sent.map((row) => row.to_usr_id)).size).toBe(8);
    },
  );
});
