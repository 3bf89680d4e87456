/**
 * /pi, a guest's own paddle raise on their phone: the open raise with its total and recent gifts; a signed-in guest
 * chooses a level or an amount, reviews, and confirms. The pledge is recorded like a spotted paddle (it reaches the
 * clerk's screen and the monitors) under the guest's paddle, which they get now if they had none.
 */
import { and, eq } from "drizzle-orm";
import { readRowId } from "~/db/row-id";
import { parseForm, type FormReply } from "~/forms/form-contract";
import { ensurePaddle } from "~/registration/paddles.server";
import { sanitizeRichText } from "~/rich-text/sanitize.server";
import { pledge } from "~drizzle/schema";
import { levelCounts, raiseSummaries, recentGifts } from "./board.server";
import { pledgesMarker } from "./console.server";
import { chosenAmount, GUEST_PLEDGE_FORM, guestPledgeSchema } from "./pledge-forms";
import { recordPledge } from "./pledges.server";
import type { Database } from "~/db/connection.server";

export interface GuestIdentity {
  usrId: number;
  firstName: string | null;
  name: string;
}

/**
 * What the page shows for the query it was opened with: the raise (?raise=, else the first open one), and the step:
 * choosing, reviewing a valid choice (?level=…&review=1), or thanks for a pledge of this guest (?thanks=).
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

  let review: { amount: number; level: string; custom: string; anonymous: boolean } | null = null;
  let reply: FormReply | undefined;
  if (raise && guest && params.get("review")) {
    const submission = parseForm(params, guestPledgeSchema);
    if (submission.status === "success" && submission.value.raise === raise.id)
      review = {
        amount: chosenAmount(submission.value),
        level: submission.value.level,
        custom: params.get("custom") ?? "",
        anonymous: submission.value.anonymous,
      };
    else reply = { ...submission.reply(), formId: GUEST_PLEDGE_FORM };
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
    thanks: thanks ?? null,
  };
}

/** Records the guest's confirmed pledge; returns its id for the thank-you step. Refusals are typed (Refusal). */
export async function pledgeAsGuest(
  db: Database,
  eventId: number,
  guest: GuestIdentity,
  value: ReturnType<typeof guestPledgeSchema.parse>,
) {
  const paddle = await ensurePaddle(db, eventId, guest.usrId);
  const { pledgeId } = await recordPledge(
    db,
    eventId,
    { holder: { paddle, usrId: guest.usrId, name: guest.name, firstName: guest.firstName } },
    {
      raiseId: value.raise,
      amount: chosenAmount(value),
      enteredBy: guest.usrId,
      source: "guest",
      isAnonymous: value.anonymous,
      idempotencyKey: value.key ? `guest-${guest.usrId}-${value.key}` : null,
    },
  );
  return pledgeId;
}
