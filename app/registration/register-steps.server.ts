/**
 * The /register stepper on the server: reading a step's fields into the draft, checking them, and choosing the next
 * step. Every check runs again at the last step (register-party.server.ts decides what is sold), so a draft a
 * visitor edits by hand can do no harm.
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db.server";
import { promo_code } from "~drizzle/schema";
import { answerPattern } from "./answer-pattern.server";
import { appliesToTicket } from "./pricing";
import { isNamed, REGISTER_STEPS, seatsOf, type RegisterDraft, type RegisterStep } from "./register-draft";
import { normalisePromoCode } from "./register-party.server";
import type { RegisterContext, RegisterQuestion } from "./register-page.server";

export type FieldErrors = Record<string, string>;

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim().slice(0, 500) : "";
};

const draftSchema = z.object({
  quantities: z.record(z.string(), z.number().int().min(0).max(1000)).catch({}),
  promoCode: z.string().max(50).catch(""),
  buyer: z
    .object({
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      phone: z.string(),
      company: z.string(),
    })
    .catch({ first_name: "", last_name: "", email: "", phone: "", company: "" }),
  guests: z
    .array(z.object({ first_name: z.string(), last_name: z.string(), email: z.string() }))
    .max(1000)
    .catch([]),
  answers: z.array(z.record(z.string(), z.string())).max(1000).catch([]),
  orderKey: z.string().max(64).catch(""),
});

export function encodeDraft(draft: RegisterDraft): string {
  return Buffer.from(JSON.stringify(draft), "utf8").toString("base64url");
}

/** The draft a form carried; anything unreadable starts again from empty fields. */
export function decodeDraft(value: FormDataEntryValue | null): RegisterDraft {
  if (typeof value !== "string" || value.length > 200_000) return draftSchema.parse({});
  try {
    return draftSchema.parse(JSON.parse(Buffer.from(value, "base64url").toString("utf8")));
  } catch {
    return draftSchema.parse({});
  }
}

/** Copies the fields of the step just posted into the draft, checked or not (going back keeps them). */
export function readStep(
  step: RegisterStep,
  form: FormData,
  draft: RegisterDraft,
  context: RegisterContext,
): RegisterDraft {
  switch (step) {
    case "tickets": {
      const quantities: Record<string, number> = {};
      for (const type of context.tickets) {
        const raw = text(form, `qty-${type.ticket_id}`);
        const quantity = raw === "" ? 0 : Number(raw);
        quantities[String(type.ticket_id)] =
          Number.isInteger(quantity) && quantity >= 0 ? Math.min(quantity, 1000) : -1;
      }
      return { ...draft, quantities, promoCode: text(form, "promoCode").slice(0, 50) };
    }
    case "buyer":
      return {
        ...draft,
        buyer: {
          first_name: text(form, "first_name"),
          last_name: text(form, "last_name"),
          email: text(form, "email"),
          phone: text(form, "phone"),
          company: text(form, "company"),
        },
      };
    case "guests": {
      const seats = seatsOf(context.tickets, draft.quantities);
      const guests = seats.map((seat) => ({
        first_name: text(form, `guest-${seat.index}-first_name`),
        last_name: text(form, `guest-${seat.index}-last_name`),
        email: text(form, `guest-${seat.index}-email`),
      }));
      return { ...draft, guests };
    }
    case "questions": {
      const seats = seatsOf(context.tickets, draft.quantities);
      const answers = seats.map((seat) => {
        const own: Record<string, string> = {};
        for (const asked of context.questions) {
          const name = `answer-${seat.index}-${asked.name}`;
          own[asked.name] = asked.type === "checkbox" ? (form.get(name) === "yes" ? "yes" : "") : text(form, name);
        }
        return own;
      });
      return { ...draft, answers };
    }
    case "payment":
      return draft;
  }
}

const emailSchema = z.string().email();

/** What is wrong with the step's fields, by field name; empty when the step may be left. */
export async function checkStep(
  step: RegisterStep,
  draft: RegisterDraft,
  context: RegisterContext,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  switch (step) {
    case "tickets": {
      let total = 0;
      for (const type of context.tickets) {
        const field = `qty-${type.ticket_id}`;
        const quantity = draft.quantities[String(type.ticket_id)] ?? 0;
        if (quantity < 0) errors[field] = "Enter a whole number of tickets.";
        else if (quantity > 0 && type.left === 0) errors[field] = `${type.title} is sold out.`;
        else if (type.left !== null && quantity > type.left) errors[field] = `Only ${type.left} left.`;
        else if (quantity % type.increment !== 0) errors[field] = `Sold in steps of ${type.increment}.`;
        total += Math.max(0, quantity);
      }
      if (Object.keys(errors).length === 0 && total === 0) errors.tickets = "Choose at least one ticket.";
      if (total > context.orderLimit) errors.tickets = `One order can hold at most ${context.orderLimit} tickets.`;
      if (draft.promoCode) {
        const problem = await promoProblem(context.event.event_id, draft.promoCode, draft.quantities);
        if (problem) errors.promoCode = problem;
      }
      return errors;
    }
    case "buyer": {
      if (!draft.buyer.first_name) errors.first_name = "Enter your first name.";
      if (!draft.buyer.last_name) errors.last_name = "Enter your last name.";
      if (!emailSchema.safeParse(draft.buyer.email).success)
        errors.email = "Enter an email address like name@example.org.";
      if (draft.buyer.phone && !/^[+()\d\s.-]{7,20}$/.test(draft.buyer.phone))
        errors.phone = "Enter a phone number, or leave it blank.";
      return errors;
    }
    case "guests": {
      for (const seat of seatsOf(context.tickets, draft.quantities)) {
        const guest = draft.guests[seat.index] ?? { first_name: "", last_name: "", email: "" };
        const prefix = `guest-${seat.index}`;
        if (guest.first_name && !guest.last_name)
          errors[`${prefix}-last_name`] = "Enter the guest's last name, or clear the first name to add them later.";
        if (!guest.first_name && guest.last_name)
          errors[`${prefix}-first_name`] = "Enter the guest's first name, or clear the last name to add them later.";
        if (guest.email && !emailSchema.safeParse(guest.email).success)
          errors[`${prefix}-email`] = "Enter an email address like name@example.org, or leave it blank.";
      }
      return errors;
    }
    case "questions": {
      for (const seat of seatsOf(context.tickets, draft.quantities)) {
        if (!isNamed(draft.guests[seat.index])) continue;
        for (const asked of context.questions) {
          const problem = answerProblem(asked, draft.answers[seat.index]?.[asked.name] ?? "", context);
          if (problem) errors[`answer-${seat.index}-${asked.name}`] = problem;
        }
      }
      return errors;
    }
    case "payment":
      return errors;
  }
}

/** Questions asked after the sale may be left for later; questions asked before it must be answered now when required. */
export function answerProblem(
  asked: RegisterQuestion,
  answer: string,
  context: Pick<RegisterContext, "meals">,
): string | null {
  if (!answer) return asked.required && asked.is_pre_sales_question ? "Please answer this question." : null;
  switch (asked.type) {
    case "meal":
      return context.meals.some((choice) => String(choice.meal_id) === answer) ? null : "Choose one of the meals.";
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
      // A pattern saved before patterns were checked at saving, that RE2 cannot run, asks nothing of the answer.
      if (asked.pattern && answerPattern(asked.pattern)?.test(answer) === false)
        return "This answer is not in the expected form.";
      return null;
  }
}

async function promoProblem(eventId: number, code: string, quantities: Record<string, number>): Promise<string | null> {
  const [row] = await db
    .select()
    .from(promo_code)
    .where(and(eq(promo_code.event_id, eventId), eq(promo_code.code, normalisePromoCode(code))));
  if (!row || !row.is_active) return "This promo code is not valid.";
  if (row.usage_limit !== null && row.times_used >= row.usage_limit) return "This promo code has been used up.";
  const chosen = Object.entries(quantities)
    .filter(([, quantity]) => quantity > 0)
    .map(([id]) => Number(id));
  if (chosen.length > 0 && !chosen.some((id) => appliesToTicket(row.ticket_ids, id)))
    return "This code does not apply to the tickets chosen.";
  return null;
}

/** The promo code's terms, for the price shown beside the tickets (the price charged is worked out again at the end). */
export async function promoTerms(eventId: number, code: string) {
  if (!code) return null;
  const [row] = await db
    .select()
    .from(promo_code)
    .where(and(eq(promo_code.event_id, eventId), eq(promo_code.code, normalisePromoCode(code))));
  if (!row || !row.is_active) return null;
  const usageLeft = row.usage_limit === null ? null : Math.max(0, row.usage_limit - row.times_used);
  if (usageLeft === 0) return null;
  return {
    discount_type: row.discount_type === "amount" ? ("amount" as const) : ("percent" as const),
    discount: row.discount,
    ticket_ids: row.ticket_ids,
    usage_left: usageLeft,
  };
}

/** The steps this order goes through: questions only when there are questions and someone to answer them. */
export function stepsFor(draft: RegisterDraft, context: RegisterContext): RegisterStep[] {
  const anyoneNamed = seatsOf(context.tickets, draft.quantities).some((seat) => isNamed(draft.guests[seat.index]));
  return REGISTER_STEPS.filter((step) => step !== "questions" || (context.questions.length > 0 && anyoneNamed));
}

export function stepAfter(step: RegisterStep, draft: RegisterDraft, context: RegisterContext): RegisterStep {
  const steps = stepsFor(draft, context);
  const at = steps.indexOf(step);
  return steps[Math.min(steps.length - 1, at + 1)] ?? "tickets";
}

export function stepBefore(step: RegisterStep, draft: RegisterDraft, context: RegisterContext): RegisterStep {
  const steps = stepsFor(draft, context);
  const at = steps.indexOf(step);
  return at <= 0 ? "tickets" : steps[at - 1];
}

/** Before the guests step the buyer's own seat is filled in for them (they can change it). */
export function withBuyerSeated(draft: RegisterDraft): RegisterDraft {
  const first = draft.guests[0];
  if (first && (first.first_name || first.last_name)) return draft;
  const guests = [...draft.guests];
  guests[0] = { first_name: draft.buyer.first_name, last_name: draft.buyer.last_name, email: draft.buyer.email };
  return { ...draft, guests };
}

export function isRegisterStep(value: unknown): value is RegisterStep {
  return typeof value === "string" && (REGISTER_STEPS as readonly string[]).includes(value);
}
