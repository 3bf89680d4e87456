/**
 * The forms of /admin/setup/registration, one zod schema each, shared by the page (Conform checks them in the
 * browser) and the action (parseForm): the registration settings, a ticket type, a question, a meal and a promo
 * code. Each takes the posted text and gives the values to save. Client-safe: no database here, so rules that need
 * the event's rows (a second meal question, a limit below what was sold) live in the domain modules, and rich text
 * is sanitised by the action (the sanitiser is server-only).
 */
import { z } from "zod";
import { moneyField, optionalText, readMoney, requiredText, rowId, yesNo } from "~/forms/rules";
import { richTextField } from "~/rich-text/schema";
import { zonedDateTimeSchema } from "~/ui/zoned-time-schema";
import {
  DISCOUNT_TYPES,
  LIMITS,
  QUESTION_TYPES,
  TICKET_KINDS,
  questionNameFrom,
  type QuestionType,
  type QuestionValidation,
} from "./setup-fields";

/** The form id of the registration settings form. */
export const SETTINGS_FORM = "settings";

/** The lists of the page; a refused change to one (a sold ticket type deleted) is a reply to the list's form id. */
export type SetupList = "tickets" | "questions" | "meals" | "promo-codes";
export const listFormId = (list: SetupList) => `${list}-list`;

/** The registration setup screen's own posts: its settings saved, a promo code switched on or off. */
export const REGISTRATION_SETUP_INTENT = {
  saveSettings: "save-settings",
  activatePromo: "activate-promo",
  deactivatePromo: "deactivate-promo",
} as const;

/** A list's rows by their key (the dialogs' `new-<key>`, `edit-<key>-<id>`). */
export type SetupRecordKey = "ticket" | "question" | "meal" | "promo";

/** A list's row posts by verb and key (`create-ticket`, `move-meal`): the dialogs', the row buttons' and the action's. */
export const recordIntent = (verb: "create" | "update" | "delete" | "move", key: SetupRecordKey) =>
  `${verb}-${key}` as const;

// The rules of a form with checks between its fields read each field in one transform that reports its own
// problem: a failed zod check followed by a transform stops the object, and its superRefine (the checks between
// fields) would not run, while a person should see every problem at once.

/** What a field's text reads as: its value, or the message to show beside it. */
type Reading<T> = { value: T } | { error: string };
const value = <T>(read: T): Reading<T> => ({ value: read });
const problem = (error: string): Reading<never> => ({ error });

/** A field read by `read`, trimmed. */
const readField = <T>(read: (text: string) => Reading<T>) =>
  z
    .string()
    .default("")
    .transform((text, context) => {
      const reading = read(text.trim());
      if ("value" in reading) return reading.value;
      context.addIssue({ code: "custom", message: reading.error });
      return z.NEVER;
    });

const inRange = (text: string, min: number, max: number) =>
  /^\d{1,9}$/.test(text) && Number(text) >= min && Number(text) <= max;

/** A whole number from `min` to `max`, typed as text. */
const wholeNumber = (min: number, max: number, message: string) =>
  readField((text) => (inRange(text, min, max) ? value(Number(text)) : problem(message)));

/** The same, or null when left blank. */
const optionalWholeNumber = (min: number, max: number, message: string) =>
  readField((text) => (text === "" ? value(null) : inRange(text, min, max) ? value(Number(text)) : problem(message)));

/** One of a list's values (a select's), without stopping the form's other checks when it is not. */
const oneOf = <T extends readonly { value: string }[]>(list: T, message: string) =>
  readField((text) =>
    list.some((entry) => entry.value === text) ? value(text as T[number]["value"]) : problem(message),
  );

/** Rich text as the editor posts it; the action sanitises it. */
const richText = richTextField();

// ——— Registration settings ———

/** The settings form, its times read as wall-clock times in the event's zone. */
export function registrationSettingsSchema(timeZone: string) {
  return z
    .object({
      start_date_time: zonedDateTimeSchema(timeZone),
      end_date_time: zonedDateTimeSchema(timeZone),
      store_card: yesNo,
      confirmation_message: richText,
      paddle_start: wholeNumber(1, LIMITS.paddleStart, `Enter a whole number from 1 to ${LIMITS.paddleStart}.`),
      order_limit: wholeNumber(1, LIMITS.orderLimit, `Enter a whole number of tickets from 1 to ${LIMITS.orderLimit}.`),
    })
    .superRefine(({ start_date_time: start, end_date_time: end }, context) => {
      if (start instanceof Date && end instanceof Date && end <= start) {
        context.addIssue({
          code: "custom",
          path: ["end_date_time"],
          message: "Registration must close after it opens.",
        });
      }
    });
}
export type RegistrationSettingsInput = z.output<ReturnType<typeof registrationSettingsSchema>>;

// ——— Ticket types ———

export const ticketSchema = z.object({
  title: requiredText(
    LIMITS.ticketTitle,
    "A name is needed.",
    `A name can be at most ${LIMITS.ticketTitle} characters.`,
  ),
  description: richText,
  type: oneOf(TICKET_KINDS, "Choose what kind of ticket this is."),
  price: moneyField({ required: true, label: "A price (0 for a free ticket)" }).transform((cents) => cents ?? 0),
  max_quantity: optionalWholeNumber(
    1,
    LIMITS.ticketQuantity,
    `Enter how many can be sold, from 1 to ${LIMITS.ticketQuantity}, or leave it blank for no limit.`,
  ),
  increment: wholeNumber(1, LIMITS.ticketIncrement, `Enter the quantity step, from 1 to ${LIMITS.ticketIncrement}.`),
  seat_count: wholeNumber(1, LIMITS.seatCount, `Enter the guests per ticket, from 1 to ${LIMITS.seatCount}.`),
});
/** A ticket type to save: its description sanitised by the action, null when blank. */
export type TicketInput = Omit<z.output<typeof ticketSchema>, "description"> & { description: string | null };

// ——— Questions ———

/** A number as typed, or null when blank. */
const readNumber = (text: string): Reading<number | null> =>
  text === ""
    ? value(null)
    : /^-?\d{1,12}(\.\d{1,6})?$/.test(text)
      ? value(Number(text))
      : problem("Enter a number, such as 0 or 18.");

const choicesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

export type QuestionInput = {
  name: string;
  label: string;
  type: QuestionType;
  validation: QuestionValidation;
  help: string | null;
  is_pre_sales_question: boolean;
};

/**
 * A question form: its name (made from the label when left blank; answers are kept under it in
 * registrant.meta.answers, so it must stay a simple key) and the rules of its kind of answer, as validation JSON.
 */
export const questionSchema = z
  .object({
    name: z.string().trim().toLowerCase().default(""),
    label: requiredText(
      LIMITS.questionLabel,
      "The question is needed.",
      `The question can be at most ${LIMITS.questionLabel} characters.`,
    ),
    type: oneOf(QUESTION_TYPES, "Choose the kind of answer."),
    required: yesNo,
    options: z.string().default(""),
    pattern: z.string().trim().max(200, "A pattern can be at most 200 characters.").default(""),
    min: readField(readNumber),
    max: readField(readNumber),
    help: z
      .string()
      .trim()
      .max(LIMITS.questionHelp, `Help can be at most ${LIMITS.questionHelp} characters.`)
      .default(""),
    is_pre_sales_question: yesNo,
  })
  .superRefine((question, context) => {
    const issue = (field: string, message: string) => context.addIssue({ code: "custom", path: [field], message });
    const name = question.name || questionNameFrom(question.label);
    if ((name || question.label) && (!/^[a-z][a-z0-9_]*$/.test(name) || name.length > LIMITS.questionName)) {
      issue(
        "name",
        `Use lower-case letters, digits and _ (starting with a letter), at most ${LIMITS.questionName} characters, such as dietary_needs.`,
      );
    }
    if (question.type === "select") {
      const options = choicesOf(question.options);
      const duplicate = options.find((option, index) => options.indexOf(option) !== index);
      if (options.length < 2) issue("options", "Give at least two choices, one per line.");
      else if (options.length > LIMITS.questionOptions)
        issue("options", `Give at most ${LIMITS.questionOptions} choices.`);
      else if (options.some((option) => option.length > LIMITS.optionLength)) {
        issue("options", `Each choice can be at most ${LIMITS.optionLength} characters.`);
      } else if (duplicate) issue("options", `“${duplicate}” is listed twice.`);
    }
    if (hasPattern(question)) {
      try {
        new RegExp(question.pattern, "u");
      } catch {
        issue("pattern", "This pattern is not a valid regular expression.");
      }
    }
    const { min, max } = question;
    if (question.type === "number" && typeof min === "number" && typeof max === "number" && max < min) {
      issue("max", "The largest answer must be at least the smallest.");
    }
  })
  .transform((question): QuestionInput => {
    const validation: QuestionValidation = {};
    if (question.required) validation.required = true;
    if (question.type === "select") validation.options = choicesOf(question.options);
    if (hasPattern(question)) validation.pattern = question.pattern;
    if (question.type === "number") {
      if (question.min !== null) validation.min = question.min;
      if (question.max !== null) validation.max = question.max;
    }
    return {
      name: question.name || questionNameFrom(question.label),
      label: question.label,
      type: question.type,
      validation,
      help: question.help || null,
      is_pre_sales_question: question.is_pre_sales_question,
    };
  });

/** Only text answers have a pattern. */
function hasPattern(question: { type: string; pattern: string }) {
  return (question.type === "text" || question.type === "textarea") && question.pattern !== "";
}

// ——— Meals ———

export const mealSchema = z.object({
  title: requiredText(LIMITS.mealTitle, "A name is needed.", `A name can be at most ${LIMITS.mealTitle} characters.`),
  description: optionalText(LIMITS.mealDescription, "The description"),
});
export type MealInput = z.output<typeof mealSchema>;

// ——— Promo codes ———

/** The discount as stored: a whole percentage, or cents; or the message for the field. */
function readDiscount(type: string, text: string): { discount: number } | { error: string } {
  if (type === "percent") {
    return /^\d{1,3}$/.test(text) && Number(text) >= 1 && Number(text) <= 100
      ? { discount: Number(text) }
      : { error: "Enter a whole percentage from 1 to 100." };
  }
  const reading = readMoney(text);
  if ("error" in reading) return reading;
  return reading.cents ? { discount: reading.cents } : { error: "Enter the amount taken off each ticket, such as 25." };
}

/** A promo code form; `ticket_ids` is posted once per ticked ticket type (none: every ticket type). */
export const promoCodeSchema = z
  .object({
    // Stored upper-case: guests may type it in any case.
    code: readField((text) => {
      const code = text.toUpperCase();
      return /^[A-Z0-9][A-Z0-9_-]*$/.test(code) && code.length >= 3 && code.length <= LIMITS.promoCode
        ? value(code)
        : problem(`Use 3 to ${LIMITS.promoCode} letters, digits, - or _, such as EARLYBIRD.`);
    }),
    discount_type: oneOf(DISCOUNT_TYPES, "Choose a percent or an amount off."),
    discount: z.string().trim().default(""),
    // One ticked box posts a single value, several a list.
    ticket_ids: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .transform((posted, context) => {
        const ids = (posted === undefined ? [] : Array.isArray(posted) ? posted : [posted]).map(Number);
        // A ticket type's id is a row id: one past the column's range would fail the query that checks it.
        if (ids.length > 1_000 || ids.some((id) => !rowId.safeParse(id).success)) {
          context.addIssue({ code: "custom", message: "Choose the ticket types from the list." });
          return z.NEVER;
        }
        return [...new Set(ids)].sort((a, b) => a - b);
      }),
    usage_limit: optionalWholeNumber(
      1,
      LIMITS.usageLimit,
      "Enter how many tickets the code may discount in all, or leave it blank for no limit.",
    ),
    is_active: yesNo,
  })
  .superRefine(({ discount_type: type, discount }, context) => {
    if (type !== "percent" && type !== "amount") return;
    const reading = readDiscount(type, discount);
    if ("error" in reading) context.addIssue({ code: "custom", path: ["discount"], message: reading.error });
  })
  .transform((promo) => ({
    ...promo,
    discount: (readDiscount(promo.discount_type, promo.discount) as { discount: number }).discount,
  }));
export type PromoCodeInput = z.output<typeof promoCodeSchema>;
