/**
 * Peer-to-peer fundraisers (decision 026): supporters' own pages for the cause. Staff make pages (approved as they
 * make them) or approve the ones supporters sign up for; a supporter edits their own page once it is approved.
 * Only approved, active pages are public (/cattlemen, /allcattlemen, /cattleman, /wranglers); a page past its end
 * (`ends_at`) stays public with its final total but takes no more gifts. What a page raised
 * is always summed from its gifts (donation.fundraiser_id, the gifts that count), so concurrent gifts can never
 * leave it wrong; those gifts are ordinary gifts, in the event's totals and on the giver's bill.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { messageOrigin } from "~/messages/links.server";
import { enqueueMessages } from "~/messages/outbox.server";
import { sanitizeRichText } from "~/rich-text/sanitize.server";
import { formatInZone } from "~/ui/zoned-time";
import { donation, event, fundraiser, usr } from "~drizzle/schema";
import { supporterEndRefusal } from "./fundraiser-end";
import { fundraiserWordsOf, type FundraiserPageInput, type FundraiserSettingsInput } from "./fundraiser-forms";
import { COUNTED_GIFT_STATUSES, giverName } from "./recent-donations.server";

/** A page the public sees: approved and active. */
const isPublic = and(isNotNull(fundraiser.approved_at), eq(fundraiser.is_active, true));
/** Past its end: the page shows its final total and takes no more gifts. */
const ended = sql<boolean>`coalesce(${fundraiser.ends_at} <= now(), false)`;

const counted = and(
  eq(donation.fundraiser_id, fundraiser.fundraiser_id),
  inArray(donation.status, COUNTED_GIFT_STATUSES),
);
const raised = sql<number>`coalesce((select sum(${donation.amount} + ${donation.fee}) from ${donation} where ${counted}), 0)::int`;
const giftCount = sql<number>`(select count(*) from ${donation} where ${counted})::int`;

/** What the event calls its fundraisers ("Fundraisers" unless staff chose other words). */
export async function fundraiserWords(eventId: number) {
  const [row] = await db.select({ meta: event.meta }).from(event).where(eq(event.event_id, eventId));
  return fundraiserWordsOf(row?.meta);
}

const pageValues = (input: FundraiserPageInput) => ({
  name: input.name,
  goal: input.goal,
  story: sanitizeRichText(input.story) || null,
  ends_at: input.ends_at,
  ...(input.photo === undefined ? {} : { photo: input.photo }),
});

// ---- Staff (/admin/solemen/fundraisers) ----

export type FundraiserRow = Awaited<ReturnType<typeof listFundraisers>>[number];

export async function listFundraisers(eventId: number) {
  const rows = await db
    .select({
      fundraiser_id: fundraiser.fundraiser_id,
      name: fundraiser.name,
      photo: fundraiser.photo,
      story: fundraiser.story,
      goal: fundraiser.goal,
      is_active: fundraiser.is_active,
      approved: sql<boolean>`${fundraiser.approved_at} is not null`,
      is_wranglers: fundraiser.is_wranglers,
      ends_at: fundraiser.ends_at,
      ended,
      owner: usr.email_address,
      raised,
      gifts: giftCount,
      created_at: fundraiser.created_at,
    })
    .from(fundraiser)
    .leftJoin(usr, eq(usr.usr_id, fundraiser.usr_id))
    .where(eq(fundraiser.event_id, eventId))
    .orderBy(desc(raised), asc(fundraiser.name));
  return rows.map((row) => ({
    ...row,
    story: row.story ?? "",
    ends_at: row.ends_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  }));
}

/** A page made by staff: approved as it is made. */
export async function createFundraiser(
  eventId: number,
  input: FundraiserPageInput & { is_active: boolean },
  byUsrId: number,
): Promise<number> {
  const [created] = await db
    .insert(fundraiser)
    .values({
      event_id: eventId,
      ...pageValues(input),
      is_active: input.is_active,
      approved_at: new Date(),
      approved_by: byUsrId,
    })
    .returning({ id: fundraiser.fundraiser_id });
  return created.id;
}

export async function updateFundraiser(
  eventId: number,
  fundraiserId: number,
  input: Partial<FundraiserPageInput & { is_active: boolean }>,
): Promise<boolean> {
  const values = {
    ...(input.name === undefined ? {} : { name: input.name }),
    ...(input.goal === undefined ? {} : { goal: input.goal }),
    ...(input.story === undefined ? {} : { story: sanitizeRichText(input.story) || null }),
    ...(input.photo === undefined ? {} : { photo: input.photo }),
    ...(input.ends_at === undefined ? {} : { ends_at: input.ends_at }),
    ...(input.is_active === undefined ? {} : { is_active: input.is_active }),
  };
  const updated = await db
    .update(fundraiser)
    .set(values)
    .where(and(eq(fundraiser.event_id, eventId), eq(fundraiser.fundraiser_id, fundraiserId)))
    .returning({ id: fundraiser.fundraiser_id });
  return updated.length > 0;
}

/**
 * Approves the pages still waiting; answers how many were. Each supporter is told by email, with their page's
 * link, in the same transaction: they learn it is public without the organiser's help.
 */
export async function approveFundraisers(eventId: number, ids: number[], byUsrId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const approved = await tx
      .update(fundraiser)
      .set({ approved_at: new Date(), approved_by: byUsrId })
      .where(
        and(eq(fundraiser.event_id, eventId), inArray(fundraiser.fundraiser_id, ids), isNull(fundraiser.approved_at)),
      )
      .returning({ id: fundraiser.fundraiser_id, usrId: fundraiser.usr_id, name: fundraiser.name });
    await enqueueMessages(
      tx,
      approved.flatMap((page) =>
        page.usrId === null
          ? []
          : [
              {
                event_id: eventId,
                template: "fundraiser_approved" as const,
                channel: "email" as const,
                to: { usr_id: page.usrId },
                data: { page: page.name, link: `${messageOrigin()}/cattleman?cattleManId=${page.id}` },
                idempotency_key: `fundraiser_approved:${page.id}`,
              },
            ],
      ),
    );
    return approved.length;
  });
}

export async function setFundraisersActive(eventId: number, ids: number[], active: boolean): Promise<number> {
  const changed = await db
    .update(fundraiser)
    .set({ is_active: active })
    .where(and(eq(fundraiser.event_id, eventId), inArray(fundraiser.fundraiser_id, ids)))
    .returning({ id: fundraiser.fundraiser_id });
  return changed.length;
}

/** Deletes pages nobody gave on: a page with gifts keeps them attributed, so it can only be made inactive. */
export async function deleteFundraisers(eventId: number, ids: number[]): Promise<number> {
  const withGifts = await db
    .selectDistinct({ id: donation.fundraiser_id })
    .from(donation)
    .where(and(eq(donation.event_id, eventId), inArray(donation.fundraiser_id, ids)));
  if (withGifts.length > 0)
    throw new Refusal("A page that received gifts cannot be deleted: mark it inactive to hide it.");
  const deleted = await db
    .delete(fundraiser)
    .where(and(eq(fundraiser.event_id, eventId), inArray(fundraiser.fundraiser_id, ids)))
    .returning({ id: fundraiser.fundraiser_id });
  return deleted.length;
}

/**
 * The event's words for its fundraisers, and the page /wranglers leads to: one page in the whole app, since
 * /wranglers is one address, so another event's choice is refused (the unique index settles two at once).
 */
export async function saveFundraiserSettings(eventId: number, input: FundraiserSettingsInput): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(event)
      .set({
        meta: sql`jsonb_set(${event.meta}, '{giving}', coalesce(${event.meta} -> 'giving', '{}'::jsonb) || ${JSON.stringify(
          { fundraiser_words: { singular: input.singular, plural: input.plural } },
        )}::jsonb)`,
      })
      .where(eq(event.event_id, eventId));
    await tx
      .update(fundraiser)
      .set({ is_wranglers: false })
      .where(and(eq(fundraiser.event_id, eventId), eq(fundraiser.is_wranglers, true)));
    if (input.wranglers === null) return;
    const [other] = await tx
      .select({ id: fundraiser.fundraiser_id })
      .from(fundraiser)
      .where(and(eq(fundraiser.is_wranglers, true), ne(fundraiser.event_id, eventId)));
    if (other) throw new Refusal("/wranglers already leads to another event's page.", "wranglers");
    const [chosen] = await tx
      .update(fundraiser)
      .set({ is_wranglers: true })
      .where(and(eq(fundraiser.event_id, eventId), eq(fundraiser.fundraiser_id, input.wranglers), isPublic))
      .returning({ id: fundraiser.fundraiser_id });
    if (!chosen) throw new Refusal("Choose an approved, active page of this event.", "wranglers");
  });
}

// ---- Supporters ----

/** Refuses, beside the end's field, an end the event's rules do not let a supporter choose (fundraiser-end.ts). */
async function checkSupporterEnd(eventId: number, current: Date | null, next: Date | null) {
  const [row] = await db
    .select({ end: event.end_date_time, timeZone: event.timezone })
    .from(event)
    .where(eq(event.event_id, eventId));
  const refusal = supporterEndRefusal({
    current,
    next,
    eventEnd: row.end,
    eventEndText: formatInZone(row.end, row.timeZone),
  });
  if (refusal) throw new Refusal(refusal, "ends_at");
}

/** A signed-in supporter asks for a page of their own; it waits for staff to approve it. */
export async function signUpFundraiser(eventId: number, usrId: number, input: FundraiserPageInput): Promise<number> {
  await checkSupporterEnd(eventId, null, input.ends_at);
  const [created] = await db
    .insert(fundraiser)
    .values({ event_id: eventId, usr_id: usrId, ...pageValues(input) })
    .onConflictDoNothing()
    .returning({ id: fundraiser.fundraiser_id });
  if (!created) throw new Refusal("You already have a page at this event.");
  return created.id;
}

/** The supporter's own page, once approved; refused for anyone else's, or before approval. */
export async function updateOwnFundraiser(
  fundraiserId: number,
  usrId: number,
  input: FundraiserPageInput,
): Promise<void> {
  const ownPage = and(
    eq(fundraiser.fundraiser_id, fundraiserId),
    eq(fundraiser.usr_id, usrId),
    isNotNull(fundraiser.approved_at),
  );
  const [current] = await db
    .select({ eventId: fundraiser.event_id, endsAt: fundraiser.ends_at })
    .from(fundraiser)
    .where(ownPage);
  if (!current) throw new Refusal("Only the supporter whose page this is can change it, once it is approved.");
  await checkSupporterEnd(current.eventId, current.endsAt, input.ends_at);
  // The end is only written as it was checked: a change staff made meanwhile makes this save refused, not undone.
  const [updated] = await db
    .update(fundraiser)
    .set(pageValues(input))
    .where(and(ownPage, current.endsAt === null ? isNull(fundraiser.ends_at) : eq(fundraiser.ends_at, current.endsAt)))
    .returning({ id: fundraiser.fundraiser_id });
  if (!updated) throw new Refusal("The event's team changed your page's end meanwhile. Look at it again and save.");
}

/** The supporter's own page at the event, if they have one (approved or waiting). */
export async function ownFundraiser(eventId: number, usrId: number) {
  const [row] = await db
    .select({
      id: fundraiser.fundraiser_id,
      name: fundraiser.name,
      approved: sql<boolean>`${fundraiser.approved_at} is not null`,
    })
    .from(fundraiser)
    .where(and(eq(fundraiser.event_id, eventId), eq(fundraiser.usr_id, usrId)));
  return row ?? null;
}

// ---- The public pages ----

const card = {
  id: fundraiser.fundraiser_id,
  name: fundraiser.name,
  photo: fundraiser.photo,
  goal: fundraiser.goal,
  raised,
  gifts: giftCount,
  endsAt: fundraiser.ends_at,
  ended,
};

/** The event's public pages, most raised first: the running ones (the leaderboard of /cattlemen), then the ended. */
export async function eventFundraisers(eventId: number) {
  const rows = await db
    .select(card)
    .from(fundraiser)
    .where(and(eq(fundraiser.event_id, eventId), isPublic))
    .orderBy(desc(raised), asc(fundraiser.name));
  return { running: rows.filter((row) => !row.ended), ended: rows.filter((row) => row.ended) };
}

/** Every public page of the organisation's events (/allcattlemen), most raised first, with its event. */
export async function organisationFundraisers(eventId: number) {
  const [row] = await db.select({ client: event.client_id }).from(event).where(eq(event.event_id, eventId));
  return db
    .select({ ...card, eventId: event.event_id, eventTitle: event.title })
    .from(fundraiser)
    .innerJoin(event, eq(event.event_id, fundraiser.event_id))
    .where(and(eq(event.client_id, row.client), eq(event.is_archived, false), isPublic))
    .orderBy(desc(raised), asc(fundraiser.name));
}

/** A public page (/cattleman?cattleManId=), or null: unknown, waiting for approval or inactive. */
export async function publicFundraiser(fundraiserId: number) {
  const [row] = await db
    .select({ ...card, eventId: fundraiser.event_id, story: fundraiser.story, usrId: fundraiser.usr_id })
    .from(fundraiser)
    .where(and(eq(fundraiser.fundraiser_id, fundraiserId), isPublic));
  return row ?? null;
}

export async function publicFundraiserCount(eventId: number): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(fundraiser)
    .where(and(eq(fundraiser.event_id, eventId), isPublic));
  return row.count;
}

/**
 * The page a gift may name: a public page of this event (null for any other), with `endedOn` (the end as the event
 * reads it) when it has ended and takes no more gifts.
 */
export async function fundraiserForGift(eventId: number, fundraiserId: number) {
  const [row] = await db
    .select({
      id: fundraiser.fundraiser_id,
      name: fundraiser.name,
      endsAt: fundraiser.ends_at,
      ended,
      timeZone: event.timezone,
    })
    .from(fundraiser)
    .innerJoin(event, eq(event.event_id, fundraiser.event_id))
    .where(and(eq(fundraiser.event_id, eventId), eq(fundraiser.fundraiser_id, fundraiserId), isPublic));
  if (!row) return null;
  return { id: row.id, name: row.name, endedOn: row.ended ? formatInZone(row.endsAt, row.timeZone) : null };
}

/**
 * The pages staff may attribute a cash or check gift to: the event's approved pages, hidden and ended ones too (a
 * check promised on a page can arrive after it closed), running ones first.
 */
export async function attributablePages(eventId: number) {
  return db
    .select({ id: fundraiser.fundraiser_id, name: fundraiser.name, ended, isActive: fundraiser.is_active })
    .from(fundraiser)
    .where(and(eq(fundraiser.event_id, eventId), isNotNull(fundraiser.approved_at)))
    .orderBy(asc(ended), asc(fundraiser.name));
}

/** Refuses, beside the field, a page staff may not attribute a gift to (another event's, or not approved). */
export async function checkAttributablePage(eventId: number, fundraiserId: number | null) {
  if (fundraiserId === null) return;
  const [row] = await db
    .select({ id: fundraiser.fundraiser_id })
    .from(fundraiser)
    .where(
      and(
        eq(fundraiser.event_id, eventId),
        eq(fundraiser.fundraiser_id, fundraiserId),
        isNotNull(fundraiser.approved_at),
      ),
    );
  if (!row) throw new Refusal("Choose one of this event's approved pages, or none.", "fundraiser");
}

/** The page /wranglers leads to, while it is public; null when staff chose none. */
export async function wranglersFundraiserId(): Promise<number | null> {
  const [row] = await db
    .select({ id: fundraiser.fundraiser_id })
    .from(fundraiser)
    .where(and(eq(fundraiser.is_wranglers, true), isPublic));
  return row?.id ?? null;
}

/** The latest gifts given on a page, named as on the room's screens. */
export async function fundraiserGifts(fundraiserId: number, limit = 8) {
  const rows = await db
    .select({
      id: donation.donation_id,
      name: giverName,
      amount: sql<number>`(${donation.amount} + ${donation.fee})::int`,
    })
    .from(donation)
    .leftJoin(usr, eq(usr.usr_id, donation.usr_id))
    .where(and(eq(donation.fundraiser_id, fundraiserId), inArray(donation.status, COUNTED_GIFT_STATUSES)))
    .orderBy(desc(donation.created_at), desc(donation.donation_id))
    .limit(limit);
  return rows;
}
