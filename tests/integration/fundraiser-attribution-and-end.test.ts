// Issue 15's remainders: staff attribute a cash or check gift to a fundraiser's page (it counts on the page and on
// the leaderboard, only on this event's approved pages, and can be moved by editing), and a page's end date (after
// it the page shows its final total, /dp refuses a gift on it and records nothing, /cattlemen lists it as ended; a
// supporter sets the end of their own page within the event's rules).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { recordMonthlyGift } from "~/billing/donation-checkout.server";
import { parseForm } from "~/forms/form-contract";
import { Refusal } from "~/forms/refusal";
import { give } from "~/giving/donation-page.server";
import { listDonations, recordStaffGift, updateGift } from "~/giving/donations-admin.server";
import {
  createFundraiser,
  eventFundraisers,
  publicFundraiser,
  signUpFundraiser,
  updateFundraiser,
  updateOwnFundraiser,
  approveFundraisers,
} from "~/giving/fundraisers.server";
import { donationSchema, giftSchema } from "~/giving/gift-forms";
import * as fundraiserRoute from "~/routes/cattleman";
import * as fundraisersRoute from "~/routes/cattlemen";
import * as donationRoute from "~/routes/dp";
import { donation, event } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { aBrowser, makeEvent, makeUser, sessionCookie } from "../support/people";
import { call, makeRequest } from "../support/route-calls";

const { db } = testDatabase();

const HOUR = 60 * 60 * 1000;
const PAGES = { successUrl: "http://gavel.test/dp", cancelUrl: "http://gavel.test/dp" };

async function approvedPage(eventId: number, name: string, endsAt: Date | null = null) {
  const staff = await makeUser(db);
  return createFundraiser(eventId, { name, goal: 100_000, story: "", ends_at: endsAt, is_active: true }, staff.usr_id);
}

function staffGift(fields: Record<string, string>) {
  const parsed = parseForm(new URLSearchParams({ amount: "75", method: "cash", ...fields }), donationSchema);
  if (parsed.status !== "success") throw new Error(JSON.stringify(parsed.error));
  return parsed.value;
}

function giftOnBill(fundraiserId: number) {
  const parsed = parseForm(
    new URLSearchParams({
      choice: "5000",
      pay: "invoice",
      fundraiser: String(fundraiserId),
      submission: `submission-${Math.random().toString(36).slice(2)}`,
    }),
    giftSchema,
  );
  if (parsed.status !== "success") throw new Error(JSON.stringify(parsed.error));
  return parsed.value;
}

const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof Refusal ? { field: error.field, message: error.message } : error),
  );

describe(`fundraisers: staff attribution and end dates on ${process.env.TEST_DB_ENGINE}`, () => {
  it("counts a cash or check gift staff attribute to a page on that page and its leaderboard", async () => {
    const { event_id: eventId } = await makeEvent(db);
    const staff = await makeUser(db);
    const readers = await approvedPage(eventId, "Lighthouse Readers");
    const rowers = await approvedPage(eventId, "Harbor Rowing Club");

    const cashId = await recordStaffGift(
      eventId,
      staffGift({ fundraiser: String(readers) }),
      staff.usr_id,
      crypto.randomUUID(),
    );
    await recordStaffGift(
      eventId,
      staffGift({ amount: "40", method: "check", check_number: "1042", fundraiser: String(rowers) }),
      staff.usr_id,
      crypto.randomUUID(),
    );
    await recordStaffGift(eventId, staffGift({ amount: "10" }), staff.usr_id, crypto.randomUUID());

    expect(await publicFundraiser(readers)).toMatchObject({ raised: 7_500, gifts: 1 });
    expect((await eventFundraisers(eventId)).running).toMatchObject([
      { id: readers, raised: 7_500 },
      { id: rowers, raised: 4_000 },
    ]);
    const listed = await listDonations(eventId);
    expect(listed.donations.map((row) => row.fundraiserName).sort()).toEqual([
      "Harbor Rowing Club",
      "Lighthouse Readers",
      null,
    ]);

    // Edited onto the other page: it moves, and the leaderboard follows.
    await updateGift(eventId, cashId, staffGift({ fundraiser: String(rowers) }));
    expect((await eventFundraisers(eventId)).running).toMatchObject([
      { id: rowers, raised: 11_500 },
      { id: readers, raised: 0 },
    ]);

    // Another event's page, or one still waiting for approval, is refused beside the field; nothing is written.
    const other = await makeEvent(db);
    const elsewhere = await approvedPage(other.event_id, "Elsewhere");
    const supporter = await makeUser(db);
    const waiting = await signUpFundraiser(eventId, supporter.usr_id, {
      name: "Waiting",
      goal: null,
      story: "",
      ends_at: null,
    });
    for (const page of [elsewhere, waiting])
      expect(
        await refusalOf(
          recordStaffGift(eventId, staffGift({ fundraiser: String(page) }), staff.usr_id, crypto.randomUUID()),
        ),
      ).toEqual({
        field: "fundraiser",
        message: "Choose one of this event's approved pages, or none.",
      });
    expect(await refusalOf(updateGift(eventId, cashId, staffGift({ fundraiser: String(elsewhere) })))).toMatchObject({
      field: "fundraiser",
    });
    expect(await db.select().from(donation).where(eq(donation.event_id, eventId))).toHaveLength(3);
  });

  it("refuses a gift on a page after its end, shows the final total and lists the page as ended", async () => {
    const { event_id: eventId } = await makeEvent(db);
    const donor = await makeUser(db, { first_name: "Rosa" });
    const asDonor = { usrId: donor.usr_id, firstName: "Rosa", lastName: null, email: donor.email_address };
    const pageId = await approvedPage(eventId, "Team Tidewater", new Date(Date.now() + HOUR));

    // Before the end: taken, and the page says when it ends.
    expect((await give(eventId, giftOnBill(pageId), asDonor, PAGES, aBrowser())).kind).toBe("receipt");
    const running = await call(fundraiserRoute.loader, makeRequest(`/cattleman?cattleManId=${pageId}`));
    expect(running.data).toMatchObject({ endedOn: null, endsOn: expect.stringMatching(/\d{4}/) });

    await updateFundraiser(eventId, pageId, { ends_at: new Date(Date.now() - 1000) });

    // After it: refused with the reason, nothing recorded (a form posted from /dp without JavaScript, too).
    expect(await refusalOf(give(eventId, giftOnBill(pageId), asDonor, PAGES, aBrowser()))).toMatchObject({
      message: expect.stringMatching(/^Team Tidewater's page ended on .+ and takes no more gifts\./),
    });
    const cookie = await sessionCookie(donor.usr_id);
    const posted = await call(
      donationRoute.action,
      makeRequest(`/dp?id=${eventId}&fundraiser=${pageId}`, {
        cookie,
        form: {
          intent: "give",
          choice: "5000",
          pay: "invoice",
          fundraiser: String(pageId),
          submission: "late-gift-submission",
        },
      }),
    );
    expect(posted.data).toMatchObject({ error: { "": [expect.stringContaining("takes no more gifts")] } });
    expect(await db.select().from(donation).where(eq(donation.event_id, eventId))).toHaveLength(1);

    // The page: ended, with its final total; /dp from its old link gives to the event and says why.
    const ended = await call(fundraiserRoute.loader, makeRequest(`/cattleman?cattleManId=${pageId}`));
    expect(ended.data).toMatchObject({ endedOn: expect.stringMatching(/\d{4}/), page: { raised: 5_000, ended: true } });
    const dp = await call(donationRoute.loader, makeRequest(`/dp?id=${eventId}&fundraiser=${pageId}`));
    expect(dp.data).toMatchObject({ fundraiser: null, fundraiserEnded: expect.stringContaining("Team Tidewater") });

    const listed = await call(fundraisersRoute.loader, makeRequest(`/cattlemen?id=${eventId}`));
    expect(listed.data).toMatchObject({ fundraisers: { running: [], ended: [{ id: pageId, raised: 5_000 }] } });

    // Staff reopen it: it takes gifts again.
    await updateFundraiser(eventId, pageId, { ends_at: null });
    expect((await give(eventId, giftOnBill(pageId), asDonor, PAGES, aBrowser())).kind).toBe("receipt");
  });

  it("counts a monthly gift's later months on the page only while it runs, so an ended page's total is final", async () => {
    const { event_id: eventId } = await makeEvent(db);
    const pageId = await approvedPage(eventId, "Harbor Rowing Club");
    await db.insert(donation).values({
      event_id: eventId,
      amount: 2_000,
      method: "card",
      status: "paid",
      source: "online",
      frequency: "monthly",
      subscription_ref: "sub_rowing",
      fundraiser_id: pageId,
    });
    const month = (invoiceRef: string) =>
      db.transaction((tx) =>
        recordMonthlyGift(tx, eventId, { subscriptionId: "sub_rowing", invoiceRef, amount: 2_000 }),
      );
    await month("in_second");
    expect(await publicFundraiser(pageId)).toMatchObject({ raised: 4_000, gifts: 2 });

    await updateFundraiser(eventId, pageId, { ends_at: new Date(Date.now() - 1000) });
    await month("in_third");
    expect(await publicFundraiser(pageId)).toMatchObject({ raised: 4_000, gifts: 2 });
    // The month is still a gift to the event.
    expect(await db.select().from(donation).where(eq(donation.event_id, eventId))).toHaveLength(3);
  });

  it("lets a supporter end their own page only ahead, by the event's end, and not reopen it", async () => {
    const eventEnd = new Date(Date.now() + 10 * 24 * HOUR);
    const { event_id: eventId } = await makeEvent(db);
    await db.update(event).set({ end_date_time: eventEnd }).where(eq(event.event_id, eventId));
    const supporter = await makeUser(db);
    const staff = await makeUser(db);
    const base = { name: "Jo's Run", goal: null, story: "" };

    expect(
      await refusalOf(
        signUpFundraiser(eventId, supporter.usr_id, { ...base, ends_at: new Date(eventEnd.getTime() + HOUR) }),
      ),
    ).toMatchObject({
      field: "ends_at",
      message: expect.stringMatching(/^Choose a time no later than the event's end/),
    });
    const pageId = await signUpFundraiser(eventId, supporter.usr_id, { ...base, ends_at: null });
    await approveFundraisers(eventId, [pageId], staff.usr_id);

    const tomorrow = new Date(Date.now() + 24 * HOUR);
    await updateOwnFundraiser(pageId, supporter.usr_id, { ...base, ends_at: tomorrow });
    expect(await publicFundraiser(pageId)).toMatchObject({ endsAt: tomorrow, ended: false });
    expect(
      await refusalOf(updateOwnFundraiser(pageId, supporter.usr_id, { ...base, ends_at: new Date(Date.now() - HOUR) })),
    ).toEqual({ field: "ends_at", message: "Choose a time still to come." });

    // Staff may give it a later end than the event's; the supporter saving their story keeps it.
    const later = new Date(eventEnd.getTime() + 5 * 24 * HOUR);
    await updateFundraiser(eventId, pageId, { ends_at: later });
    await updateOwnFundraiser(pageId, supporter.usr_id, { ...base, story: "<p>Thanks</p>", ends_at: later });
    expect(await publicFundraiser(pageId)).toMatchObject({ endsAt: later, story: "<p>Thanks</p>" });

    // Ended: only staff reopen it.
    await updateFundraiser(eventId, pageId, { ends_at: new Date(Date.now() - HOUR) });
    expect(await refusalOf(updateOwnFundraiser(pageId, supporter.usr_id, { ...base, ends_at: null }))).toEqual({
      field: "ends_at",
      message: "Your page has ended. Ask the event's team if it should take gifts again.",
    });
  });
});
