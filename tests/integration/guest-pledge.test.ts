// /pi: a guest's own paddle raise: choose, review, confirm; sign-in needed to pledge; a paddle given if they had none;
// anonymous on the room's screens when they ask; a retried confirmation counts once, and so does one confirmed again
// after going Back to it; amounts outside the gift limits and levels the raise does not offer are refused.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createPaddleRaise } from "~/catalogue/paddle-raises.server";
import * as route from "~/routes/pi";
import { paddle_raise, pledge, usr_event_paddle } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { makeEvent, makeUser, sessionCookie } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();

let eventId: number;
let raiseId: number;
let guest: string;
let guestId: number;

beforeEach(async () => {
  eventId = (await makeEvent(db)).event_id;
  const user = await makeUser(db, { first_name: "Maya", last_name: "Angelou" });
  guestId = user.usr_id;
  guest = await sessionCookie(user.usr_id);
  raiseId = await createPaddleRaise(eventId, {
    title: "Fund a Classroom",
    description: "Books and desks",
    goal: 1_000_000,
    is_active: true,
    levels: [
      { amount: 100_000, label: null },
      { amount: 25_000, label: null },
    ],
  });
});

type Page = Awaited<ReturnType<typeof route.loader>>;
const open = async (query: string, cookie: string | null = guest) =>
  (await call(route.loader as RouteFunction, makeRequest(`/pi?id=${eventId}${query}`, { cookie: cookie ?? undefined })))
    .data as Page;
const confirm = (form: Record<string, string>, cookie: string | null = guest) =>
  call(
    route.action as RouteFunction,
    makeRequest(`/pi?id=${eventId}&raise=${raiseId}&review=1`, {
      cookie: cookie ?? undefined,
      form: { raise: String(raiseId), ...form },
    }),
  );
const pledges = () => db.select().from(pledge).where(eq(pledge.event_id, eventId));

describe(`/pi on ${process.env.TEST_DB_ENGINE}`, () => {
  it("shows the open raise to anyone, and asks a visitor to sign in before pledging", async () => {
    const page = await open("", null);
    expect(page.raise).toMatchObject({ id: raiseId, title: "Fund a Classroom", total: 0, goal: 1_000_000 });
    expect(page.guestName).toBeNull();
    expect(page.signInHref).toContain(encodeURIComponent(`/pi?id=${eventId}&raise=${raiseId}`));
    const refused = await confirm({ level: "100000", key: "a" }, null);
    expect(refused.status).toBe(302);
    expect(refused.location).toMatch(/^\/auth\/sign-in\?returnTo=/);
    expect(await pledges()).toEqual([]);
  });

  it("thanks a guest by their first name, and one without a name without their email", async () => {
    expect((await open("")).firstName).toBe("Maya");
    const nameless = await makeUser(db);
    const page = await open("", await sessionCookie(nameless.usr_id));
    expect(page.firstName).toBeNull();
    expect(page.guestName).toBe(nameless.email_address);
  });

  it("reviews a valid choice, refuses a missing one at its field, then records the pledge under a new paddle", async () => {
    expect((await open(`&review=1&raise=${raiseId}&key=k1`)).reply).toMatchObject({
      formId: "guest-pledge",
      error: { level: ["Choose an amount."] },
    });
    expect((await open(`&raise=${raiseId}&review=1&level=custom&custom=&key=k1`)).reply).toMatchObject({
      error: { custom: ["Type the amount."] },
    });
    expect((await open(`&raise=${raiseId}&review=1&level=custom&custom=150&anonymous=yes&key=k1`)).review).toEqual({
      amount: 15_000,
      level: "custom",
      custom: "150",
      anonymous: true,
      key: "k1",
    });

    const done = await confirm({ level: "custom", custom: "150", anonymous: "yes", key: "k1" });
    expect(done.status).toBe(302);
    const [row] = await pledges();
    expect(row).toMatchObject({ usr_id: guestId, amount: 15_000, is_anonymous: true, source: "guest" });
    const [paddle] = await db.select().from(usr_event_paddle).where(eq(usr_event_paddle.usr_id, guestId));
    expect(row.paddle).toBe(paddle.paddle);
    expect(done.location).toBe(`/pi?id=${eventId}&raise=${raiseId}&thanks=${row.pledge_id}`);

    const thanks = await open(`&raise=${raiseId}&thanks=${row.pledge_id}`);
    expect(thanks.thanks).toEqual({ amount: 15_000, anonymous: true });
    expect(thanks.raise).toMatchObject({ total: 15_000, count: 1 });
    expect(thanks.recent).toMatchObject([{ name: "Anonymous", amount: 15_000 }]);
    // Someone else's thanks page shows nothing of it.
    const other = await sessionCookie((await makeUser(db)).usr_id);
    expect((await open(`&raise=${raiseId}&thanks=${row.pledge_id}`, other)).thanks).toBeNull();
  });

  it("counts a retried confirmation once and shows the guest's first name when not anonymous", async () => {
    await confirm({ level: "100000", key: "same" });
    await confirm({ level: "100000", key: "same" });
    expect((await pledges()).length).toBe(1);
    expect((await open("")).recent).toMatchObject([{ name: "Maya", amount: 100_000 }]);
  });

  it("answers a confirmation sent again after Back with the pledge it recorded; a choice made again is a new pledge", async () => {
    // The choice form carries the page's key into the review's address; the review's confirmation posts it.
    const chosen = await open("");
    expect(chosen.submissionKey).toMatch(/^[0-9a-f-]{36}$/);
    const reviewQuery = `&raise=${raiseId}&review=1&level=25000&custom=&key=${chosen.submissionKey}`;
    const review = (await open(reviewQuery)).review!;
    expect(review).toMatchObject({ amount: 25_000, key: chosen.submissionKey });
    const first = await confirm({ level: review.level, custom: review.custom, key: review.key });
    expect(first.status).toBe(302);
    const [recorded] = await pledges();

    // Back to the review (the same address): the same key, and its confirmation answers with the first pledge.
    const back = (await open(reviewQuery)).review!;
    expect(back.key).toBe(review.key);
    const again = await confirm({ level: back.level, custom: back.custom, key: back.key });
    expect(again.location).toBe(`/pi?id=${eventId}&raise=${raiseId}&thanks=${recorded.pledge_id}`);
    expect((await pledges()).length).toBe(1);
    expect((await open(`&raise=${raiseId}&thanks=${recorded.pledge_id}`)).thanks).toEqual({
      amount: 25_000,
      anonymous: false,
    });

    // Pledge again: the choice form anew has a new key, and the same level is a second pledge.
    const anew = await open("");
    expect(anew.submissionKey).not.toBe(chosen.submissionKey);
    await confirm({ level: "25000", custom: "", key: anew.submissionKey });
    expect((await pledges()).map((row) => row.amount)).toEqual([25_000, 25_000]);
  });

  it("gives a review opened without a key one, kept in its address; a confirmation without a key is refused", async () => {
    const opened = await call(
      route.loader as RouteFunction,
      makeRequest(`/pi?id=${eventId}&raise=${raiseId}&review=1&level=25000`, { cookie: guest }),
    );
    expect(opened.status).toBe(302);
    const keyed = new URL(opened.location!, "http://localhost");
    expect(keyed.pathname).toBe("/pi");
    expect(Object.fromEntries(keyed.searchParams)).toEqual({
      id: String(eventId),
      raise: String(raiseId),
      review: "1",
      level: "25000",
      key: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const refused = await confirm({ level: "25000" });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain("This confirmation has expired");
    expect(await pledges()).toEqual([]);
  });

  it("refuses an amount outside the gift limits and a level the raise does not offer, at their fields", async () => {
    for (const custom of ["0.5", "0.99", "100000.01"])
      expect((await open(`&raise=${raiseId}&review=1&level=custom&custom=${custom}&key=k`)).reply).toMatchObject({
        formId: "guest-pledge",
        error: { custom: ["Give from 1 to 100,000."] },
      });
    const unoffered = await open(`&raise=${raiseId}&review=1&level=123&custom=&key=k`);
    expect(unoffered.review).toBeNull();
    expect(unoffered.reply).toMatchObject({ error: { level: ["Choose one of the amounts shown."] } });

    // Posted anyway: refused at the field, nothing recorded.
    const small = await confirm({ level: "custom", custom: "0.5", key: "k1" });
    expect(small.status).toBe(400);
    expect(small.data).toMatchObject({ error: { custom: ["Give from 1 to 100,000."] } });
    const forged = await confirm({ level: "123", custom: "", key: "k2" });
    expect(forged.status).toBe(400);
    expect(forged.data).toMatchObject({ error: { level: ["Choose one of the amounts shown."] } });
    expect(await pledges()).toEqual([]);

    // The limits themselves are pledges: $1 and $100,000 of their own, and the raise's levels.
    for (const [form, key] of [
      [{ level: "custom", custom: "1" }, "k3"],
      [{ level: "custom", custom: "100,000" }, "k4"],
      [{ level: "100000", custom: "" }, "k5"],
    ] as const)
      expect((await confirm({ ...form, key })).status).toBe(302);
    expect((await pledges()).map((row) => row.amount).sort((a, b) => a - b)).toEqual([100, 100_000, 10_000_000]);
  });

  it("refuses a pledge to a raise that closed while the guest was reviewing", async () => {
    await db.update(paddle_raise).set({ is_active: false }).where(eq(paddle_raise.paddle_raise_id, raiseId));
    const refused = await confirm({ level: "25000", key: "late" });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain("This paddle raise is closed");
    expect((await open("")).raise).toBeNull();
  });
});
