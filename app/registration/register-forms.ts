/**
 * The /register forms on the form contract (docs/architecture.md, section 3), client-safe: each step of the stepper
 * is a form of its own (`register-tickets`, `register-details`, `register-guests`, `register-questions`,
 * `register-payment`), and a guest's personal link is one more (`guest-details`). A step's fields depend on the
 * event (its ticket types and questions) and on the draft (a seat per ticket bought, questions for the guests
 * named), so its schema is built from them, the same in the browser and in the action. The checks run on the fields
 * read as the draft keeps them, and going back checks nothing, so it keeps whatever was typed. Two rules are the
 * server's alone: a promo code (the database knows it) and an answer's pattern (run by the server's linear-time
 * engine, which the action passes in as `fits`).
 */
import { z } from "zod";
import { emailAddress, isStorableText, phoneProblem, TEXT_LIMITS, UNSTORABLE_TEXT } from "~/forms/rules";
import { isNamed, seatsOf, type RegisterDraft, type RegisterStep, type Seat } from "./register-draft";
import type { PromoTerms } from "./pricing";

const STEP_FORMS: Record<RegisterStep, string> = {
  tickets: "register-tickets",
  buyer: "register-details",
  guests: "register-guests",
  questions: "register-questions",
  payment: "register-payment",
};

/** The form id of a step: unique in the page (no other element of /register has it). */
export const stepFormId = (step: RegisterStep) => STEP_FORMS[step];

/**
 * The register page's posts: a step's buttons (on to the next step, back, apply a promo code) and, from the
 * confirmation, paying an order by card.
 */
export const REGISTER_INTENT = { next: "next", back: "back", apply: "apply", payOrder: "pay-order" } as const;

/** The form of a guest's personal link: their details and answers. */
export const GUEST_FORM = "guest-details";

/** A step as the page shows it: which step, the steps of this order, the draft so far (encoded for the form's hidden field) and the promo code's terms. */
export interface StepView {
  kind: "step";
  step: RegisterStep;
  steps: RegisterStep[];
  draft: RegisterDraft;
  encoded: string;
  promo: PromoTerms | null;
}

export interface TicketOnSale {
  ticket_id: number;
  title: string;
  increment: number;
  seat_count: number;
  /** null: no limit. */
  left: number | null;
}

/** A registration question as the forms ask it (its pattern is checked by the server). */
export interface AskedQuestion {
  name: string;
  label: string;
  type: string;
  help: string | null;
  required: boolean;
  options: string[];
  min: number | null;
  max: number | null;
  pattern?: string | null;
  is_pre_sales_question: boolean;
}

export interface MealChoice {
  meal_id: number;
  title: string;
  description: string | null;
}

/** What the stepper's forms are built from: the event's tickets, order limit, questions and meals. */
export interface RegisterForms {
  tickets: readonly TicketOnSale[];
  orderLimit: number;
  questions: readonly AskedQuestion[];
  meals: readonly MealChoice[];
}

/** Whether a whole answer fits a question's pattern (the server's check; the browser leaves patterns to it). */
export type PatternCheck = (pattern: string, answer: string) => boolean;

/** Text cut to `max` characters, never in the middle of an emoji (half of one cannot be stored). */
const cut = (value: string, max: number) => {
  const kept = value.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(kept) ? kept.slice(0, -1) : kept;
};
/**
 * A field as the draft keeps it: the text posted, trimmed, at most 500 characters; blank when not sent. Its own
 * limit (a name's, an answer's) is checked by the step, beside the field.
 */
const text = z.unknown().transform((value) => (typeof value === "string" ? cut(value.trim(), 500) : ""));
/** A checkbox: "yes" when ticked, blank when not. */
const ticked = z.unknown().transform((value) => (value === "yes" ? "yes" : ""));
const promoCode = text.transform((value) => cut(value, 50));

type Values = Record<string, string>;
type Problems = Record<string, string>;

/** A quantity as typed: blank is none; -1 when it is not a whole number of tickets. */
export function quantityOf(typed: string): number {
  const quantity = typed === "" ? 0 : Number(typed);
  return Number.isInteger(quantity) && quantity >= 0 ? Math.min(quantity, 1000) : -1;
}

const qtyField = (ticketId: number) => `qty-${ticketId}`;
const guestField = (seat: number, name: keyof RegisterDraft["guests"][number]) => `guest-${seat}-${name}`;
const answerField = (seat: number, question: string) => `answer-${seat}-${question}`;

/** Each field of a step, read as the draft keeps it (never refused: the checks are the schema's). */
function stepFields(step: RegisterStep, forms: RegisterForms, draft: RegisterDraft) {
  const seats = seatsOf(forms.tickets, draft.quantities);
  const fields: Record<string, z.ZodType<string, z.ZodTypeDef, unknown>> = {};
  switch (step) {
    case "tickets":
      for (const type of forms.tickets) fields[qtyField(type.ticket_id)] = text;
      fields.promoCode = promoCode;
      break;
    case "buyer":
      for (const name of ["first_name", "last_name", "email", "phone", "company"]) fields[name] = text;
      break;
    case "guests":
      for (const seat of seats)
        for (const name of ["first_name", "last_name", "email"] as const) fields[guestField(seat.index, name)] = text;
      break;
    case "questions":
      for (const seat of seats)
        for (const asked of forms.questions)
          fields[answerField(seat.index, asked.name)] = asked.type === "checkbox" ? ticked : text;
      break;
    case "payment":
      fields.method = text;
      break;
  }
  return z.object(fields);
}

/**
 * A step's schema: its fields and the checks between them. The submit button's `intent` is posted with the fields;
 * "back" checks nothing (the browser lets it through, the server keeps what was typed).
 */
export function stepSchema(step: RegisterStep, forms: RegisterForms, draft: RegisterDraft, fits?: PatternCheck) {
  return checked(stepFields(step, forms, draft).extend({ intent: z.unknown() }), (values) =>
    values.intent === REGISTER_INTENT.back ? {} : stepProblems(step, values as Values, forms, draft, fits),
  );
}

/** A schema whose problems (by field name, "" for the form as a whole) are found once every field is read. */
function checked<Shape extends z.ZodRawShape>(
  fields: z.ZodObject<Shape>,
  problems: (values: z.output<z.ZodObject<Shape>>) => Problems,
) {
  return fields.superRefine((values, context) => {
    for (const [name, message] of Object.entries(problems(values)))
      context.addIssue({ code: "custom", path: name ? [name] : [], message });
  });
}

/** The draft with the fields of the step just posted (checked or not: going back keeps them). */
export function readStep(
  step: RegisterStep,
  posted: Record<string, unknown>,
  draft: RegisterDraft,
  forms: RegisterForms,
): RegisterDraft {
  const values: Values = stepFields(step, forms, draft).parse(posted);
  const seats = seatsOf(forms.tickets, draft.quantities);
  switch (step) {
    case "tickets":
      return {
        ...draft,
        quantities: Object.fromEntries(
          forms.tickets.map((type) => [String(type.ticket_id), quantityOf(values[qtyField(type.ticket_id)])]),
        ),
        promoCode: values.promoCode,
      };
    case "buyer":
      return {
        ...draft,
        buyer: {
          first_name: values.first_name,
          last_name: values.last_name,
          email: values.email,
          phone: values.phone,
          company: values.company,
        },
      };
    case "guests":
      return {
        ...draft,
        guests: seats.map((seat) => ({
          first_name: values[guestField(seat.index, "first_name")],
          last_name: values[guestField(seat.index, "last_name")],
          email: values[guestField(seat.index, "email")],
        })),
      };
    case "questions":
      return {
        ...draft,
        answers: seats.map((seat) =>
          Object.fromEntries(forms.questions.map((asked) => [asked.name, values[answerField(seat.index, asked.name)]])),
        ),
      };
    case "payment":
      return draft;
  }
}

/** A step's fields as the draft holds them: the form's values when it opens, and what the server checks again. */
export function stepValues(step: RegisterStep, draft: RegisterDraft, forms: RegisterForms): Values {
  const seats = seatsOf(forms.tickets, draft.quantities);
  switch (step) {
    case "tickets":
      return {
        ...Object.fromEntries(
          forms.tickets.map((type) => [
            qtyField(type.ticket_id),
            String(Math.max(0, draft.quantities[String(type.ticket_id)] ?? 0)),
          ]),
        ),
        promoCode: draft.promoCode,
      };
    case "buyer":
      return { ...draft.buyer };
    case "guests":
      return Object.fromEntries(
        seats.flatMap((seat) => {
          const guest = draft.guests[seat.index];
          return (["first_name", "last_name", "email"] as const).map((name) => [
            guestField(seat.index, name),
            guest?.[name] ?? "",
          ]);
        }),
      );
    case "questions":
      return Object.fromEntries(
        seats.flatMap((seat) =>
          forms.questions.map((asked) => [
            answerField(seat.index, asked.name),
            draft.answers[seat.index]?.[asked.name] ?? "",
          ]),
        ),
      );
    case "payment":
      return {};
  }
}

const isEmail = (value: string) => emailAddress(z.string()).safeParse(value).success;
const tooLong = (label: string, max: number) => `${label} can be at most ${max} characters.`;

function stepProblems(
  step: RegisterStep,
  values: Values,
  forms: RegisterForms,
  draft: RegisterDraft,
  fits?: PatternCheck,
): Problems {
  const problems: Problems = {};
  // A draft edited by hand may carry what no form posts: every field is checked for it first.
  for (const [field, value] of Object.entries(values))
    if (typeof value === "string" && !isStorableText(value)) problems[field] = UNSTORABLE_TEXT;
  if (Object.keys(problems).length > 0) return problems;
  switch (step) {
    case "tickets": {
      let total = 0;
      for (const type of forms.tickets) {
        const field = qtyField(type.ticket_id);
        const quantity = quantityOf(values[field]);
        if (quantity < 0) problems[field] = "Enter a whole number of tickets.";
        else if (quantity > 0 && type.left === 0) problems[field] = `${type.title} is sold out.`;
        else if (type.left !== null && quantity > type.left) problems[field] = `Only ${type.left} left.`;
        else if (quantity % type.increment !== 0) problems[field] = `Sold in steps of ${type.increment}.`;
        total += Math.max(0, quantity);
      }
      if (Object.keys(problems).length === 0 && total === 0) problems[""] = "Choose at least one ticket.";
      if (total > forms.orderLimit) problems[""] = `One order can hold at most ${forms.orderLimit} tickets.`;
      return problems;
    }
    case "buyer": {
      if (!values.first_name) problems.first_name = "Enter your first name.";
      if (!values.last_name) problems.last_name = "Enter your last name.";
      if (!isEmail(values.email)) problems.email = "Enter an email address like name@example.org.";
      const phone = values.phone && phoneProblem(values.phone);
      if (phone) problems.phone = phone;
      for (const [field, label] of [
        ["first_name", "Your first name"],
        ["last_name", "Your last name"],
        ["company", "The company"],
      ] as const)
        if (values[field].length > TEXT_LIMITS.name) problems[field] = tooLong(label, TEXT_LIMITS.name);
      return problems;
    }
    case "guests":
      for (const seat of seatsOf(forms.tickets, draft.quantities)) {
        const [first, last, email] = (["first_name", "last_name", "email"] as const).map((name) =>
          guestField(seat.index, name),
        );
        if (values[first] && !values[last])
          problems[last] = "Enter the guest's last name, or clear the first name to add them later.";
        if (!values[first] && values[last])
          problems[first] = "Enter the guest's first name, or clear the last name to add them later.";
        if (values[email] && !isEmail(values[email]))
          problems[email] = "Enter an email address like name@example.org, or leave it blank.";
        if (values[first].length > TEXT_LIMITS.name) problems[first] = tooLong("A first name", TEXT_LIMITS.name);
        if (values[last].length > TEXT_LIMITS.name) problems[last] = tooLong("A last name", TEXT_LIMITS.name);
      }
      return problems;
    case "questions":
      for (const seat of namedSeats(forms, draft))
        for (const asked of forms.questions) {
          const field = answerField(seat.index, asked.name);
          const problem = answerProblem(asked, values[field], forms.meals, fits);
          if (problem) problems[field] = problem;
        }
      return problems;
    case "payment":
      return problems;
  }
}

/** The seats whose guests are named: the questions step asks them. */
export const namedSeats = (forms: Pick<RegisterForms, "tickets">, draft: RegisterDraft): Seat[] =>
  seatsOf(forms.tickets, draft.quantities).filter((seat) => isNamed(draft.guests[seat.index]));

/**
 * What is wrong with an answer, or null. Questions asked after the sale may be left for later; questions asked
 * before it must be answered now when required. The pattern is checked when `fits` is given (by the server).
 */
export function answerProblem(
  asked: AskedQuestion,
  answer: string,
  meals: readonly Pick<MealChoice, "meal_id">[],
  fits?: PatternCheck,
): string | null {
  if (!answer) return asked.required && asked.is_pre_sales_question ? "Please answer this question." : null;
  switch (asked.type) {
    case "meal":
      return meals.some((choice) => String(choice.meal_id) === answer) ? null : "Choose one of the meals.";
    case "select":
      return asked.options.includes(answer) ? null : "Choose one of the options.";
    case "number": {
      const value = Number(answer);
      if (!Number.isFinite(value)) return "Enter a number.";
      if (asked.min !== null && value < asked.min) return `Enter at least ${asked.min}.`;
      if (asked.max !== null && value > asked.max) return `Enter at most ${asked.max}.`;
      return null;
    }
    case "checkbox":
      return null;
    default:
      if (asked.max !== null && answer.length > asked.max) return `Keep it to ${asked.max} characters.`;
      if (asked.pattern && fits && !fits(asked.pattern, answer)) return "This answer is not in the expected form.";
      return null;
  }
}

/** The fields of a guest's personal link: their name, contact and an answer per question. */
function guestSeatFields(questions: readonly AskedQuestion[]) {
  const fields: Record<string, z.ZodType<string, z.ZodTypeDef, unknown>> = {
    first_name: text,
    last_name: text,
    email: text,
    phone: text,
  };
  for (const asked of questions) fields[`answer-${asked.name}`] = asked.type === "checkbox" ? ticked : text;
  return z.object(fields);
}

/** A guest's personal link: their name is needed now, and every question they are asked is answered now. */
export function guestSeatSchema(
  questions: readonly AskedQuestion[],
  meals: readonly MealChoice[],
  fits?: PatternCheck,
) {
  return checked(guestSeatFields(questions), (values: Values) => {
    const problems: Problems = {};
    if (!values.first_name) problems.first_name = "Enter your first name.";
    if (!values.last_name) problems.last_name = "Enter your last name.";
    if (values.email && !isEmail(values.email))
      problems.email = "Enter an email address like name@example.org, or leave it blank.";
    const phone = values.phone && phoneProblem(values.phone);
    if (phone) problems.phone = phone;
    for (const asked of questions) {
      const field = `answer-${asked.name}`;
      const problem = answerProblem({ ...asked, is_pre_sales_question: true }, values[field], meals, fits);
      if (problem) problems[field] = problem;
    }
    return problems;
  });
}

/** A guest's details as posted (the email is checked against the seat's account even when another field is wrong). */
export const readGuestSeat = (questions: readonly AskedQuestion[], posted: Record<string, unknown>): Values =>
  guestSeatFields(questions).parse(posted);
