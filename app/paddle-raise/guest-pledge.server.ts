/**
 * /pi, a guest's own paddle raise on their phone: the open raise with its total and recent gifts; a signed-in guest
 * chooses a level or an amount, reviews, and confirms. The pledge is recorded like a spotted paddle (it reaches the
 * clerk's screen and the monitors) under the guest's paddle, which they get now if they had none.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { readRowId } from "~/db/row-id";
import { parseForm, refusalReply, type FormReply } from "~/forms/form-contract";
import { Refusal } from "~/forms/refusal";
import { ensurePaddle } from "~/registration/paddles.server";
import { sanitizeRichText } from "~/rich-text/sanitize.server";
import { paddle_raise, paddle_raise_level, pledge } from "~drizzle/schema";
import { levelCounts, raiseSummaries, recentGifts } from "./board.server";
import { pledgesMarker } from "./console.server";
import { chosenAmount, GUEST_PLEDGE_FORM, guestPledgeSchema, NOT_OFFERED } from "./pledge-forms";
import { recordPledge } from "./pledges.server";
import type { Database } from "~/db/connection.server";

export interface GuestIdentity {
  usrId: number;
  firstName: string | null;
  name: string;
}

type GuestChoice = ReturnType<typeof guestPledgeSchema.parse>;

/** Refuses a level the raise does not offer (an edited address); the guest's own amount is checked by the schema. */
function refuseUnoffered(offered: readonly number[], value: GuestChoice) {
  if (value.level !== "custom" && !offered.includes(Number(value.level))) throw new Refusal(NOT_OFFERED, "level");
}

/** The amounts of the raise's levels, when the raise is the event's. */
async function offeredAmounts(db: Database, eventId: number, raiseId: number) {
  const rows = await db
    .select({ amount: paddle_raise_level.amount })
    .from(paddle_raise_level)
    .innerJoin(paddle_raise, eq(paddle_raise.paddle_raise_id, paddle_raise_level.paddle_raise_id))
    .where(and(eq(paddle_raise_level.paddle_raise_id, raiseId), eq(paddle_raise.event_id, eventId)));
  return rows.map((row) => row.amount);
}

/**
 * A review's address must carry the choice form's submission key (the form puts it there): one without it (typed,
 * or edited) is given a key, kept in the address, so that Back to the review confirms the same pledge. The query to
 * open instead, or null when the review has its key (or this is not a review).
 */
export function reviewWithoutKey(params: URLSearchParams): URLSearchParams | null {
  if (!params.get("review") || params.get("key")) return null;
  const keyed = new URLSearchParams(params);
  keyed.set("key", randomUUID());
  return keyed;
}

/**
 * What the page shows for the query it was opened with: the raise (?raise=, else the first open one), and the step:
 * choosing, reviewing a valid choice (?level=…&review=1&key=…), or thanks for a pledge of this guest (?thanks=).
 * The choice form carries a fresh submission key per view of it; the review keeps the one in its address, and its
 * confirmation posts it.
 */
export async function guestPledgePage(
  db: Database,
  eventId: number,
  guest: GuestIdentity | null,
  params: URLSearchParams,
) {
  const open = (await raiseSummaries(db, eventId)).filter((raise) => raise.isActive);
  const raise = open.find((candidate) => candidate.id === Number(params.get("raise"))) ?? open[0] ?? null;
  const [levels, recent, marker] = raise
    ? await Promise.all([levelCounts(db, raise.id), recentGifts(db, raise.id), pledgesMarker(db, eventId)])
    : [[], [], await pledgesMarker(db, eventId)];

  let review: { amount: number; level: string; custom: string; anonymous: boolean; key: string } | null = null;
  let reply: FormReply | undefined;
  if (raise && guest && params.get("review")) {
    const submission = parseForm(params, guestPledgeSchema);
    if (submission.status === "success" && submission.value.raise === raise.id) {
      try {
        refuseUnoffered(
          levels.map((level) => level.amount),
          submission.value,
        );
        review = {
          amount: chosenAmount(submission.value),
          level: submission.value.level,
          custom: params.get("custom") ?? "",
          anonymous: submission.value.anonymous,
          key: submission.value.key,
        };
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        reply = refusalReply(GUEST_PLEDGE_FORM, submission, error);
      }
    } else reply = { ...submission.reply(), formId: GUEST_PLEDGE_FORM };
  }

  const thanksId = readRowId(params.get("thanks"));
  const [thanks] =
    guest && thanksId
      ? await db
          .select({ amount: pledge.amount, anonymous: pledge.is_anonymous })
          .from(pledge)
          .where(and(eq(pledge.pledge_id, thanksId), eq(pledge.event_id, eventId), eq(pledge.usr_id, guest.usrId)))
      : [];

  // What the choice form holds when the guest comes back to change it.
  const choice = {
    level: params.get("level") ?? "",
    custom: params.get("custom") ?? "",
    anonymous: params.get("anonymous") === "yes" ? "yes" : "",
  };
  // The raise's story may be rich text (the demo's is): shown as safe HTML, never as tags.
  const descriptionHtml = raise?.description ? sanitizeRichText(raise.description) : "";
  return {
    raises: open,
    raise,
    descriptionHtml,
    levels,
    recent,
    marker,
    choice,
    review,
    reply,
    // The choice form's submission key: fresh for each view of the form, so a pledge chosen again is a new one.
    submissionKey: randomUUID(),
    thanks: thanks ?? null,
  };
}

/**
 * Records the guest's confirmed pledge; returns its id for the thank-you step. Refusals are typed (Refusal): a level
 * the raise does not offer is refused at its field. The same confirmation sent again (its key, for the same raise
 * and amount: a double tap, or Back to the review after pledging) answers with the pledge it recorded; a choice
 * made again on the form is a new key, and a new pledge.
 */
export async function pledgeAsGuest(db: Database, eventId: number, guest: GuestIdentity, value: GuestChoice) {
  refuseUnoffered(await offeredAmounts(db, eventId, value.raise), value);
  const amount = chosenAmount(value);
  const paddle = await ensurePaddle(db, eventId, guest.usrId);
  const { pledgeId } = await recordPledge(
    db,
    eventId,
    { holder: { paddle, usrId: guest.usrId, name: guest.name, firstName: guest.firstName } },
    {
      raiseId: value.raise,
      amount,
      enteredBy: guest.usrId,
      source: "guest",
      isAnonymous: value.anonymous,
      idempotencyKey: `guest-${guest.usrId}-${value.raise}-${amount}-${value.key}`,
    },
  );
  return pledgeId;
}
