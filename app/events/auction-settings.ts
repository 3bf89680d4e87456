/**
 * The rules of a silent or virtual auction as its setup screen edits them (/admin/setup/silent_auction and
 * /admin/setup/virtual_auction; docs/bidding-rules.md says what the engine does with them): the window, the soft
 * close and its hard end, proxy bids, the increment policy, and staggered closing times per category.
 *
 * Pure and client-safe: reading the posted form (wall-clock times in the event's zone), checking the times against
 * each other, filling staggered closing times, and the plain-language summary of the rules in effect.
 */
import { z } from "zod";
import { formReply } from "~/forms/form-contract";
import { wholeNumberText, yesNo } from "~/forms/rules";
import { formatInZone, zonedInputToUtc } from "~/ui/zoned-time";
import { zonedDateTimeSchema } from "~/ui/zoned-time-schema";

export type AuctionKind = "silent" | "virtual";

export const AUCTION_KINDS: Record<
  AuctionKind,
  { label: string; feature: "silent_auction" | "virtual_auction"; path: string }
> = {
  silent: { label: "Silent auction", feature: "silent_auction", path: "/admin/setup/silent_auction" },
  virtual: { label: "Virtual auction", feature: "virtual_auction", path: "/admin/setup/virtual_auction" },
};

export const INCREMENT_POLICIES = ["item", "percent"] as const;
export type IncrementPolicyName = (typeof INCREMENT_POLICIES)[number];

export const SOFT_CLOSE_MAX_MINUTES = 60;
export const INCREMENT_PERCENT_MIN = 1;
export const INCREMENT_PERCENT_MAX = 50;
export const STAGGER_GAP_MAX_MINUTES = 120;

export interface CategoryClose {
  category_id: number;
  end_date_time: Date;
}

/** What the form saves: the auction's columns and its categories' closing times (a category not listed closes with the auction). */
export interface AuctionSettings {
  start_date_time: Date | null;
  end_date_time: Date | null;
  soft_close_minutes: number;
  hard_end_date_time: Date | null;
  is_auto_bid: boolean;
  increment_policy: IncrementPolicyName;
  /** Null: the posted percentage was unusable while the item policy is chosen, so the stored one is kept. */
  increment_percent: number | null;
  category_closes: CategoryClose[];
}

/** The form field of a category's closing time. */
export const closeField = (categoryId: number) => `close_${categoryId}`;

/** The names of the form's fields, for the categories given (to send back what was typed). */
export function settingsFieldNames(categoryIds: readonly number[]): string[] {
  return [
    "start_date_time",
    "end_date_time",
    "soft_close_minutes",
    "hard_end_date_time",
    "is_auto_bid",
    "increment_policy",
    "increment_percent",
    "first_close",
    "close_gap_minutes",
    ...categoryIds.map(closeField),
  ];
}

/**
 * A wall time field in the event's zone (ui/zoned-time's rule), kept as typed: blank, or a time that happens there.
 * Its instant is read once the whole form is (a rule that never stops the schema, so the checks between times run
 * beside it and every problem is reported at once).
 */
const wallTimeField = (timeZone: string) =>
  z
    .string()
    .trim()
    .default("")
    .superRefine((value, context) => {
      const read = zonedDateTimeSchema(timeZone).safeParse(value);
      if (!read.success)
        context.addIssue({ code: "custom", message: read.error.issues[0]?.message ?? "Enter a date and time." });
    });

/** The instant of a wall time the form holds, null when blank or not a time in the zone. */
const instantOf = (value: string, timeZone: string) => (value ? zonedInputToUtc(value, timeZone) : null);

const softCloseMinutes = wholeNumberText(
  0,
  SOFT_CLOSE_MAX_MINUTES,
  `Enter whole minutes from 0 (no soft close) to ${SOFT_CLOSE_MAX_MINUTES}.`,
);
const incrementPercent = wholeNumberText(
  INCREMENT_PERCENT_MIN,
  INCREMENT_PERCENT_MAX,
  `Enter a whole percentage from ${INCREMENT_PERCENT_MIN} to ${INCREMENT_PERCENT_MAX}.`,
);
const closeGapMinutes = wholeNumberText(
  1,
  STAGGER_GAP_MAX_MINUTES,
  `Enter whole minutes from 1 to ${STAGGER_GAP_MAX_MINUTES}, such as 10 or 15.`,
);

/**
 * The settings as posted ("save"), for the categories given: each field by its rule, then the times against each
 * other: the end after the start, the hard end at or after the end (and only with an end), each category's close
 * after the start and not after the hard end. Times are wall-clock times in `timeZone`.
 */
export function auctionSettingsFields(timeZone: string, categoryIds: readonly number[]) {
  const time = wallTimeField(timeZone);
  const closes = Object.fromEntries(categoryIds.map((id) => [closeField(id), time]));
  return z
    .object({
      start_date_time: time,
      end_date_time: time,
      hard_end_date_time: time,
      soft_close_minutes: softCloseMinutes,
      is_auto_bid: yesNo,
      increment_policy: z.enum(INCREMENT_POLICIES, { message: "Choose how much each bid must go up." }),
      // Checked only with the percentage policy (below): with the item policy a bad one is not saved, nor refused.
      increment_percent: z.string().trim().default(""),
      ...closes,
    })
    .superRefine((value, context) => {
      const fail = (field: string, message: string) => context.addIssue({ code: "custom", path: [field], message });
      const at = (date: Date) => formatInZone(date, timeZone);
      const start = instantOf(value.start_date_time, timeZone);
      const end = instantOf(value.end_date_time, timeZone);
      const hardEnd = instantOf(value.hard_end_date_time, timeZone);
      if (start && end && end <= start) fail("end_date_time", `Bidding must end after it starts (${at(start)}).`);
      if (hardEnd && value.end_date_time === "")
        fail(
          "hard_end_date_time",
          "Set when bidding ends first: the hard end is the latest a late bid can extend an item to.",
        );
      if (hardEnd && end && hardEnd < end)
        fail("hard_end_date_time", `The hard end must be at or after the end of bidding (${at(end)}).`);
      if (value.increment_policy === "percent") {
        const percent = incrementPercent.safeParse(value.increment_percent);
        if (!percent.success) fail("increment_percent", percent.error.issues[0]!.message);
      }
      for (const categoryId of categoryIds) {
        const field = closeField(categoryId);
        const close = instantOf(String((value as Record<string, unknown>)[field] ?? ""), timeZone);
        if (!close) continue;
        if (start && close <= start) fail(field, `Close this category after bidding starts (${at(start)}).`);
        else if (hardEnd && close > hardEnd)
          fail(field, `Close this category by the hard end (${at(hardEnd)}): no item can stay open past it.`);
      }
    })
    .transform((value): AuctionSettings => {
      const posted = value as Record<string, unknown>;
      const percent = incrementPercent.safeParse(value.increment_percent);
      return {
        start_date_time: instantOf(value.start_date_time, timeZone),
        end_date_time: instantOf(value.end_date_time, timeZone),
        soft_close_minutes: Number(value.soft_close_minutes),
        hard_end_date_time: instantOf(value.hard_end_date_time, timeZone),
        is_auto_bid: value.is_auto_bid,
        increment_policy: value.increment_policy,
        increment_percent: percent.success ? Number(percent.data) : null,
        category_closes: categoryIds.flatMap((category_id) => {
          const close = instantOf(String(posted[closeField(category_id)] ?? ""), timeZone);
          return close ? [{ category_id, end_date_time: close }] : [];
        }),
      };
    });
}

/**
 * The staggered-closing helper ("fill"): the first category closes at `first_close` (a wall time in `timeZone`),
 * each next one `close_gap_minutes` later. Answers the wall times by category id, in the order given.
 */
export function staggeredClosesFields(timeZone: string, categoryIds: readonly number[]) {
  return z
    .object({
      first_close: wallTimeField(timeZone).refine(
        (value) => value !== "" || categoryIds.length === 0,
        "Enter when the first category closes.",
      ),
      close_gap_minutes: closeGapMinutes,
    })
    .superRefine((_, context) => {
      if (categoryIds.length === 0)
        context.addIssue({
          code: "custom",
          path: ["first_close"],
          message: "There are no categories to close one after another.",
        });
    })
    .transform(({ first_close, close_gap_minutes }) => {
      const firstMs = instantOf(first_close, timeZone)!.getTime();
      const gapMinutes = Number(close_gap_minutes);
      return Object.fromEntries(
        categoryIds.map((id, index) => [
          closeField(id),
          wallTime(new Date(firstMs + index * gapMinutes * 60_000), timeZone),
        ]),
      );
    });
}

/** The form id of the auction settings form. */
export const AUCTION_SETTINGS_FORM = "auction-settings";
/** The auction settings form's two buttons: save it, or fill the categories' closing times (unsaved). */
export const AUCTION_SETTINGS_INTENT = { save: "save", fill: "fill" } as const;

/** What the form asks for: save these settings, or fill the categories' closing times (unsaved) with these. */
export type AuctionSettingsPost =
  | { intent: typeof AUCTION_SETTINGS_INTENT.save; settings: AuctionSettings }
  | { intent: typeof AUCTION_SETTINGS_INTENT.fill; closes: Record<string, string> };

/**
 * The form of the auction's setup screen, for the browser (Conform) and the action alike. It posts an `intent`:
 * "save" reads the whole form (parseAuctionSettings) and, refused, says above it that nothing was saved; "fill"
 * reads the staggered-closing helper's two fields and fills the categories with items in this auction (all of them
 * when none has items yet), in the order shown.
 */
export function auctionSettingsSchema(
  timeZone: string,
  categories: readonly { category_id: number; item_count: number }[],
  /** Refuses every post with this message (the auction has no record to save to). */
  refused?: string,
) {
  const categoryIds = categories.map((row) => row.category_id);
  const withItems = categories.filter((row) => row.item_count > 0).map((row) => row.category_id);
  // An object that keeps every field posted (the categories' closes are named by id), not a record: Conform reads
  // the length limits of an object's fields for the browser's checks, and has none to read here.
  const saveFields = auctionSettingsFields(timeZone, categoryIds);
  const fillFields = staggeredClosesFields(timeZone, withItems.length > 0 ? withItems : categoryIds);
  return z
    .object({})
    .passthrough()
    .transform((posted: Record<string, unknown>, context): AuctionSettingsPost => {
      const refuse = (issues: readonly z.ZodIssue[], formError?: string) => {
        for (const issue of issues) context.addIssue({ code: "custom", path: issue.path, message: issue.message });
        if (formError) context.addIssue({ code: "custom", path: [], message: formError });
        return z.NEVER;
      };
      if (refused) return refuse([], refused);
      if (posted.intent === AUCTION_SETTINGS_INTENT.fill) {
        const filled = fillFields.safeParse(posted);
        return filled.success
          ? { intent: AUCTION_SETTINGS_INTENT.fill, closes: filled.data }
          : refuse(filled.error.issues);
      }
      const parsed = saveFields.safeParse(posted);
      if (!parsed.success) return refuse(parsed.error.issues, "Nothing was saved. Correct the fields marked below.");
      return { intent: AUCTION_SETTINGS_INTENT.save, settings: parsed.data };
    });
}

/** The answer to "fill": the form as posted with the closing times filled in, unsaved, to check and edit. */
export function filledIn(posted: unknown, closes: Record<string, string>) {
  const values = { ...(posted as Record<string, unknown>), ...closes };
  return { ...formReply(AUCTION_SETTINGS_FORM, { values }), filled: true as const };
}

/** The wall time "YYYY-MM-DDTHH:mm" in the zone at an instant. */
function wallTime(date: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** A wall time typed into the form, as the instant a DateTimeField shows (ISO), or null. */
export function wallToIso(value: string | undefined, timeZone: string): string | null {
  return value ? (zonedInputToUtc(value, timeZone)?.toISOString() ?? null) : null;
}

export interface RulesToDescribe {
  start_date_time: Date | string | null;
  end_date_time: Date | string | null;
  soft_close_minutes: number;
  hard_end_date_time: Date | string | null;
  is_auto_bid: boolean;
  increment_policy: string;
  increment_percent: number;
  category_closes: { title: string; end_date_time: Date | string }[];
}

const minutes = (n: number) => (n === 1 ? "1 minute" : `${n} minutes`);

/** The rules in effect, in a few plain sentences (formatted in the event's zone, on the server). */
export function describeAuctionRules(rules: RulesToDescribe, timeZone: string): string[] {
  const at = (date: Date | string) => formatInZone(date, timeZone);
  const sentences: string[] = [];
  const { start_date_time: start, end_date_time: end, hard_end_date_time: hardEnd } = rules;

  if (start && end) sentences.push(`Bidding opens ${at(start)} and ends ${at(end)}.`);
  else if (start)
    sentences.push(`Bidding opens ${at(start)} and has no end yet: items stay open until closed by hand.`);
  else if (end) sentences.push(`Bidding is open as soon as items are published, and ends ${at(end)}.`);
  else
    sentences.push("No times are set: bidding is open as soon as items are published, until items are closed by hand.");

  const closes = [...rules.category_closes].sort(
    (a, b) => new Date(a.end_date_time).getTime() - new Date(b.end_date_time).getTime(),
  );
  if (closes.length > 0) {
    const list = closes
      .map((close) => `${close.title} at ${formatInZone(close.end_date_time, timeZone, "time")}`)
      .join(", ");
    sentences.push(`Categories close one after another: ${list}. Items of other categories close with the auction.`);
  }

  if (rules.soft_close_minutes === 0) {
    sentences.push("No soft close: items close on time, whatever bids arrive at the last moment.");
  } else if (hardEnd) {
    const n = minutes(rules.soft_close_minutes);
    sentences.push(`A bid in the last ${n} extends the item to ${n} after that bid, never past ${at(hardEnd)}.`);
  } else {
    const n = minutes(rules.soft_close_minutes);
    sentences.push(
      `A bid in the last ${n} extends the item to ${n} after that bid. There is no hard end, so a bidding war can keep an item open for as long as it lasts.`,
    );
  }

  sentences.push(
    rules.is_auto_bid
      ? "Bidders may leave a maximum bid: Gavel then bids for them only as much as needed to stay ahead."
      : "Maximum bids are off: each bid is placed as entered.",
  );
  sentences.push(
    rules.increment_policy === "percent"
      ? `Each bid must beat the current bid by ${rules.increment_percent}% of it, rounded up to whole units, and at least by the item's own increment.`
      : "Each bid must beat the current bid by the item's own increment (1 where an item has none).",
  );
  return sentences;
}
