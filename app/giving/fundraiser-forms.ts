/**
 * The peer-to-peer forms (client-safe): a fundraiser's page as staff make or edit it (/admin/solemen/fundraisers),
 * as a supporter signs up for one (/cattlemen) or edits their own (/cattleman), and the event's settings for them
 * (what the event calls them, the page /wranglers leads to). The photo is an upload (readFormWithImages); the story
 * is rich text, sanitised by the domain function that saves it. The end date is a wall time in the event's zone, so
 * the page forms are built per event.
 */
import { z } from "zod";
import { listDialogForm } from "~/admin-list/list-dialog";
import { moneyField, requiredText, rowId, yesNo } from "~/forms/rules";
import { richTextField } from "~/rich-text/schema";
import { zonedDateTimeSchema } from "~/ui/zoned-time-schema";

export const FUNDRAISER_SIGNUP_FORM = "fundraiser-signup";
export const FUNDRAISER_EDIT_FORM = "fundraiser-edit";
export const FUNDRAISER_SETTINGS_FORM = "fundraiser-settings";
/** A supporter's page form posts: starting a page (/cattlemen), changing one's own (/cattleman). */
export const FUNDRAISER_PAGE_INTENT = { signUp: "sign-up", edit: "edit" } as const;
/** The fundraisers list's own action on the ticked pages (beside showing, hiding and deleting: BULK_INTENT). */
export const FUNDRAISER_BULK_INTENT = { approve: "approve" } as const;

/** What an event calls its fundraisers when it has not said (a customer calls them "cattlemen"). */
export const DEFAULT_FUNDRAISER_WORDS = { singular: "Fundraiser", plural: "Fundraisers" } as const;
export type FundraiserWords = { singular: string; plural: string };

/** The page's own fields: the same for staff and for the supporter. */
const fundraiserPageFields = (timeZone: string) => ({
  name: requiredText(80, "Enter the name shown on the page.", "Keep the name to 80 characters."),
  goal: moneyField({ label: "The goal" }),
  story: richTextField(),
  /** The upload itself, read by the action (readFormWithImages); here for its messages. */
  photo: z.unknown().optional(),
  /** An upload kept from a refused post of the same form, so the person need not choose the file again. */
  photo_pending: z.string().optional(),
  /** When the page stops taking gifts; blank for no end of its own. */
  ends_at: zonedDateTimeSchema(timeZone),
});

/** The staff's dialog: the page, and whether it is listed (an inactive page is hidden from the public). */
export const fundraiserSchema = (timeZone: string) => z.object({ ...fundraiserPageFields(timeZone), is_active: yesNo });

/** A supporter's own page, when signing up or editing it. */
export const fundraiserPageSchema = (timeZone: string) => z.object(fundraiserPageFields(timeZone));

export type FundraiserPageInput = Pick<
  z.output<ReturnType<typeof fundraiserPageSchema>>,
  "name" | "goal" | "story" | "ends_at"
> & {
  photo?: string | null;
};

export const fundraiserSettingsSchema = z.object({
  singular: requiredText(40, "Say what you call one, such as “Fundraiser”.", "Keep it to 40 characters."),
  plural: requiredText(40, "Say what you call several, such as “Fundraisers”.", "Keep it to 40 characters."),
  wranglers: z
    .string()
    .default("")
    .transform((value) => value.trim() || null)
    .pipe(rowId.nullable()),
});

export type FundraiserSettingsInput = z.output<typeof fundraiserSettingsSchema>;

/** The words kept in the event's settings (meta.giving.fundraiser_words), or the defaults. */
export function fundraiserWordsOf(meta: Record<string, unknown> | null | undefined): FundraiserWords {
  const stored = (meta?.giving as { fundraiser_words?: Partial<FundraiserWords> } | undefined)?.fundraiser_words;
  return typeof stored?.singular === "string" && typeof stored.plural === "string"
    ? { singular: stored.singular, plural: stored.plural }
    : { ...DEFAULT_FUNDRAISER_WORDS };
}

/** The fundraisers list's row dialog in the event's time zone, read by its action and its screen. */
export const fundraiserDialog = (timeZone: string) =>
  listDialogForm({ key: "fundraiser", schema: fundraiserSchema(timeZone) });
