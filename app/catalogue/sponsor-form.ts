/**
 * The sponsor form and the fields the grid edits in place, shared by the dialog, the grid and the action. The logo
 * is an upload (readFormWithImages), chosen in the form's ImageField; `logo_pending` keeps an upload of a refused
 * post, so the person need not choose the file again.
 */
import { z } from "zod";
import { listDialogForm } from "~/admin-list/list-dialog";
import { listPosition, optionalChoice, optionalText, requiredText, webAddress, yesNo } from "~/forms/rules";
import { SPONSOR_LEVELS } from "./sponsor-levels";

export const sponsorFields = {
  title: requiredText(120, "Give the sponsor's name.", "A sponsor's name can be at most 120 characters."),
  level: optionalChoice(SPONSOR_LEVELS, `Choose one of the levels: ${SPONSOR_LEVELS.join(", ")}, or none.`),
  website: webAddress("website"),
  is_active: yesNo,
  internal_notes: optionalText(2000, "Notes"),
} as const;

/** "Shown at this event" and its order there, as the grid edits them: the event's link to the sponsor. */
export const sponsorEventFields = {
  shown: yesNo,
  display_order: listPosition,
} as const;

export const sponsorSchema = z.object({
  ...sponsorFields,
  /** Only when adding one: show the new sponsor at this event. */
  show_here: yesNo,
  /** The upload itself, read by the action (readFormWithImages); here for its messages. */
  logo: z.unknown().optional(),
  logo_pending: z.string().optional(),
});

export type SponsorInput = Omit<z.infer<typeof sponsorSchema>, "show_here" | "logo" | "logo_pending"> & {
  logo?: string | null;
};

/** The sponsors list's row dialog, read by its action and its screen. */
/** The sponsors list's own actions on the ticked sponsors (beside active, inactive and delete: BULK_INTENT). */
export const SPONSOR_BULK_INTENT = { show: "show", hide: "hide" } as const;

export const sponsorDialog = listDialogForm({ key: "sponsor", schema: sponsorSchema, idField: "sponsor_id" });
