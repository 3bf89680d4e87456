// Ids in addresses and forms above PostgreSQL's integer ceiling are "no such row", never a 500 (issue 19:
// /event?id=2147483648 answered 500).
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { rowId } from "~/forms/rules";
import * as eventPage from "~/routes/event";
import * as guestPledge from "~/routes/pi";
import { testDatabase } from "../support/database";
import { makeEvent, makeUser, sessionCookie } from "../support/people";
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

  it("are refused by a form's row id rule", () => {
    const form = z.object({ id: rowId });
    expect(form.safeParse({ id: "2147483647" }).success).toBe(true);
    expect(form.safeParse({ id: TOO_BIG }).success).toBe(false);
  });
});
