// Ids in addresses and forms above PostgreSQL's integer ceiling are "no such row", never a 500 (issue 19:
// /event?id=2147483648 answered 500).
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { OWNER_ROLE } from "~/auth/permissions";
import { rowId } from "~/forms/rules";
import * as donorLetter from "~/routes/admin._workspace.auction_items.email_page";
import * as stripeWebhook from "~/routes/billing.stripe-webhook.$eventId";
import * as eventPage from "~/routes/event";
import * as guestPledge from "~/routes/pi";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();
const TOO_BIG = "2147483648";

describe(`ids beyond the integer ceiling on ${process.env.TEST_DB_ENGINE}`, () => {
  it("are no event: /event and /pi answer 404", async () => {
    for (const page of [eventPage, guestPledge])
      expect(await call(page.loader as RouteFunction, makeRequest(`/?id=${TOO_BIG}`))).toMatchObject({ status: 404 });
  });

  it("are no pledge to thank for on /pi", async () => {
    const eventId = (await makeEvent(db)).event_id;
    const cookie = await sessionCookie((await makeUser(db)).usr_id);
    const page = await call(
      guestPledge.loader as RouteFunction,
      makeRequest(`/pi?id=${eventId}&thanks=${TOO_BIG}`, { cookie }),
    );
    expect(page).toMatchObject({ status: 200, data: { thanks: null } });
  });

  it("are no donor to thank on /admin/auction_items/email_page: a 404", async () => {
    const eventId = (await makeEvent(db)).event_id;
    const user = await makeUser(db, { selected_event: eventId });
    await giveRole(db, user.usr_id, eventId, { ...OWNER_ROLE });
    const cookie = await sessionCookie(user.usr_id);
    for (const id of [TOO_BIG, "724515011080348134591"])
      expect(
        await call(
          donorLetter.loader as RouteFunction,
          makeRequest(`/admin/auction_items/email_page?id=${eventId}&donor=${id}`, { cookie }),
        ),
        id,
      ).toMatchObject({ status: 404 });
  });

  it("are no event to the payment webhook: a 404, whatever the signature says", async () => {
    const request = new Request(`http://localhost:3000/billing/stripe-webhook/${TOO_BIG}`, {
      method: "POST",
      headers: { "stripe-signature": "t=1,v1=00" },
      body: "{}",
    });
    expect(await call(stripeWebhook.action as RouteFunction, request, { eventId: TOO_BIG })).toMatchObject({
      status: 404,
    });
  });

  it("are refused by a form's row id rule", () => {
    const form = z.object({ id: rowId });
    expect(form.safeParse({ id: "2147483647" }).success).toBe(true);
    expect(form.safeParse({ id: TOO_BIG }).success).toBe(false);
  });
});
