/**
 * The form of an event's short public addresses (/woa2025give, /cisnew): a path and what it shows. Client-safe:
 * the setup screen checks the same rules in the browser; the server also refuses a path that an app page or
 * another event has (short-paths.server.ts).
 */
import { z } from "zod";
import { slugText } from "~/forms/rules";

export const SHORT_PATH_FORM = "short-path";

/** The event setup screen's posts: its details, and adding or removing a short address (short paths' forms). */
export const EVENT_SETUP_INTENT = {
  saveDetails: "save-details",
  addPath: "add-path",
  removePath: "remove-path",
} as const;

export const SHORT_PATH_SHOWS = {
  giving: "Giving page: goal, thermometer, give buttons, recent gifts",
  bidding: "Bidding page: the silent-auction gallery",
} as const;
export type ShortPathShows = keyof typeof SHORT_PATH_SHOWS;

/** The paths the app knows from its customers' events, offered in the field's list (any other can be typed). */
export const KNOWN_SHORT_PATHS: { path: string; shows: ShortPathShows }[] = [
  { path: "woa2025give", shows: "giving" },
  { path: "cisnew", shows: "bidding" },
];

/** A path as staff type it: "/WOA2025give" and "woa2025give" are the same address. */
export const shortPathField = z
  .string()
  .default("")
  .transform((value) => value.trim().replace(/^\/+/, "").toLowerCase())
  .pipe(
    slugText(40, {
      missing: "Enter a path, such as woa2025give.",
      tooLong: "Keep the path to 40 characters.",
      notSlug: "Use lower-case letters, digits and single hyphens, such as spring-give.",
    }),
  );

export const shortPathSchema = z.object({
  intent: z.literal(EVENT_SETUP_INTENT.addPath),
  path: shortPathField,
  shows: z.enum(["giving", "bidding"], { errorMap: () => ({ message: "Choose what the path shows." }) }),
});

export const removeShortPathSchema = z.object({
  intent: z.literal(EVENT_SETUP_INTENT.removePath),
  path: shortPathField,
});

export type ShortPathInput = z.output<typeof shortPathSchema>;
