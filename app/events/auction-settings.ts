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
import { formatInZone, zonedDateTimeSchema, zonedInputToUtc } from "~/ui/zoned-time";

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

export type FieldErrors = Record<string, string[] | undefined>;

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

const wholeNumber = (text: string): number | null => (/^\s*\d{1,6}\s*$/.test(text) ? Number(text) : null);

/** A wall time field: its instant, null when blank, or its error message. */
function readTime(
  value: string | undefined,
  timeZone: string,
): { ok: true; value: Date | null } | { ok: false; message: string } {
  const parsed = zonedDateTimeSchema(timeZone).safeParse(value ?? "");
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? "Enter a date and time." };
}

/**
 * Reads and checks the posted settings: the end after the start, the hard end at or after the end (and only with
 * an end), each category's close after the start and not after the hard end. Times are wall-clock times in
 * `timeZone`. On any problem nothing is returned but the messages, keyed by field.
 */
export function parseAuctionSettings(
  values: Record<string, string | undefined>,
  timeZone: string,
  categoryIds: readonly number[],
): { ok: true; settings: AuctionSettings } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => {
    errors[field] ??= [message];
  };
  const time = (field: string) => {
    const read = readTime(values[field], timeZone);
    if (!read.ok) {
      fail(field, read.message);
      return undefined;
    }
    return read.value;
  };
  const at = (date: Date) => formatInZone(date, timeZone);

  const start = time("start_date_time");
  const end = time("end_date_time");
  const hardEnd = time("hard_end_date_time");

  if (start && end && end <= start) fail("end_date_time", `Bidding must end after it starts (${at(start)}).`);
  if (hardEnd && end === null)
    fail(
      "hard_end_date_time",
      "Set when bidding ends first: the hard end is the latest a late bid can extend an item to.",
    );
  if (hardEnd && end && hardEnd < end)
    fail("hard_end_date_time", `The hard end must be at or after the end of bidding (${at(end)}).`);

  const softClose = wholeNumber(values.soft_close_minutes ?? "");
  if (softClose === null || softClose > SOFT_CLOSE_MAX_MINUTES) {
    fail("soft_close_minutes", `Enter whole minutes from 0 (no soft close) to ${SOFT_CLOSE_MAX_MINUTES}.`);
  }

  const policy = values.increment_policy;
  if (policy !== "item" && policy !== "percent") fail("increment_policy", "Choose how much each bid must go up.");
  const percentText = values.increment_percent ?? "";
  const percent = wholeNumber(percentText);
  const percentOk = percent !== null && percent >= INCREMENT_PERCENT_MIN && percent <= INCREMENT_PERCENT_MAX;
  if (policy === "percent" && !percentOk) {
    fail("increment_percent", `Enter a whole percentage from ${INCREMENT_PERCENT_MIN} to ${INCREMENT_PERCENT_MAX}.`);
  }

  const closes: CategoryClose[] = [];
  for (const categoryId of categoryIds) {
    const field = closeField(categoryId);
    const close = time(field);
    if (!close) continue;
    if (start && close <= start) fail(field, `Close this category after bidding starts (${at(start)}).`);
    else if (hardEnd && close > hardEnd)
      fail(field, `Close this category by the hard end (${at(hardEnd)}): no item can stay open past it.`);
    else closes.push({ category_id: categoryId, end_date_time: close });
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    settings: {
      start_date_time: start ?? null,
      end_date_time: end ?? null,
      soft_close_minutes: softClose!,
      hard_end_date_time: hardEnd ?? null,
      is_auto_bid: values.is_auto_bid === "on",
      increment_policy: policy as IncrementPolicyName,
      increment_percent: percentOk ? percent : null,
      category_closes: closes,
    },
  };
}

/** The form id of the auction settings form. */
export const AUCTION_SETTINGS_FORM = "auction-settings";

/** What the form asks for: save these settings, or fill the categories' closing times (unsaved) with these. */
export type AuctionSettingsPost =
  { intent: "save"; settings: AuctionSettings } | { intent: "fill"; closes: Record<string, string> };

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
  return z
    .object({})
    .passthrough()
    .transform((posted: Record<string, unknown>, context): AuctionSettingsPost => {
      const values = Object.fromEntries(
        Object.entries(posted).map(([name, value]) => [name, typeof value === "string" ? value : ""]),
      );
      const refuse = (errors: FieldErrors, formError?: string) => {
        for (const [field, messages] of Object.entries(errors)) {
          for (const message of messages ?? []) context.addIssue({ code: "custom", path: [field], message });
        }
        if (formError) context.addIssue({ code: "custom", path: [], message: formError });
        return z.NEVER;
      };
      if (refused) return refuse({}, refused);
      if (values.intent === "fill") {
        const ids = withItems.length > 0 ? withItems : categoryIds;
        const filled = staggeredCloses(values.first_close, values.close_gap_minutes, ids, timeZone);
        return filled.ok ? { intent: "fill", closes: filled.closes } : refuse(filled.errors);
      }
      const parsed = parseAuctionSettings(values, timeZone, categoryIds);
      if (!parsed.ok) return refuse(parsed.errors, "Nothing was saved. Correct the fields marked below.");
      return { intent: "save", settings: parsed.settings };
    });
}

/** The answer to "fill": the form as posted with the closing times filled in, unsaved, to check and edit. */
export function filledIn(posted: unknown, closes: Record<string, string>) {
  const values = { ...(posted as Record<string, unknown>), ...closes };
  return { ...formReply(AUCTION_SETTINGS_FORM, { values }), filled: true as const };
}

/**
 * Staggered closing: the first category closes at `first` (a wall time in `timeZone`), each next one `gapMinutes`
 * later. Answers the wall times by category id, in the order given, or the errors of the two helper fields.
 */
export function staggeredCloses(
  first: string | undefined,
  gap: string | undefined,
  categoryIds: readonly number[],
  timeZone: string,
): { ok: true; closes: Record<string, string> } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const firstRead = readTime(first, timeZone);
  if (!firstRead.ok) errors.first_close = [firstRead.message];
  else if (!firstRead.value) errors.first_close = ["Enter when the first category closes."];
  const gapMinutes = wholeNumber(gap ?? "");
  if (gapMinutes === null || gapMinutes < 1 || gapMinutes > STAGGER_GAP_MAX_MINUTES) {
    errors.close_gap_minutes = [`Enter whole minutes from 1 to ${STAGGER_GAP_MAX_MINUTES}, such as 10 or 15.`];
  }
  if (categoryIds.length === 0) errors.first_close ??= ["There are no categories to close one after another."];
  if (Object.keys(errors).length > 0 || !firstRead.ok || !firstRead.value) return { ok: false, errors };
  const firstMs = firstRead.value.getTime();
  const closes = Object.fromEntries(
    categoryIds.map((id, index) => [
      closeField(id),
      wallTime(new Date(firstMs + index * gapMinutes! * 60_000), timeZone),
    ]),
  );
  return { ok: true, closes };
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
