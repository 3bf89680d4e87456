/**
 * The forms of /admin/setup/registration, read and checked (one zod schema per form): the registration settings,
 * a ticket type, a question, a meal and a promo code. Each takes the posted text and gives the values to save, or
 * messages by field. No database here: rules that need the event's rows (a second meal question, a limit below
 * what was sold) live in the domain modules beside this one.
 */
import { z } from "zod";
import { yesNo } from "~/catalogue/form-rules.server";
import { richTextSchema } from "~/rich-text/schema.server";
import { moneyField, readMoney } from "~/ui/money-input";
import { zonedDateTimeSchema } from "~/ui/zoned-time";
import { DISCOUNT_TYPES, LIMITS, QUESTION_TYPES, TICKET_KINDS, questionNameFrom, type QuestionValidation } from "./setup-fields";

export type FieldErrors = Record<string, string[] | undefined>;

const values = <T extends readonly { value: string }[]>(list: T) =>
  list.map((entry) => entry.value) as unknown as [T[number]["value"], ...T[number]["value"][]];

/** A whole number from `min` to `max`, typed as text. */
const wholeNumber = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .refine((text) => /^\d{1,9}$/.test(text) && Number(text) >= min && Number(text) <= max, message)
    .transform(Number);

/** The same, or null when left blank. */
const optionalWholeNumber = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .refine((text) => text === "" || (/^\d{1,9}$/.test(text) && Number(text) >= min && Number(text) <= max), message)
    .transform((text) => (text === "" ? null : Number(text)));

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} can be at most ${max} characters.`)
    .transform((text) => text || null);

const requiredText = (max: number, label: string) =>
  z.string().trim().min(1, `${label} is needed.`).max(max, `${label} can be at most ${max} characters.`);

// ——— Registration settings ———

export const SETTINGS_FIELDS = [
  "start_date_time",
  "end_date_time",
  "store_card",
  "confirmation_message",
  "paddle_start",
  "order_limit",
] as const;

export function registrationSettingsSchema(timeZone: string) {
  return z
    .object({
      start_date_time: zonedDateTimeSchema(timeZone),
      end_date_time: zonedDateTimeSchema(timeZone),
      store_card: yesNo,
      confirmation_message: richTextSchema(),
      paddle_start: wholeNumber(1, LIMITS.paddleStart, `Enter a whole number from 1 to ${LIMITS.paddleStart}.`),
      order_limit: wholeNumber(1, LIMITS.orderLimit, `Enter a whole number of tickets from 1 to ${LIMITS.orderLimit}.`),
    })
    .superRefine((settings, context) => {
      const { start_date_time: start, end_date_time: end } = settings;
      if (start && end && end <= start) {
        context.addIssue({ code: "custom", path: ["end_date_time"], message: "Registration must close after it opens." });
      }
    });
}
export type RegistrationSettingsInput = z.output<ReturnType<typeof registrationSettingsSchema>>;

// ——— Ticket types ———

export const TICKET_FIELDS = ["title", "description", "type", "price", "max_quantity", "increment", "seat_count"] as const;

export const ticketSchema = z.object({
  title: requiredText(LIMITS.ticketTitle, "A name"),
  description: richTextSchema().transform((html) => html || null),
  type: z.enum(values(TICKET_KINDS), { message: "Choose what kind of ticket this is." }),
  price: moneyField({ required: true, label: "A price (0 for a free ticket)" }).transform((cents) => cents ?? 0),
  max_quantity: optionalWholeNumber(
    1,
    LIMITS.ticketQuantity,
    `Enter how many can be sold, from 1 to ${LIMITS.ticketQuantity}, or leave it blank for no limit.`,
  ),
  increment: wholeNumber(1, LIMITS.ticketIncrement, `Enter the quantity step, from 1 to ${LIMITS.ticketIncrement}.`),
  seat_count: wholeNumber(1, LIMITS.seatCount, `Enter the guests per ticket, from 1 to ${LIMITS.seatCount}.`),
});
export type TicketInput = z.output<typeof ticketSchema>;

// ——— Questions ———

export const QUESTION_FIELDS = [
  "name",
  "label",
  "type",
  "required",
  "options",
  "pattern",
  "min",
  "max",
  "help",
  "is_pre_sales_question",
] as const;

const optionalNumber = z
  .string()
  .trim()
  .refine((text) => text === "" || /^-?\d{1,12}(\.\d{1,6})?$/.test(text), "Enter a number, such as 0 or 18.")
  .transform((text) => (text === "" ? null : Number(text)));

export const questionSchema = z
  .object({
    name: z.string().trim().toLowerCase(),
    label: requiredText(LIMITS.questionLabel, "The question"),
    type: z.enum(values(QUESTION_TYPES), { message: "Choose the kind of answer." }),
    required: yesNo,
    options: z.string(),
    pattern: z.string().trim().max(200, "A pattern can be at most 200 characters."),
    min: optionalNumber,
    max: optionalNumber,
    help: optionalText(LIMITS.questionHelp, "Help"),
    is_pre_sales_question: yesNo,
  })
  .transform((posted, context) => {
    const issue = (field: string, message: string) => context.addIssue({ code: "custom", path: [field], message });
    // Answers are kept under the name (registrant.meta.answers), so it must stay a simple key.
    const name = posted.name || questionNameFrom(posted.label);
    if (!/^[a-z][a-z0-9_]*$/.test(name) || name.length > LIMITS.questionName) {
      issue(
        "name",
        `Use lower-case letters, digits and _ (starting with a letter), at most ${LIMITS.questionName} characters, such as dietary_needs.`,
      );
    }
    const validation: QuestionValidation = {};
    if (posted.required) validation.required = true;
    if (posted.type === "select") {
      const options = posted.options
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean);
      const duplicate = options.find((option, index) => options.indexOf(option) !== index);
      if (options.length < 2) issue("options", "Give at least two choices, one per line.");
      else if (options.length > LIMITS.questionOptions) issue("options", `Give at most ${LIMITS.questionOptions} choices.`);
      else if (options.some((option) => option.length > LIMITS.optionLength)) {
        issue("options", `Each choice can be at most ${LIMITS.optionLength} characters.`);
      } else if (duplicate) issue("options", `“${duplicate}” is listed twice.`);
      else validation.options = options;
    }
    if ((posted.type === "text" || posted.type === "textarea") && posted.pattern) {
      try {
        new RegExp(posted.pattern, "u");
        validation.pattern = posted.pattern;
      } catch {
        issue("pattern", "This pattern is not a valid regular expression.");
      }
    }
    if (posted.type === "number") {
      if (posted.min !== null) validation.min = posted.min;
      if (posted.max !== null) validation.max = posted.max;
      if (posted.min !== null && posted.max !== null && posted.max < posted.min) {
        issue("max", "The largest answer must be at least the smallest.");
      }
    }
    return {
      name,
      label: posted.label,
      type: posted.type,
      validation,
      help: posted.help,
      is_pre_sales_question: posted.is_pre_sales_question,
    };
  });
export type QuestionInput = z.output<typeof questionSchema>;

// ——— Meals ———

export const MEAL_FIELDS = ["title", "description"] as const;

export const mealSchema = z.object({
  title: requiredText(LIMITS.mealTitle, "A name"),
  description: optionalText(LIMITS.mealDescription, "The description"),
});
export type MealInput = z.output<typeof mealSchema>;

// ——— Promo codes ———

/** ticket_ids is posted once per ticked ticket type and read apart (promoValues). */
export const PROMO_FIELDS = ["code", "discount_type", "discount", "usage_limit", "is_active"] as const;

export const promoCodeSchema = z
  .object({
    // Stored upper-case: guests may type it in any case.
    code: z
      .string()
      .trim()
      .toUpperCase()
      .refine(
        (code) => /^[A-Z0-9][A-Z0-9_-]*$/.test(code) && code.length >= 3 && code.length <= LIMITS.promoCode,
        `Use 3 to ${LIMITS.promoCode} letters, digits, - or _, such as EARLYBIRD.`,
      ),
    discount_type: z.enum(values(DISCOUNT_TYPES), { message: "Choose a percent or an amount off." }),
    discount: z.string().trim(),
    ticket_ids: z.array(z.coerce.number().int().positive()).max(1_000),
    usage_limit: optionalWholeNumber(
      1,
      LIMITS.usageLimit,
      "Enter how many tickets the code may discount in all, or leave it blank for no limit.",
    ),
    is_active: yesNo,
  })
  .transform((posted, context) => {
    let discount = 0;
    if (posted.discount_type === "percent") {
      if (/^\d{1,3}$/.test(posted.discount) && Number(posted.discount) >= 1 && Number(posted.discount) <= 100) {
        discount = Number(posted.discount);
      } else {
        context.addIssue({ code: "custom", path: ["discount"], message: "Enter a whole percentage from 1 to 100." });
      }
    } else {
      const reading = readMoney(posted.discount);
      if ("error" in reading) context.addIssue({ code: "custom", path: ["discount"], message: reading.error });
      else if (!reading.cents) {
        context.addIssue({ code: "custom", path: ["discount"], message: "Enter the amount taken off each ticket, such as 25." });
      } else discount = reading.cents;
    }
    return { ...posted, ticket_ids: [...new Set(posted.ticket_ids)].sort((a, b) => a - b), discount };
  });
export type PromoCodeInput = z.output<typeof promoCodeSchema>;

/** What a promo code form posted, with its ticket types as a list; `values` keeps them as text to show again. */
export function promoValues(form: FormData, posted: Record<string, string>) {
  const ticketIds = form.getAll("ticket_ids").map(String);
  return { input: { ...posted, ticket_ids: ticketIds }, values: { ...posted, ticket_ids: ticketIds.join(",") } };
}
