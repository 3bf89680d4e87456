/**
 * The /register form posts: a step of the stepper (next, back, apply a promo code), the final registration, and a
 * guest saving their details through their personal link. Each answers what the page does next (RegisterOutcome);
 * the route turns that into its HTTP answer.
 */
import { randomUUID } from "node:crypto";
import { registrationAsksForCard } from "~/billing/cards.server";
import { cardPaymentsOpen } from "~/billing/settings.server";
import { startTicketCheckout } from "~/billing/ticket-checkout.server";
import { db } from "~/db.server";
import { formReply, parseForm, refusalReply, type FormReply } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { Refusal } from "~/forms/refusal";
import { paths } from "~/http/paths";
import { fitsPattern } from "./answer-pattern.server";
import { accountEmailErrors, saveGuestSeat } from "./guest-claim.server";
import { orderParam, paymentOfOrderParam } from "./order-links.server";
import { seatsOf, isNamed, type RegisterDraft, type RegisterStep } from "./register-draft";
import {
  GUEST_FORM,
  guestSeatSchema,
  readGuestSeat,
  readStep,
  REGISTER_INTENT,
  stepFormId,
  stepSchema,
  stepValues,
  type StepView,
} from "./register-forms";
import { partyOfKey, registerParty, type GuestDetails, type RegistrationRefusal } from "./register-party.server";
import {
  decodeDraft,
  encodeDraft,
  isRegisterStep,
  promoProblem,
  promoTerms,
  stepAfter,
  stepBefore,
  stepsFor,
  withBuyerSeated,
} from "./register-steps.server";
import type { RegisterContext } from "./register-page.server";
import type { Submission } from "@conform-to/react";

/** A step to show: the steps of this order, the draft (encoded for the form) and the promo code's terms. */
export async function stepView(context: RegisterContext, step: RegisterStep, given: RegisterDraft): Promise<StepView> {
  const draft = step === "payment" && !given.orderKey ? { ...given, orderKey: randomUUID() } : given;
  return {
    kind: "step",
    step,
    steps: stepsFor(draft, context),
    draft,
    encoded: encodeDraft(draft),
    promo: await promoTerms(context.event.event_id, draft.promoCode),
  };
}

/**
 * What the page does after a post: show a step (the next, the same with a promo code applied, an earlier one), show
 * a step again with its form's refusal, refuse the guest link's form, or go to another address (the confirmation,
 * the card page).
 */
export type RegisterOutcome =
  | { kind: "step"; view: StepView }
  | { kind: "refused"; view: StepView & FormReply }
  | { kind: "guest-refused"; reply: FormReply }
  | { kind: "go"; to: string };

/** A step shown again (or an earlier one) for a refusal: the step's view with its form's reply. */
async function refuseStep(
  context: RegisterContext,
  step: RegisterStep,
  draft: RegisterDraft,
  reply: FormReply,
): Promise<RegisterOutcome> {
  const view = await stepView(context, step, draft);
  return { kind: "refused", view: { ...view, ...reply, promo: reply.error?.promoCode ? null : view.promo } };
}

const showStep = async (
  context: RegisterContext,
  step: RegisterStep,
  draft: RegisterDraft,
): Promise<RegisterOutcome> => ({
  kind: "step",
  view: await stepView(context, step, draft),
});

/** A refusal of the step's own form: its checks (and a promo code the database refuses), and what was typed. */
function stepReply(step: RegisterStep, submission: Submission<unknown>, promo: string | null): FormReply | null {
  if (submission.status === "success" && !promo) return null;
  const reply = submission.reply({ fieldErrors: promo ? { promoCode: [promo] } : {}, hideFields: ["draft"] });
  return { ...reply, formId: stepFormId(step) };
}

/** What is wrong with a step of the draft: its form's checks on the draft's values, then the promo code's. */
async function checkDraftStep(step: RegisterStep, draft: RegisterDraft, context: RegisterContext) {
  const submission = parseForm(
    new URLSearchParams(stepValues(step, draft, context)),
    stepSchema(step, context, draft, fitsPattern),
  );
  return stepReply(step, submission, await promoOf(step, draft, context));
}

const promoOf = (step: RegisterStep, draft: RegisterDraft, context: RegisterContext) =>
  step === "tickets" && draft.promoCode
    ? promoProblem(context.event.event_id, draft.promoCode, draft.quantities)
    : Promise.resolve(null);

export async function registerPost(
  request: Request,
  context: RegisterContext,
  origin: string,
  clientAddress?: string,
): Promise<RegisterOutcome> {
  const form = await readPostedForm(request);
  const url = new URL(request.url);
  if (form.get("intent") === REGISTER_INTENT.payOrder) return payOrderByCard(context, url, origin);
  const guestToken = url.searchParams.get("guest");
  if (guestToken) {
    const submission = parseForm(form, guestSeatSchema(context.questions, context.meals, fitsPattern));
    const values = readGuestSeat(context.questions, submission.payload);
    const otherErrors =
      submission.status === "error" && submission.error?.email
        ? {}
        : await accountEmailErrors(context, guestToken, values.email);
    if (submission.status !== "success" || Object.keys(otherErrors).length > 0)
      return {
        kind: "guest-refused",
        reply: { ...submission.reply({ fieldErrors: otherErrors }), formId: GUEST_FORM },
      };
    try {
      await saveGuestSeat(context, guestToken, values);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return { kind: "guest-refused", reply: refusalReply(GUEST_FORM, submission, error) };
    }
    return { kind: "go", to: paths.register(context.event.event_id, { guest: guestToken, saved: 1 }) };
  }

  const posted = form.get("step");
  const step: RegisterStep = isRegisterStep(posted) ? posted : "tickets";
  const intent = form.get("intent");
  const given = decodeDraft(form.get("draft"));
  const submission = parseForm(form, stepSchema(step, context, given, fitsPattern));
  let draft = readStep(step, submission.payload, given, context);
  if (context.state !== "open") {
    const formError = closedMessage(context.state);
    return refuseStep(
      context,
      "tickets",
      draft,
      formReply(stepFormId("tickets"), { formError, values: stepValues("tickets", draft, context) }),
    );
  }
  if (intent === REGISTER_INTENT.back) return showStep(context, stepBefore(step, draft, context), draft);

  const refused = stepReply(step, submission, await promoOf(step, draft, context));
  if (refused) return refuseStep(context, step, draft, refused);
  if (intent === REGISTER_INTENT.apply) return showStep(context, step, draft);
  if (step === "buyer") draft = withBuyerSeated(draft);
  if (step !== "payment") return showStep(context, stepAfter(step, draft, context), draft);

  // The same final form again (a double tap, a reload that resends it): the registration it made.
  const earlier = draft.orderKey ? await partyOfKey(db, context.event.event_id, draft.orderKey) : null;
  if (earlier)
    return { kind: "go", to: paths.register(context.event.event_id, { order: orderParam(earlier.paymentId) }) };
  // The last step: every step is checked again, since the draft came back from the browser.
  for (const earlier of stepsFor(draft, context)) {
    const problems = await checkDraftStep(earlier, draft, context);
    if (problems) return refuseStep(context, earlier, draft, problems);
  }
  const seats = seatsOf(context.tickets, draft.quantities);
  const byCard = form.get("method") === "card" && (await cardPaymentsOpen(context.event.event_id));
  const result = await registerParty(db, {
    eventId: context.event.event_id,
    lines: context.tickets
      .map((type) => ({ ticketId: type.ticket_id, quantity: draft.quantities[String(type.ticket_id)] ?? 0 }))
      .filter((line) => line.quantity > 0),
    buyer: {
      first_name: draft.buyer.first_name,
      last_name: draft.buyer.last_name,
      email: draft.buyer.email,
      phone: draft.buyer.phone || null,
      company: draft.buyer.company || null,
    },
    guests: seats.map((seat) => guestDetails(draft, seat.index, context)),
    promoCode: draft.promoCode || null,
    method: byCard ? "card" : "pay_at_event",
    // The buyer's confirmation is written to the outbox in the registration's transaction.
    sendConfirmation: true,
    idempotencyKey: draft.orderKey || null,
    clientAddress: clientAddress ?? null,
    usrId:
      context.user && context.user.email.toLowerCase() === draft.buyer.email.toLowerCase() ? context.user.usrId : null,
  });
  if (!result.ok) {
    const { step: back, field } = whereRefused(result.refusal);
    const message = result.refusal.message;
    return refuseStep(
      context,
      back,
      draft,
      formReply(stepFormId(back), {
        ...(field ? { fieldErrors: { [field]: [message] } } : { formError: message }),
        values: stepValues(back, draft, context),
      }),
    );
  }
  const confirmation = paths.register(context.event.event_id, { order: orderParam(result.party.paymentId) });
  if (byCard && result.party.amount > 0) return cardCheckout(context.event.event_id, result.party.paymentId, origin);
  // The registration's card step: a buyer with an account saves the card the event asks for, then sees the order.
  const buyerId =
    context.user && context.user.email.toLowerCase() === draft.buyer.email.toLowerCase() ? context.user.usrId : null;
  if (buyerId !== null && (await registrationAsksForCard(context.event.event_id, buyerId)))
    return {
      kind: "go",
      to: `/billing/card?${new URLSearchParams({ id: String(context.event.event_id), returnTo: confirmation })}`,
    };
  return { kind: "go", to: confirmation };
}

/** "Pay now by card" on a confirmation (a signed link) of an order still to pay. */
async function payOrderByCard(context: RegisterContext, url: URL, origin: string): Promise<RegisterOutcome> {
  const paymentId = paymentOfOrderParam(url.searchParams.get("order"));
  if (paymentId === null) throw new Response("This confirmation link is not valid.", { status: 404 });
  return cardCheckout(context.event.event_id, paymentId, origin);
}

/**
 * The order's hosted card page, then back to its confirmation, which settles the payment. When the page cannot be
 * opened (the payment service did not answer), the confirmation says the order is still to pay and offers to try again.
 */
async function cardCheckout(eventId: number, paymentId: number, origin: string): Promise<RegisterOutcome> {
  const confirmation = paths.register(eventId, { order: orderParam(paymentId) });
  try {
    const cardPage = await startTicketCheckout(eventId, paymentId, {
      successUrl: `${origin}${confirmation}&session={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}${confirmation}&cancelled=1`,
    });
    return { kind: "go", to: cardPage };
  } catch (error) {
    if (error instanceof Refusal) return { kind: "go", to: `${confirmation}&card=unavailable` };
    throw error;
  }
}

function guestDetails(draft: RegisterDraft, index: number, context: RegisterContext): GuestDetails | null {
  const guest = draft.guests[index];
  if (!guest || !isNamed(guest)) return null;
  const given = draft.answers[index] ?? {};
  const answers: Record<string, string> = {};
  let mealId: number | null = null;
  for (const asked of context.questions) {
    const answer = given[asked.name];
    if (!answer) continue;
    if (asked.type === "meal") {
      const chosen = context.meals.find((choice) => String(choice.meal_id) === answer);
      if (!chosen) continue;
      mealId = chosen.meal_id;
      answers[asked.name] = chosen.title;
    } else answers[asked.name] = answer;
  }
  return {
    first_name: guest.first_name,
    last_name: guest.last_name,
    email: guest.email || null,
    meal_id: mealId,
    answers,
  };
}

/** The step and field a registration's refusal is shown at (no field: above the step's form). */
function whereRefused(refusal: RegistrationRefusal): { step: RegisterStep; field?: string } {
  switch (refusal.code) {
    case "sold_out":
    case "not_enough":
    case "bad_step":
    case "unknown_ticket":
      return { step: "tickets", field: `qty-${refusal.ticketId}` };
    case "bad_promo":
    case "promo_used_up":
      return { step: "tickets", field: "promoCode" };
    case "order_limit":
    case "no_tickets":
    case "not_open":
    case "closed":
      return { step: "tickets" };
    case "unpaid_limit":
      return { step: "payment", field: "method" };
  }
}

function closedMessage(state: "not_open" | "closed" | "open") {
  return state === "not_open" ? "Registration is not open yet." : "Registration has closed.";
}
