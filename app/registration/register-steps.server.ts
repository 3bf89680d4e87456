/**
 * The /register stepper on the server: the draft's encoding, the promo code's rules, and choosing the next step. A
 * step's fields are read and checked with its schema (register-forms.ts); every check runs again at the last step
 * (register-party.server.ts decides what is sold), so a draft a visitor edits by hand can do no harm.
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db.server";
import { isStorableText, issuedKey } from "~/forms/rules";
import { promo_code } from "~drizzle/schema";
import { appliesToTicket } from "./pricing";
import { isNamed, REGISTER_STEPS, seatsOf, type RegisterDraft, type RegisterStep } from "./register-draft";
import { normalisePromoCode } from "./register-party.server";
import { LIMITS } from "./setup-fields";
import type { RegisterContext } from "./register-page.server";

/**
 * Text of the draft, as the steps' forms read it (register-forms.ts): at most 500 characters and storable. The draft
 * comes back from the browser, where it may have been edited: what no form would have posted (a NUL, half of an
 * emoji, 10,000 characters) makes its part of the draft start again from empty fields, and the last step's checks
 * ask for them again; it never reaches a query (issue 32, finding 9).
 */
const draftText = (max = 500) => z.string().max(max).refine(isStorableText);

const draftSchema = z.object({
  quantities: z.record(z.string().max(12), z.number().int().min(0).max(1000)).catch({}),
  promoCode: draftText(50).catch(""),
  buyer: z
    .object({
      first_name: draftText(),
      last_name: draftText(),
      email: draftText(),
      phone: draftText(),
      company: draftText(),
    })
    .catch({ first_name: "", last_name: "", email: "", phone: "", company: "" }),
  guests: z
    .array(z.object({ first_name: draftText(), last_name: draftText(), email: draftText() }))
    .max(1000)
    .catch([]),
  answers: z
    .array(z.record(draftText(100), draftText()))
    .max(1000)
    .catch([]),
  // A UUID given when the payment step opens.
  orderKey: issuedKey.catch(""),
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

/** Whether a code typed by a guest could be one at all: no promo code is longer or holds what cannot be stored. */
const isPromoCodeText = (code: string) => code.trim().length <= LIMITS.promoCode && isStorableText(code);

/** What is wrong with a promo code for these tickets, or null: the tickets step's rule that needs the database. */
export async function promoProblem(
  eventId: number,
  code: string,
  quantities: Record<string, number>,
): Promise<string | null> {
  if (!isPromoCodeText(code)) return "This promo code is not valid.";
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
  if (!code || !isPromoCodeText(code)) return null;
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
