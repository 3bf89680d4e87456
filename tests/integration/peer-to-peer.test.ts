// Peer-to-peer fundraisers: a supporter signs up on /cattlemen (waiting, not public), staff approve, the supporter
// edits their own page (nobody else can); a gift given on a page through /dp counts on the page, in the event's
// totals and on the giver's bill; what a page raised stays right under concurrent gifts; /wranglers leads to the page
// staff chose (one in the app) and is a 404 otherwise.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoiceIdFor } from "~/billing/charges.server";
import { invoiceLines } from "~/billing/invoice.server";
import { moneyFigures } from "~/billing/money-figures.server";
import { parseForm } from "~/forms/form-contract";
import { Refusal } from "~/forms/refusal";
import { give, type Donor } from "~/giving/donation-page.server";
import {
  approveFundraisers,
  createFundraiser,
  deleteFundraisers,
  eventFundraisers,
  publicFundraiser,
  saveFundraiserSettings,
  setFundraisersActive,
} from "~/giving/fundraisers.server";
import { giftSchema } from "~/giving/gift-forms";
import * as fundraiserRoute from "~/routes/cattleman";
import * as fundraisersRoute from "~/routes/cattlemen";
import * as wranglersRoute from "~/routes/wranglers";
import { donation, fundraiser, message } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { aBrowser, makeEvent, makeUser, sessionCookie } from "../support/people";
import { call, makeRequest } from "../support/route-calls";

const { db } = testDatabase();

/** What the ledger counts as pledged for one source (app/billing/money-figures.server.ts). */
const pledgedFrom = async (eventId: number, source: string) =>
  (await moneyFigures(eventId)).sources.find((entry) => entry.source === source)?.pledged ?? 0;

const PAGES = { successUrl: "http://gavel.test/dp", cancelUrl: "http://gavel.test/dp" };

async function makeDonor(): Promise<Donor> {
  const user = await makeUser(db, { first_name: "Rosa" });
  return { usrId: user.usr_id, firstName: "Rosa", lastName: null, email: user.email_address };
}

/** A gift on the giver's bill, as /dp posts it from a page's give button. */
function giftOnBill(fundraiserId: number, choice = "5000") {
  const form = new URLSearchParams({
    choice,
    pay: "invoice",
    fundraiser: String(fundraiserId),
    submission: `submission-${Math.random().toString(36).slice(2)}`,
  });
  const parsed = parseForm(form, giftSchema);
  if (parsed.status !== "success") throw new Error(JSON.stringify(parsed.error));
  return parsed.value;
}

async function approvedPage(eventId: number, name = "Lighthouse Readers") {
  const staff = await makeUser(db);
  return createFundraiser(
    eventId,
    { name, goal: 100_000, story: "<p>Books</p>", ends_at: null, is_active: true },
    staff.usr_id,
  );
}

const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof Refusal ? { field: error.field, message: error.message } : error),
  );

describe(`peer-to-peer fundraisers on ${process.env.TEST_DB_ENGINE}`, () => {
  it("takes a supporter's page from /cattlemen, shows it only once approved, and lets only them edit it", async () => {
    const { event_id: eventId } = await makeEvent(db);
    const supporter = await makeUser(db, { first_name: "Jo" });
    const cookie = await sessionCookie(supporter.usr_id);
    const signUp = (name: string) =>
      call(
        fundraisersRoute.action,
        makeRequest(`/cattlemen?id=${eventId}`, {
          cookie,
          form: { intent: "sign-up", name, goal: "1,500", story: "<p>Why</p><script>alert(1)</script>" },
        }),
      );
    // Nobody signed in is sent to sign in first.
    const anonymous = await call(
      fundraisersRoute.action,
      makeRequest(`/cattlemen?id=${eventId}`, { form: { name: "Jo" } }),
    );
    expect(anonymous.location).toMatch(/^\/auth\/sign-in/);
    expect((await signUp("")).data).toMatchObject({ error: { name: ["Enter the name shown on the page."] } });
    expect((await signUp("Jo's Run")).status).toBe(302);
    expect((await signUp("Jo's second page")).data).toMatchObject({
      error: { "": ["You already have a page at this event."] },
    });

    const [row] = await db.select().from(fundraiser).where(eq(fundraiser.event_id, eventId));
    expect(row).toMatchObject({ name: "Jo's Run", goal: 150_000, story: "<p>Why</p>", approved_at: null });
    const pageUrl = `/cattleman?cattleManId=${row.fundraiser_id}`;
    expect((await call(fundraiserRoute.loader, makeRequest(pageUrl))).status).toBe(404);
    expect(await eventFundraisers(eventId)).toEqual({ running: [], ended: [] });
    // Not approved yet: the supporter cannot change it either.
    expect((await call(fundraiserRoute.action, makeRequest(pageUrl, { cookie, form: { name: "x" } }))).status).toBe(
      404,
    );

    const staff = await makeUser(db);
    expect(await approveFundraisers(eventId, [row.fundraiser_id], staff.usr_id)).toBe(1);
    expect(await approveFundraisers(eventId, [row.fundraiser_id], staff.usr_id)).toBe(0);
    // The supporter is told, once, with their page's link (issue 33).
    const told = await db.select().from(message).where(eq(message.template, "fundraiser_approved"));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ event_id: eventId, to_usr_id: row.usr_id, channel: "email" });
    expect(told[0].data).toMatchObject({
      page: "Jo's Run",
      link: expect.stringMatching(new RegExp(`${pageUrl.replace("?", "\\?")}$`)),
    });
    const shown = await call(fundraiserRoute.loader, makeRequest(pageUrl, { cookie }));
    expect(shown.data).toMatchObject({
      page: { name: "Jo's Run", goal: 150_000, raised: 0, storyHtml: "<p>Why</p>" },
      giveHref: `/dp?id=${eventId}&fundraiser=${row.fundraiser_id}`,
      mine: { goal: "1500" },
    });

    const edit = { intent: "edit", name: "Jo runs the harbor", goal: "2000", story: "<p>Because</p>" };
    const other = await sessionCookie((await makeUser(db)).usr_id);
    expect(
      (await call(fundraiserRoute.action, makeRequest(pageUrl, { cookie: other, form: edit }))).data,
    ).toMatchObject({ error: { "": ["Only the supporter whose page this is can change it, once it is approved."] } });
    expect((await call(fundraiserRoute.action, makeRequest(pageUrl, { cookie, form: edit }))).status).toBe(302);
    expect(await publicFundraiser(row.fundraiser_id)).toMatchObject({ name: "Jo runs the harbor", goal: 200_000 });

    // Hidden by staff: no longer public.
    await setFundraisersActive(eventId, [row.fundraiser_id], false);
    expect((await call(fundraiserRoute.loader, makeRequest(pageUrl))).status).toBe(404);
  });

  it("counts a gift given on a page on the page, in the event's totals and on the giver's bill", async () => {
    const { event_id: eventId } = await makeEvent(db);
    const pageId = await approvedPage(eventId);
    const donor = await makeDonor();
    const answer = await give(eventId, giftOnBill(pageId), donor, PAGES, aBrowser());
    expect(answer.kind).toBe("receipt");

    expect(await publicFundraiser(pageId)).toMatchObject({ raised: 5_000, gifts: 1 });
    expect(await pledgedFrom(eventId, "donations")).toBe(5_000);
    const invoiceId = (await invoiceIdFor(eventId, donor.usrId))!;
    expect(await invoiceLines(db, invoiceId)).toMatchObject([{ source: "donations", amount: 5_000 }]);
    expect(await eventFundraisers(eventId)).toMatchObject({ running: [{ id: pageId, raised: 5_000 }] });

    // A page waiting for approval, or another event's, takes no gifts; nothing is recorded.
    const other = await makeEvent(db);
    const elsewhere = await approvedPage(other.event_id);
    expect(await refusalOf(give(eventId, giftOnBill(elsewhere), donor, PAGES, aBrowser()))).toMatchObject({
      message: "This fundraiser's page is not taking gifts now. You can still give to the event.",
    });
    expect(await db.select().from(donation).where(eq(donation.event_id, eventId))).toHaveLength(1);

    // A page with gifts keeps them: it can be hidden, not deleted.
    expect(await refusalOf(deleteFundraisers(eventId, [pageId]))).toMatchObject({
      message: "A page that received gifts cannot be deleted: mark it inactive to hide it.",
    });
  });

  it.runIf(process.env.TEST_DB_ENGINE === "postgres")(
    "keeps what a page raised right under 20 gifts at once",
    async () => {
      const { event_id: eventId } = await makeEvent(db);
      const pageId = await approvedPage(eventId);
      const donors = await Promise.all(Array.from({ length: 20 }, () => makeDonor()));
      await Promise.all(
        donors.map((donor, index) =>
          give(eventId, giftOnBill(pageId, String(1_000 + index)), donor, PAGES, aBrowser()),
        ),
      );
      const expected = donors.reduce((sum, _donor, index) => sum + 1_000 + index, 0);
      expect(await publicFundraiser(pageId)).toMatchObject({ raised: expected, gifts: 20 });
      expect(await pledgedFrom(eventId, "donations")).toBe(expected);
    },
  );

  it("leads /wranglers to the page staff chose, one in the app, and answers 404 when none is chosen", async () => {
    const { event_id: eventId } = await makeEvent(db);
    const words = { singular: "Cattleman", plural: "Cattlemen" };
    const pageId = await approvedPage(eventId);
    expect((await call(wranglersRoute.loader, makeRequest("/wranglers"))).status).toBe(404);

    await saveFundraiserSettings(eventId, { ...words, wranglers: pageId });
    expect(await call(wranglersRoute.loader, makeRequest("/wranglers"))).toMatchObject({
      status: 302,
      location: `/cattleman?cattleManId=${pageId}`,
    });
    const listed = await call(fundraisersRoute.loader, makeRequest(`/cattlemen?id=${eventId}`));
    expect(listed.data).toMatchObject({ words, fundraisers: { running: [{ id: pageId }] } });

    // Another event may not take the address, nor point it at a page that is not its own public one.
    const other = await makeEvent(db);
    const otherPage = await approvedPage(other.event_id);
    expect(await refusalOf(saveFundraiserSettings(other.event_id, { ...words, wranglers: otherPage }))).toEqual({
      field: "wranglers",
      message: "/wranglers already leads to another event's page.",
    });
    expect(await refusalOf(saveFundraiserSettings(eventId, { ...words, wranglers: otherPage }))).toEqual({
      field: "wranglers",
      message: "Choose an approved, active page of this event.",
    });
    expect(await call(wranglersRoute.loader, makeRequest("/wranglers"))).toMatchObject({ status: 302 });

    await saveFundraiserSettings(eventId, { ...words, wranglers: null });
    expect((await call(wranglersRoute.loader, makeRequest("/wranglers"))).status).toBe(404);
  });
});
