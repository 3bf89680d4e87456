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
import {
  DISCOUNT_TYPES,
  LIMITS,
  QUESTION_TYPES,
  TICKET_KINDS,
  questionNameFrom,
  type QuestionType,
  type QuestionValidation,
} from "./setup-fields";

export type FieldErrors = Record<string, string[] | undefined>;

/**
 * A form read: the values to save, or the messages by field. Rules between fields run even when another field is
 * wrong (zod skips an object's refinements then), so a person sees every problem at once.
 */
export type FormResult<T> = { ok: true; data: T } | { ok: false; fieldErrors: FieldErrors };

function finish<T>(parsed: z.SafeParseReturnType<unknown, T>, more: FieldErrors): FormResult<T> {
  const fieldErrors: FieldErrors = parsed.success ? {} : { ...parsed.error.flatten().fieldErrors };
  for (const [field, messages] of Object.entries(more)) {
    if (messages?.length) fieldErrors[field] = [...(fieldErrors[field] ?? []), ...messages];
  }
  if (!parsed.success || Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };
  return { ok: true, data: parsed.data };
}

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

function registrationSettingsSchema(timeZone: string) {
  return z.object({
    start_date_time: zonedDateTimeSchema(timeZone),
    end_date_time: zonedDateTimeSchema(timeZone),
    store_card: yesNo,
    confirmation_message: richTextSchema(),
    paddle_start: wholeNumber(1, LIMITS.paddleStart, `Enter a whole number from 1 to ${LIMITS.paddleStart}.`),
    order_limit: wholeNumber(1, LIMITS.orderLimit, `Enter a whole number of tickets from 1 to ${LIMITS.orderLimit}.`),
  });
}
export type RegistrationSettingsInput = z.output<ReturnType<typeof registrationSettingsSchema>>;

/** The settings form, its times read as wall-clock times in the event's zone. */
export function parseRegistrationSettings(
  values: Record<string, string>,
  timeZone: string,
): FormResult<RegistrationSettingsInput> {
  const time = zonedDateTimeSchema(timeZone);
  const start = time.safeParse(values.start_date_time ?? "");
  const end = time.safeParse(values.end_date_time ?? "");
  const closesFirst = start.success && end.success && start.data && end.data && end.data <= start.data;
  return finish(registrationSettingsSchema(timeZone).safeParse(values), {
    end_date_time: closesFirst ? ["Registration must close after it opens."] : undefined,
  });
}

// ——— Ticket types ———

export const TICKET_FIELDS = [
  "title",
  "description",
  "type",
  "price",
  "max_quantity",
  "increment",
  "seat_count",
] as const;

const ticketSchema = z.object({
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

export const parseTicket = (values: Record<string, string>): FormResult<TicketInput> =>
  finish(ticketSchema.safeParse(values), {});

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

const questionSchema = z.object({
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
});

export type QuestionInput = {
  name: string;
  label: string;
  type: QuestionType;
  validation: QuestionValidation;
  help: string | null;
  is_pre_sales_question: boolean;
};

const choicesOf = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * A question form: its name (made from the label when left blank; answers are kept under it in
 * registrant.meta.answers, so it must stay a simple key) and the rules of its kind of answer, as validation JSON.
 */
export function parseQuestion(posted: Record<string, string>): FormResult<QuestionInput> {
  const more: FieldErrors = {};
  const issue = (field: string, message: string) => (more[field] = [message]);
  const label = (posted.label ?? "").trim();
  const type = posted.type ?? "";
  const name = (posted.name ?? "").trim().toLowerCase() || questionNameFrom(label);
  if ((name || label) && (!/^[a-z][a-z0-9_]*$/.test(name) || name.length > LIMITS.questionName)) {
    issue(
      "name",
      `Use lower-case letters, digits and _ (starting with a letter), at most ${LIMITS.questionName} characters, such as dietary_needs.`,
    );
  }
  const options = choicesOf(posted.options ?? "");
  if (type === "select") {
    const duplicate = options.find((option, index) => options.indexOf(option) !== index);
    if (options.length < 2) issue("options", "Give at least two choices, one per line.");
    else if (options.length > LIMITS.questionOptions)
      issue("options", `Give at most ${LIMITS.questionOptions} choices.`);
    else if (options.some((option) => option.length > LIMITS.optionLength)) {
      issue("options", `Each choice can be at most ${LIMITS.optionLength} characters.`);
    } else if (duplicate) issue("options", `“${duplicate}” is listed twice.`);
  }
  const pattern = (posted.pattern ?? "").trim();
  const hasPattern = (type === "text" || type === "textarea") && pattern !== "";
  if (hasPattern) {
    try {
      new RegExp(pattern, "u");
    } catch {
      issue("pattern", "This pattern is not a valid regular expression.");
    }
  }
  const min = optionalNumber.safeParse(posted.min ?? "");
  const max = optionalNumber.safeParse(posted.max ?? "");
  if (
    type === "number" &&
    min.success &&
    max.success &&
    min.data !== null &&
    max.data !== null &&
    max.data < min.data
  ) {
    issue("max", "The largest answer must be at least the smallest.");
  }

  const read = finish(questionSchema.safeParse(posted), more);
  if (!read.ok) return read;
  const question = read.data;
  const validation: QuestionValidation = {};
  if (question.required) validation.required = true;
  if (type === "select") validation.options = options;
  if (hasPattern) validation.pattern = pattern;
  if (type === "number") {
    if (question.min !== null) validation.min = question.min;
    if (question.max !== null) validation.max = question.max;
  }
  return {
    ok: true,
    data: {
      name,
      label: question.label,
      type: question.type,
      validation,
      help: question.help,
      is_pre_sales_question: question.is_pre_sales_question,
    },
  };
}

// ——— Meals ———

export const MEAL_FIELDS = ["title", "description"] as const;

const mealSchema = z.object({
  title: requiredText(LIMITS.mealTitle, "A name"),
  description: optionalText(LIMITS.mealDescription, "The description"),
});
export type MealInput = z.output<typeof mealSchema>;

export const parseMeal = (values: Record<string, string>): FormResult<MealInput> =>
  finish(mealSchema.safeParse(values), {});

// ——— Promo codes ———

/** ticket_ids is posted once per ticked ticket type and read apart (promoValues). */
export const PROMO_FIELDS = ["code", "discount_type", "discount", "usage_limit", "is_active"] as const;

const promoCodeSchema = z.object({
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
  ticket_ids: z
    .array(z.coerce.number().int().positive())
    .max(1_000)
    .transform((ids) => [...new Set(ids)].sort((a, b) => a - b)),
  usage_limit: optionalWholeNumber(
    1,
    LIMITS.usageLimit,
    "Enter how many tickets the code may discount in all, or leave it blank for no limit.",
  ),
  is_active: yesNo,
});

export type PromoCodeInput = z.output<typeof promoCodeSchema> & { discount: number };

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

/** A promo code form; `ticket_ids` is every ticked ticket type (promoValues reads them). */
export function parsePromoCode(posted: Record<string, string | string[]>): FormResult<PromoCodeInput> {
  const type = String(posted.discount_type ?? "");
  const discount =
    type === "percent" || type === "amount" ? readDiscount(type, String(posted.discount ?? "").trim()) : null;
  const read = finish(promoCodeSchema.safeParse(posted), {
    discount: discount && "error" in discount ? [discount.error] : undefined,
  });
  if (!read.ok || !discount || "error" in discount) return read as FormResult<PromoCodeInput>;
  return { ok: true, data: { ...read.data, discount: discount.discount } };
}

/** What a promo code form posted, with its ticket types as a list; `values` keeps them as text to show again. */
export function promoValues(form: FormData, posted: Record<string, string>) {
  const ticketIds = form.getAll("ticket_ids").map(String);
  return { input: { ...posted, ticket_ids: ticketIds }, values: { ...posted, ticket_ids: ticketIds.join(",") } };
}
