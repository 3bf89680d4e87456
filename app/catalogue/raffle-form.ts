/**
 * The raffle form, shared by the dialog and the action: its ticket bundles and prizes are typed one per line
 * (lines.ts reads them), and the draw time is in the event's time zone.
 */
import { z } from "zod";
import { listDialogForm } from "~/admin-list/list-dialog";
import { optionalTextSaying, requiredText } from "~/forms/rules";
import { zonedDateTimeSchema } from "~/ui/zoned-time-schema";
import { linesField, readBundles, readPrizes } from "./lines";

export const raffleSchema = (timeZone: string) =>
  z.object({
    title: requiredText(120, "Give the raffle a name, such as “Golden ticket”.", "Keep the name to 120 characters."),
    description: optionalTextSaying(1000, "Keep the description to 1,000 characters."),
    draw_date_time: zonedDateTimeSchema(timeZone),
    bundles: linesField(readBundles, "Give at least one way to buy tickets, such as “1 for 10”."),
    prizes: linesField(readPrizes, null),
  });

/** The raffles list's row dialog in the event's time zone, read by its action and its screen. */
export const raffleDialog = (timeZone: string) => listDialogForm({ key: "raffle", schema: raffleSchema(timeZone) });
