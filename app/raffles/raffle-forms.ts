/**
 * The raffle forms (client-safe): a sale of a bundle to a paddle at a table, a guest's own purchase on /raffle, a
 * draw, a redraw with its reason, and the event's licence number. Each form's submission key makes a double click
 * one sale.
 */
import { z } from "zod";
import { optionalText, requiredText, rowId } from "~/forms/rules";

export const RAFFLE_SALE_FORM = "raffle-sale";
export const GUEST_RAFFLE_FORM = "guest-raffle";
export const RAFFLE_LICENCE_FORM = "raffle-licence";
export const drawFormId = (prizeId: number) => `draw-${prizeId}`;
export const redrawFormId = (drawingId: number) => `redraw-${drawingId}`;

const submission = z.string().min(8).max(80);
const bundle = z.coerce
  .number({ message: "Choose how many tickets." })
  .int("Choose how many tickets.")
  .positive("Choose how many tickets.");

export const raffleSaleSchema = z.object({
  intent: z.literal("sell"),
  bundle,
  paddle: z.coerce
    .number({ message: "Enter the guest's paddle number." })
    .int("Enter the guest's paddle number.")
    .positive("Enter the guest's paddle number.")
    .max(999_999_999, "Enter the guest's paddle number."),
  submission,
});

export const guestRaffleSchema = z.object({ bundle, submission });

export const drawSchema = z.object({ intent: z.literal("draw"), prize: rowId });

export const redrawSchema = z.object({
  intent: z.literal("redraw"),
  drawing: rowId,
  reason: requiredText(
    200,
    "Say why the prize is drawn again, such as “winner not present”.",
    "Keep it to 200 characters.",
  ),
});

export const licenceSchema = z.object({
  intent: z.literal("licence"),
  licence: optionalText(60, "The licence number"),
});
