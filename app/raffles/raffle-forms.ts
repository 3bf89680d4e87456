/**
 * The raffle forms (client-safe): a sale of a bundle to a paddle at a table, a guest's own purchase on /raffle, a
 * draw, a redraw with its reason, and the event's licence number. Each form's submission key makes a double click
 * one sale.
 */
import { z } from "zod";
import { assignedPaddle, optionalText, rowId, rowIdOr, yesNo } from "~/forms/rules";

export const RAFFLE_SALE_FORM = "raffle-sale";
export const GUEST_RAFFLE_FORM = "guest-raffle";
export const RAFFLE_LICENCE_FORM = "raffle-licence";
/** The raffle desk's posts: tickets sold, a prize drawn or drawn again, the licence's rules saved. */
export const RAFFLE_DESK_INTENT = { sell: "sell", draw: "draw", redraw: "redraw", licence: "licence" } as const;
export const drawFormId = (prizeId: number) => `draw-${prizeId}`;
export const redrawFormId = (drawingId: number) => `redraw-${drawingId}`;

const submission = z.string().min(8).max(80);
const bundle = rowIdOr("Choose how many tickets.");

export const raffleSaleSchema = z.object({
  intent: z.literal("sell"),
  bundle,
  paddle: assignedPaddle,
  submission,
});

/**
 * A guest's purchase on /raffle, in two posts with one submission key: the first (`step` review) answers what would
 * go on the bill, only the second (`step` confirm) buys. A post without a step is a review: nothing is bought on one
 * tap.
 */
export const guestRaffleSchema = z.object({
  bundle,
  submission,
  step: z.enum(["review", "confirm"]).default("review"),
});

export const drawSchema = z.object({ intent: z.literal("draw"), prize: rowId });

/** What the desk stores as the reason of a redraw for an absent winner (with the staff's note after it, if any). */
export const ABSENT_WINNER = "Winner not present";

/**
 * A redraw: for an absent winner (offered only where winners must be present) or for another reason, which is then
 * required; the note is kept as the voided drawing's reason.
 */
export const redrawSchema = z
  .object({
    intent: z.literal("redraw"),
    drawing: rowId,
    cause: z.enum(["absent", "other"], { errorMap: () => ({ message: "Choose why the prize is drawn again." }) }),
    reason: optionalText(200, "The reason"),
  })
  .superRefine((value, context) => {
    if (value.cause === "other" && !value.reason)
      context.addIssue({
        code: "custom",
        path: ["reason"],
        message: "Say why the prize is drawn again, such as “the winner declined it”.",
      });
  })
  .transform(({ cause, reason, drawing }) => ({
    drawing,
    absent: cause === "absent",
    reason: cause === "absent" ? [ABSENT_WINNER, reason].filter(Boolean).join(": ") : reason!,
  }));

/** The event's raffle rules, set on the desk: the licence number and whether winners must be present. */
export const licenceSchema = z.object({
  intent: z.literal("licence"),
  licence: optionalText(60, "The licence number"),
  must_be_present: yesNo,
});
