/**
 * The clerk's console's posts (/live): one intent each, parsed with the console's schemas (live-lots.ts), one
 * domain function each (live-lots.server.ts). A refusal answers 400 with a FormReply for the entry form ("floor")
 * or the action buttons ("lot-actions"); a change redirects back with a toast.
 */
import { parseForm } from "~/forms/form-contract";
import { Refusal } from "~/forms/refusal";
import { refuseForm, refuseSubmission, refuseWith } from "~/forms/reply.server";
import { formatMoney } from "~/ui/format";
import { floorBidSchema, lotSchema, soldTwiceSchema } from "./live-lots";
import { floorBid, openLot, passLot, sellLot, sellTwice, setOnlineBidding, undoLast } from "./live-lots.server";
import type { Database } from "~/db/connection.server";

export const FLOOR_FORM = "floor";
export const LOT_ACTIONS_FORM = "lot-actions";

export async function consoleAction(
  db: Database,
  { eventId, byUsrId, currency }: { eventId: number; byUsrId: number; currency: string },
  form: FormData,
) {
  const intent = String(form.get("intent") ?? "");
  if (intent === "bid" || intent === "sell") {
    const submission = parseForm(form, floorBidSchema);
    if (submission.status !== "success") return { ok: false as const, reply: refuseSubmission(FLOOR_FORM, submission) };
    const { lot: itemId, paddle, amount } = submission.value;
    try {
      const placed = await floorBid(db, { eventId, itemId, byUsrId, paddle, amount: amount! });
      const bidLine = `Paddle ${paddle} (${placed.holder.name}) bids ${formatMoney(amount!, currency)}`;
      if (intent === "bid") return { ok: true as const, message: bidLine };
      return {
        ok: true as const,
        message: await sellLot(db, { eventId, itemId, byUsrId, expectBidId: placed.bidId }),
      };
    } catch (error) {
      if (error instanceof Refusal) return { ok: false as const, reply: refuseWith(FLOOR_FORM, submission, error) };
      throw error;
    }
  }
  if (intent === "sold_twice") {
    const submission = parseForm(form, soldTwiceSchema);
    if (submission.status !== "success") return { ok: false as const, reply: refuseSubmission(FLOOR_FORM, submission) };
    try {
      const { lot: itemId, paddle } = submission.value;
      return { ok: true as const, message: await sellTwice(db, { eventId, itemId, byUsrId, paddle }) };
    } catch (error) {
      if (error instanceof Refusal) return { ok: false as const, reply: refuseWith(FLOOR_FORM, submission, error) };
      throw error;
    }
  }
  try {
    if (intent === "undo") return { ok: true as const, message: await undoLast(db, { eventId, byUsrId }) };
    const submission = parseForm(form, lotSchema);
    if (submission.status !== "success")
      return { ok: false as const, reply: refuseForm(LOT_ACTIONS_FORM, "Choose a lot first.") };
    const actor = { eventId, itemId: submission.value.lot, byUsrId };
    switch (intent) {
      case "open":
        return { ok: true as const, message: await openLot(db, actor) };
      case "sold":
        return { ok: true as const, message: await sellLot(db, actor) };
      case "passed":
        return { ok: true as const, message: await passLot(db, actor) };
      case "online_on":
      case "online_off":
        return { ok: true as const, message: await setOnlineBidding(db, { ...actor, on: intent === "online_on" }) };
      default:
        return { ok: false as const, reply: refuseForm(LOT_ACTIONS_FORM, "The console does not know that action.") };
    }
  } catch (error) {
    if (error instanceof Refusal) return { ok: false as const, reply: refuseForm(LOT_ACTIONS_FORM, error.message) };
    throw error;
  }
}
