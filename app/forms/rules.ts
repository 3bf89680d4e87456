/**
 * The zod rules that forms share, client-safe: each screen's schema is built from these, and the same schema
 * checks the form in the browser (through Conform) and in the action. Forms post text; these rules turn it into
 * values, with a message a person understands when they cannot. Blank optional fields become null.
 */
import { z } from "zod";
import { MAX_ROW_ID } from "~/db/row-id";
import { Refusal } from "./refusal";

// A field the form did not send (a disabled or absent control) reads as blank. The checks below are not pipes
// where they can be avoided: a failed pipe stops zod, and the rules between fields (a schema's superRefine) would
// not run, while a form should report every problem at once.

/** Text as posted. */
const postedText = () => z.string().default("");

/**
 * A character PostgreSQL cannot keep in text: NUL (U+0000, "invalid byte sequence for encoding UTF8: 0x00"), or half
 * of a surrogate pair (from JSON's "\ud800" or a string cut in the middle of an emoji; in a jsonb value PostgreSQL
 * answers "unsupported Unicode escape sequence"). Either was a 500 where it reached a query (issue 32, finding 9).
 */
// eslint-disable-next-line no-control-regex -- NUL is the character this looks for.
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether text can be stored as it is: no NUL and no lone surrogate. */
export const isStorableText = (text: string) => !UNSTORABLE.test(text);

/** The message beside a field whose text holds a character that cannot be saved. */
export const UNSTORABLE_TEXT = "This holds a character that cannot be saved (a NUL or half of an emoji). Remove it.";

/**
 * How long each kind of plain text may be, so that no text of 10,000 characters is stored where a person reads it
 * (issue 32, finding 9). A form that needs another limit says so beside its field; these are the usual ones.
 */
export const TEXT_LIMITS = {
  /** A person's first or last name, a company, a side of a duel. */
  name: 100,
  /** A title: an event's, a raffle's, a duel's, a prize's. */
  title: 200,
  /** A check's number, a reference, a short code. */
  reference: 40,
  /** Why something was done (a redraw, a refund, a void): one or two sentences. */
  reason: 500,
  /** A description or note in plain text. */
  description: 5_000,
  /** Rich text (sanitised HTML): a generous limit, far above what a page shows. */
  richText: 100_000,
} as const;

/** Text that may be left blank (stored as null), trimmed, at most `max` characters. */
export const optionalText = (max: number, label: string) =>
  optionalTextSaying(max, `${label} can be at most ${max} characters.`);

/** Optional text, as optionalText, that says in its own words what is too long. */
export const optionalTextSaying = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .refine(isStorableText, UNSTORABLE_TEXT)
    .default("")
    .transform((value) => value || null);

/** Text that must be given, trimmed, at most `max` characters. */
export const requiredText = (max: number, missing: string, tooLong: string) =>
  z.string().trim().min(1, missing).max(max, tooLong).refine(isStorableText, UNSTORABLE_TEXT).default("");

/**
 * Plain text of one of the usual kinds (TEXT_LIMITS), trimmed: blank allowed (as ""), at most the kind's limit,
 * with the field's label in the message.
 */
export const plainText = (kind: keyof typeof TEXT_LIMITS, label: string) =>
  z
    .string()
    .trim()
    .max(TEXT_LIMITS[kind], `${label} can be at most ${TEXT_LIMITS[kind]} characters.`)
    .refine(isStorableText, UNSTORABLE_TEXT)
    .default("");

/** Blank becomes null; anything else must satisfy `schema`. */
export const optional = (schema: z.ZodType<string, z.ZodTypeDef, string>) =>
  postedText()
    .transform((value) => value.trim() || null)
    .pipe(schema.nullable());

/**
 * A yes/no choice as forms post it: "yes" or "no" from a select (the grid's), a checkbox's "yes" (or "on") when
 * ticked, and nothing at all (or blank) when it is not.
 */
export const yesNo = z
  .string()
  .optional()
  .transform((value) => (value ?? "").trim().toLowerCase() || "no")
  .refine((value) => ["yes", "no", "on"].includes(value), "Choose Yes or No.")
  .transform((value) => value !== "no");

/** One of a fixed list of choices (a select's), trimmed, or null when blank, with the field's message. */
export const optionalChoice = <Choice extends string>(choices: readonly Choice[], message: string) =>
  z
    .string()
    .trim()
    .default("")
    .transform((value) => value || null)
    .refine(
      (value): value is Choice | null => value === null || (choices as readonly string[]).includes(value),
      message,
    );

/** A checkbox group as posted (nothing, one value, or several), as a list. */
export const tickedValues = z.preprocess(
  (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
  z.array(z.string()),
);

/** The ticked boxes of a group, each one of `choices`, with the field's message for one that is not. */
export const tickedChoices = <Choice extends string>(choices: readonly Choice[], message: string) =>
  tickedValues.refine(
    (chosen): chosen is Choice[] => chosen.every((value) => (choices as readonly string[]).includes(value)),
    message,
  );

/** The choices of a group of boxes (`choice` checks each), at least one, with the field's message when none is. */
export const atLeastOneChosen = <Choice extends z.ZodTypeAny>(choice: Choice, message: string) =>
  z
    .array(choice)
    .default([])
    .refine((chosen) => chosen.length > 0, message);

/** An http(s) address; "example.org" alone gets https:// in front, as people type it that way. */
export const webAddress = (what: string, hosts?: string[]) =>
  postedText()
    .transform((value) => value.trim())
    .transform((value) => (value && !/^[a-z][a-z0-9+.-]*:/i.test(value) ? `https://${value}` : value))
    .transform((value) => value || null)
    .pipe(
      z
        .string()
        .max(300, `Keep the ${what} to 300 characters.`)
        .refine(
          (value) => {
            try {
              const url = new URL(value);
              if (!["http:", "https:"].includes(url.protocol) || !url.hostname.includes(".")) return false;
              return !hosts || hosts.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));
            } catch {
              return false;
            }
          },
          hosts
            ? `Enter the address of a ${what}, such as https://${hosts[0]}/yourname.`
            : `Enter a web address such as https://example.org.`,
        )
        .nullable(),
    );

/** The longest email address there can be (RFC 5321's 256-character path, less its angle brackets). */
export const EMAIL_MAX = 254;

/**
 * The email rule, on a text as the form reads it (trimmed, required or not): at most EMAIL_MAX characters, then an
 * address, each with the field's own message (zod's when none is given).
 */
export const emailAddress = (text: z.ZodString, messages: { tooLong?: string; notEmail?: string } = {}) =>
  text.max(EMAIL_MAX, messages.tooLong).email(messages.notEmail);

/** An email address, or null when blank. */
export const optionalEmail = optional(
  emailAddress(z.string(), {
    tooLong: `An email address can be at most ${EMAIL_MAX} characters.`,
    notEmail: "Enter an email address such as info@example.org.",
  }),
);

/**
 * Phone numbers: the one rule every form uses (registration, guests, donors, the event's contact, texting).
 *
 * - A number as people write it: digits, spaces and . - ( ), with + only in front (an international number).
 * - At least 7 digits (a local number with its area code), so "-------" or "()" is refused; at most 15, E.164's
 *   limit. A "(0)" after a country code ("+44 (0) 20 7946 0958") is the trunk digit dialled only inside the
 *   country: it is kept as typed but not counted.
 * - An extension may follow, written x12, ext 12, ext. 12 or extension 12 (1 to 6 digits): a desk number is a
 *   real phone number for a guest or a donor. It cannot be texted: mobileTarget (toE164) refuses it.
 * - At most PHONE_MAX_LENGTH characters as typed (room for "+44 (0) 20 7946 0958 ext. 1234").
 */
export const PHONE_MAX_LENGTH = 32;
export const PHONE_DIGITS = { min: 7, max: 15 } as const;

const PHONE_EXTENSION = /\s*(?:x|ext\.?|extension)\s*(\d{1,6})$/i;
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;
const TRUNK_ZERO = /^(\+[\d\s.-]+?)\s*\(0\)/;

/** A typed phone number read: its dialled digits (a "+" first when international) and its extension. */
export interface ReadPhone {
  digits: string;
  international: boolean;
  extension: string | null;
}

/** What is wrong with a typed phone number (already trimmed, not blank), or the number read. */
export function readPhone(typed: string): { ok: true; phone: ReadPhone } | { ok: false; message: string } {
  if (typed.length > PHONE_MAX_LENGTH)
    return { ok: false, message: `Keep the phone number to ${PHONE_MAX_LENGTH} characters.` };
  const extension = PHONE_EXTENSION.exec(typed);
  const number = extension ? typed.slice(0, extension.index) : typed;
  if (!PHONE_CHARACTERS.test(number))
    return { ok: false, message: "Use digits, spaces and + ( ) . - only, and x12 for an extension." };
  const digits = number.replace(TRUNK_ZERO, "$1").replace(/\D/g, "");
  if (digits.length < PHONE_DIGITS.min)
    return { ok: false, message: "Enter the whole phone number with its area code, such as (617) 555-0100." };
  if (digits.length > PHONE_DIGITS.max)
    return { ok: false, message: `A phone number has at most ${PHONE_DIGITS.max} digits (without its extension).` };
  return { ok: true, phone: { digits, international: number.startsWith("+"), extension: extension?.[1] ?? null } };
}

/**
 * A phone number as texting needs it, E.164 (+ and digits), or null when it cannot be texted. A number without a
 * country code is read as North American (the events so far are in the US), which is what an organiser expects of
 * "(617) 555-0100"; a number with an extension is a desk phone and cannot be texted.
 */
export function toE164(phone: string | null | undefined): string | null {
  const typed = phone?.trim();
  if (!typed) return null;
  const read = readPhone(typed);
  if (!read.ok || read.phone.extension !== null) return null;
  const { digits, international } = read.phone;
  if (international) return digits.length >= 8 ? `+${digits}` : null;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `+${digits}`;
  return null;
}

/** A phone number, typed: refused with readPhone's message. */
const phoneNumber = z
  .string()
  .max(PHONE_MAX_LENGTH, `Keep the phone number to ${PHONE_MAX_LENGTH} characters.`)
  .superRefine((value, context) => {
    if (value.length > PHONE_MAX_LENGTH) return;
    const read = readPhone(value);
    if (!read.ok) context.addIssue({ code: "custom", message: read.message });
  });

/** A phone number as people write it (readPhone), kept as typed, or null when blank. */
export const optionalPhone = optional(phoneNumber);

/** The message beside a phone field that is not a phone number (readPhone), or null: for a check in steps of its own. */
export const phoneProblem = (typed: string): string | null => {
  const read = readPhone(typed.trim());
  return read.ok ? null : read.message;
};

/** A mobile number to text, or null when blank: a phone number (readPhone) that toE164 can read. */
export const optionalMobile = optional(
  phoneNumber.refine(
    (value) => !readPhone(value).ok || toE164(value) !== null,
    "Enter a mobile number with its area code, such as (617) 555-0100, or +44 7700 900123.",
  ),
);

/** The id of a row a form names (a hidden field): a positive whole number. */
export const rowId = z.coerce.number().int().positive().max(MAX_ROW_ID);

/**
 * A count typed in a field (read as a number, so " 12 " is 12), from `min` to `max`: with one message for every way
 * it can be wrong, or a message for each (missing, not whole, too few, too many).
 */
export const countWithin = (
  min: number,
  max: number,
  messages: string | { missing: string; notWhole: string; tooFew: string; tooMany: string },
) => {
  const say =
    typeof messages === "string"
      ? { missing: messages, notWhole: messages, tooFew: messages, tooMany: messages }
      : messages;
  return z.coerce.number({ message: say.missing }).int(say.notWhole).min(min, say.tooFew).max(max, say.tooMany);
};

/** A row's id with the message a post missing it gets ("This form is missing its item."). */
export const rowIdOr = (message: string) =>
  z.coerce.number({ message }).int(message).positive(message).max(MAX_ROW_ID, message);

/**
 * The ids of rows a form names by a field it may post once or many times (the guests of a party, ticked rows): a
 * list in every case, where a form parse gives a lone value as it is.
 */
export const rowIdList = z.preprocess((value) => (value === undefined ? [] : [value].flat()), z.array(rowId));

/**
 * A value read with its rule, for a post that is not a form of fields (a bulk action's choice): the value, or a
 * `Refusal` with the rule's message.
 */
export function readOrRefuse<Rule extends z.ZodTypeAny>(rule: Rule, value: unknown): z.output<Rule> {
  const read = rule.safeParse(value ?? undefined);
  if (!read.success) throw new Refusal(read.error.issues[0]?.message ?? "This choice is not one of the list's.");
  return read.data;
}

const PADDLE_DIGITS = /^\d{1,7}$/;
const PADDLE_NOT_DIGITS = "A paddle number is digits only, such as 142.";
const PADDLE_ZERO = "A paddle number is above 0, such as 142.";

/** A paddle number as typed: digits only, so a stray letter is refused at the field, not taken as another paddle. */
export const paddleNumber = z
  .string()
  .trim()
  .default("")
  .refine((value) => value !== "", "Type the paddle number.")
  .refine((value) => value === "" || PADDLE_DIGITS.test(value), PADDLE_NOT_DIGITS)
  .transform((value) => Number(value));

/** A paddle number given to a guest: a paddle number (paddleNumber), above 0. */
export const assignedPaddle = paddleNumber.refine((paddle) => paddle > 0, PADDLE_ZERO);

/**
 * A guest's paddle where it may be left blank, as null (a bid at a bid station names its guest; a guest's own bid
 * does not): otherwise assignedPaddle's rule, with its messages.
 */
export const optionalPaddle = z
  .string()
  .trim()
  .default("")
  .refine((value) => value === "" || PADDLE_DIGITS.test(value), PADDLE_NOT_DIGITS)
  .transform((value) => (value === "" ? null : Number(value)))
  .refine((paddle) => paddle !== 0, PADDLE_ZERO);

/**
 * A lot number, or null when blank: a whole number from 1, at most six digits, with the field's own message (a lot
 * numbering's start says what it starts).
 */
export const optionalLotSaying = (message: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === "" || /^\d{1,6}$/.test(value), message)
    .transform((value) => (value === "" ? null : Number(value)))
    .refine((value) => value === null || value > 0, message);

/** An auction item's lot number, or null when blank (optionalLotSaying). */
export const optionalLot = optionalLotSaying("A lot is a whole number, such as 12.");

/** A row picked from a list (a donor, a category, a staff member) by its id, or null when blank. */
export const pickedId = (what: string) =>
  z
    .string()
    .trim()
    .default("")
    .refine((value) => value === "" || /^[1-9]\d{0,9}$/.test(value), `Choose a ${what} from the list.`)
    .transform((value) => (value === "" ? null : Number(value)))
    .refine((id) => id === null || id <= MAX_ROW_ID, `Choose a ${what} from the list.`);

/** A row's place in lists (an item's display order): a whole number, 0 when blank. */
export const displayOrder = z
  .string()
  .trim()
  .default("")
  .refine((value) => value === "" || /^\d{1,6}$/.test(value), "Enter a whole number, 0 or more (such as 10).")
  .transform((value) => (value === "" ? 0 : Number(value)));

/** A count typed in a field (how many of an item): a whole number from 1, at most six digits, with its message. */
export const countFromOne = (message: string) =>
  z
    .string()
    .trim()
    .refine((value) => /^\d{1,6}$/.test(value) && Number(value) >= 1, message)
    .transform(Number);

/**
 * A percentage typed in a field, as a number: from `min` to `max`, with at most `places` decimal places, and the
 * field's own message when it is not one. The bounds are the field's: billing's card fee stays below 100 to the
 * hundredth (2.9, 99.99), a bid proposal's share of an item's value goes up to 100 in tenths (from 0.1).
 */
export const percentage = ({ min, max, places }: { min: number; max: number; places: number }, message: string) => {
  const typed = new RegExp(`^\\d{1,3}(\\.\\d{1,${places}})?$`);
  return z
    .string()
    .trim()
    .default("")
    .refine((value) => typed.test(value) && Number(value) >= min && Number(value) <= max, message)
    .transform(Number);
};

/** A font's weight: a whole hundred from 100 to 900. */
export const fontWeight = z.coerce
  .number({ invalid_type_error: "Choose a weight." })
  .int()
  .refine((weight) => weight >= 100 && weight <= 900 && weight % 100 === 0, "Choose a weight between 100 and 900.");

/**
 * An image's address, or null when blank: a path on this site ("/images/…", as uploads are) or an http(s) address,
 * at most 500 characters.
 */
export const imageAddress = z
  .string()
  .trim()
  .max(500, "Keep the address to 500 characters.")
  .default("")
  .refine(
    (text) => text === "" || /^\/[^/\s]\S*$/.test(text) || /^https?:\/\/[^\s/]+\.[^\s/]+(\/\S*)?$/i.test(text),
    "Enter an image address such as https://example.org/chart.png or /images/chart.png.",
  )
  .transform((text) => text || null);

/**
 * A whole number typed in a field, from `min` to `max`, kept as the text typed (trimmed): the field's own message
 * when it is not one. It never stops the schema (no transform), so a rule between fields still runs beside it.
 */
export const wholeNumberText = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .default("")
    .refine((value) => /^\d{1,9}$/.test(value) && Number(value) >= min && Number(value) <= max, message);

/**
 * A whole number typed in a field, from `min` to `max`, with the field's own message when it is not; blank reads as
 * `blank` when given (a quantity of 1), else as a missing number.
 */
export const wholeNumber = (min: number, max: number, message: string, blank?: number) =>
  z
    .string()
    .trim()
    .default("")
    .transform((value) => (value === "" && blank !== undefined ? String(blank) : value))
    .pipe(wholeNumberText(min, max, message))
    .transform((value) => Number(value));

/**
 * The days a date field takes ("YYYY-MM-DD", the value of `<input type="date">`): from 1900, so a donor's or an
 * event's history fits, to 2999. Further years are typing slips (a date field lets a person type a six-digit year),
 * and a day past 9999 has no "YYYY-MM-DD" to show back.
 */
export const CALENDAR_DAYS = { first: "1900-01-01", last: "2999-12-31" } as const;

const CALENDAR_DAY = /^(\d{4,6})-(\d{2})-(\d{2})$/;

/** A typed day (already trimmed, not blank) read as its year, month and day, or what is wrong with it. */
export function readCalendarDay(
  typed: string,
): { ok: true; day: { year: number; month: number; day: number } } | { ok: false; message: string } {
  const match = CALENDAR_DAY.exec(typed);
  if (!match) return { ok: false, message: "Enter dates as year-month-day, e.g. 2026-03-14." };
  const [year, month, day] = match.slice(1, 4).map(Number) as [number, number, number];
  if (typed < CALENDAR_DAYS.first || typed.length > 10 || typed > CALENDAR_DAYS.last)
    return { ok: false, message: `Choose days from ${CALENDAR_DAYS.first} to ${CALENDAR_DAYS.last}.` };
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return { ok: false, message: `There is no day ${typed} on the calendar.` };
  return { ok: true, day: { year, month, day } };
}

/** Lower-case letters and digits, in words joined by single hyphens: a part of a web address. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A slug (an event's web address, a short path such as spring-give) of at most `max` characters, with the field's
 * own messages; when `missing` is given, blank is refused with it before the other checks.
 */
export const slugText = (max: number, messages: { missing?: string; tooLong: string; notSlug: string }) =>
  (messages.missing === undefined ? z.string() : z.string().min(1, messages.missing))
    .max(max, messages.tooLong)
    .regex(SLUG, messages.notSlug);

/** One DNS label (RFC 1123), lower case: letters, digits and hyphens, not at either end, at most 63 characters. */
export const dnsLabel = z
  .string()
  .regex(
    /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/,
    "Use up to 63 letters, digits and hyphens, not starting or ending with a hyphen.",
  );

/** A wall-clock date and time as a date-time field posts it, to the minute: "2027-03-14T19:00". */
export const localDateTimeText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Enter a date and time such as 2027-03-14 19:00.");

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** Whether text is a colour as # and six hexadecimal digits (either case): for a rule with blank allowed. */
export const isHexColour = (text: string) => HEX_COLOUR.test(text);

/** A colour as # and six hexadecimal digits, trimmed and kept in lower case; `what` names it in the message. */
export const hexColour = (what: string) =>
  z
    .string()
    .trim()
    .regex(HEX_COLOUR, `Enter the ${what} colour as # and six hexadecimal digits, such as #37474f.`)
    .transform((value) => value.toLowerCase());

/** A colour as hexColour's, kept in lower case, or null when blank: one message for every way it is not one. */
export const optionalHexColour = (message: string) =>
  z
    .string()
    .max(7, message)
    .default("")
    .transform((value) => value.trim().toLowerCase() || null)
    .refine((value) => value === null || isHexColour(value), message);

/** Digits only, kept as text (an id chosen in a select, a whole amount before its bounds), with the field's message. */
export const digitsText = (message: string) => z.string().regex(/^\d+$/, message);

/** A place in a short list (the sponsors at an event), trimmed: a whole number from 0 to 9999, as a number. */
export const listPosition = z
  .string()
  .trim()
  .regex(/^\d{1,4}$/, "Enter a whole number from 0 to 9999.")
  .transform(Number);

/** The address of an SMTP server, with its user and password in it: smtp:// or smtps://, at most 500 characters. */
export const smtpAddress = z
  .string()
  .max(500, "Keep the address to 500 characters.")
  .regex(/^smtps?:\/\/\S+$/, "Enter an address such as smtps://user:password@smtp.example.org:465.");

/** Stripe's keys are at most 255 characters (its API reference); a longer one is not a key. */
const STRIPE_KEY_MAX = 255;

/**
 * A Stripe key, trimmed, or null when blank (a secret kept when it is not typed again): at most STRIPE_KEY_MAX
 * characters, starting as `prefix` says, with `example` (its start, "pk_test_") in the message.
 */
export const stripeKey = (prefix: RegExp, example: string) =>
  z
    .string()
    .trim()
    .max(STRIPE_KEY_MAX, `This is longer than a Stripe key (at most ${STRIPE_KEY_MAX} characters).`)
    .default("")
    .refine((value) => value === "" || prefix.test(value), `This does not look like a key: it starts ${example}.`)
    .transform((value) => value || null);

/** A Twilio Account SID: AC and 32 hexadecimal digits. */
export const twilioAccountSid = z
  .string()
  .regex(/^AC[0-9a-fA-F]{32}$/, "An Account SID is AC followed by 32 letters and digits.");

/**
 * A key the server gave the page (a UUID) and the page posts back: letters, digits, _ and -, at most 64 (blank
 * allowed). No message: no person types it, and a form reading it says what a bad one becomes (`.catch`).
 */
export const issuedKey = z.string().regex(/^[\w-]{0,64}$/);

// Money: amounts as people type them ("1,250", "$1250.50", "1250.5") turned into integer cents (decision 003), with
// the message to show when they cannot be. The item page proposes bids from the value as it is typed.

/** The largest amount accepted anywhere: the integer column's ceiling, far above any gala transaction. */
export const MAX_CENTS = 2_000_000_000;

export type MoneyReading = { cents: number | null } | { error: string };

/** What a typed amount above MAX_CENTS is told, with the largest one taken. */
export const TOO_LARGE = `That amount is too large: the most is ${(MAX_CENTS / 100).toLocaleString("en-US")}.`;

/** What an amount with a comma anywhere but between thousands ("6,00" or "1,25", cents written the European way) is told. */
export const COMMA_NOT_THOUSANDS = "Write cents after a point (6.50); a comma goes only between thousands (1,250).";

/**
 * Whether the commas of an amount (without its currency sign) stand between thousands. Dropped anywhere else, "6,00"
 * would read as 600: a hundred times what was meant.
 */
const commasAreThousands = (text: string) => !text.includes(",") || /^\d{1,3}(,\d{3})+(\.\d*)?$/.test(text);

/** Blank reads as null (no amount). */
export function readMoney(input: string): MoneyReading {
  const signless = input
    .trim()
    .replace(/^[$€£]\s*/, "")
    .replace(/\s/g, "");
  if (!commasAreThousands(signless.replace(/^-/, ""))) return { error: COMMA_NOT_THOUSANDS };
  const text = signless.replaceAll(",", "");
  if (text === "") return { cents: null };
  if (/^-/.test(text)) return { error: "Amounts cannot be negative." };
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return { error: "Enter an amount such as 1,250 or 1,250.50." };
  const cents = Math.round(Number(text) * 100);
  if (cents > MAX_CENTS) return { error: TOO_LARGE };
  return { cents };
}

/** A required amount no larger than `max` cents (a slip of a zero caught at the field), with its message beyond. */
export const amountUpTo = (label: string, max: number, tooLarge: string) =>
  moneyField({ required: true, label }).refine((cents) => cents === null || cents <= max, tooLarge);

/** A required amount above zero (a price, a bid called from the floor), with the field's message for zero. */
export const amountAboveZero = (label: string, zero: string) =>
  moneyField({ required: true, label }).refine((cents) => typeof cents !== "number" || cents > 0, zero);

/** The largest fundraising goal, in cents: kept in the event's settings, not an integer column, so past MAX_CENTS. */
export const MAX_GOAL_CENTS = 100_000_000_00;

/**
 * A fundraising goal in currency units as people type it ("25,000", "$25000", "25000.00"), as cents, or null when
 * blank (no goal): from 1 to 100,000,000.
 */
export const fundraisingGoal = z
  .string()
  .trim()
  .transform((value) => value.replace(/^\$/, ""))
  .refine(commasAreThousands, COMMA_NOT_THOUSANDS)
  .transform((value) => value.replaceAll(",", ""))
  .refine((value) => value === "" || /^\d+(\.\d{1,2})?$/.test(value), "Enter an amount such as 25,000.")
  .transform((value) => (value === "" ? null : Math.round(Number(value) * 100)))
  .refine(
    (cents) => cents === null || (cents > 0 && cents <= MAX_GOAL_CENTS),
    "Enter an amount between 1 and 100,000,000.",
  );

/** A zod rule for a money field: the typed text in, cents (or null when blank and optional) out. */
export function moneyField({ required = false, label = "An amount" }: { required?: boolean; label?: string } = {}) {
  return z
    .string()
    .default("")
    .transform((value, context) => {
      const reading = readMoney(value);
      if ("error" in reading) {
        context.addIssue({ code: "custom", message: reading.error });
        return z.NEVER;
      }
      if (required && reading.cents === null) {
        context.addIssue({ code: "custom", message: `${label} is needed.` });
        return z.NEVER;
      }
      return reading.cents;
    });
}
