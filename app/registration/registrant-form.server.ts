/**
 * The registrants screen's two forms: the manual registration dialog (a guest or a party, registered by staff
 * through registerParty, so comps and sold-out tickets are allowed) and editing a guest (names, contact and
 * address, group, meal and answers, and the paddle by hand). A refusal names the field; nothing is changed then.
 * The table is not edited here: seating owns it.
 */
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { EMAIL_MAX, TEXT_LIMITS } from "~/forms/rules";
import { publish } from "~/realtime/bus.server";
import { registrant } from "~drizzle/schema";
import { fitsPattern } from "./answer-pattern.server";
import { setRegistrantPaddle } from "./paddles.server";
import { answerProblem } from "./register-forms";
import { registerParty, type GuestDetails, type RegisteredParty } from "./register-party.server";
import { EXTRA_GUEST_ROWS, STAFF_METHODS, type StaffMethod } from "./registrant-fields";
import { answersOf, refreshPassNames, type RegistrationChoices } from "./registrants.server";
import { registrationTopic } from "./registration-topic";
import type { Database } from "~/db/connection.server";

export type FieldErrors = Record<string, string>;

const email = z.string().email();
const PHONE = /^[+()\d\s.-]{7,20}$/;

/**
 * Reads the form's text fields: each trimmed, and refused beside its field when longer than its limit (it was cut to
 * the limit without a word; issue 32, finding 9). The limits are forms/rules.ts's: names, a company or an address.
 */
function reader(form: FormData, errors: FieldErrors) {
  return (name: string, max: number = TEXT_LIMITS.title, label = "This") => {
    const value = form.get(name);
    const text = typeof value === "string" ? value.trim() : "";
    if (text.length > max) errors[name] ??= `${label} can be at most ${max} characters.`;
    return text.slice(0, max);
  };
}

/** Every text field posted, to show again beside the messages of a refusal. */
function postedValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form)
    if (typeof value === "string" && name !== "dialog" && name !== "intent") values[name] = value;
  return values;
}

export type FormRefusal = { fieldErrors: FieldErrors; formError?: string; values: Record<string, string> };

export type ManualResult =
  { ok: true; party: RegisteredParty; buyer: string; sendEmail: boolean } | ({ ok: false } & FormRefusal);

/** Registers a guest or a party by hand. */
export async function registerByHand(
  db: Database,
  eventId: number,
  choices: RegistrationChoices,
  form: FormData,
): Promise<ManualResult> {
  const values = postedValues(form);
  const errors: FieldErrors = {};
  const read = reader(form, errors);
  const buyer = {
    first_name: read("first_name", TEXT_LIMITS.name, "A first name"),
    last_name: read("last_name", TEXT_LIMITS.name, "A last name"),
    email: read("email", EMAIL_MAX, "An email address"),
    phone: read("phone", 40, "A phone number"),
    company: read("company", TEXT_LIMITS.title, "A company"),
  };
  if (!buyer.first_name) errors.first_name = "Enter the guest's first name.";
  if (!buyer.last_name) errors.last_name = "Enter the guest's last name.";
  const sendEmail = form.get("send_email") === "yes";
  if (buyer.email && !email.safeParse(buyer.email).success)
    errors.email ??= "Enter an email address like name@example.org, or leave it blank.";
  else if (!buyer.email && sendEmail)
    errors.email = "Enter an email address to send the confirmation to, or untick Send the confirmation.";
  if (buyer.phone && !PHONE.test(buyer.phone)) errors.phone = "Enter a phone number, or leave it blank.";

  const type = choices.tickets.find((candidate) => String(candidate.ticket_id) === read("ticket_id"));
  if (!type) errors.ticket_id = "Choose a ticket type.";
  const quantityText = read("quantity") || "1";
  const quantity = /^\d{1,4}$/.test(quantityText) ? Number(quantityText) : NaN;
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > 500)
    errors.quantity = "Enter a number of tickets from 1 to 500.";
  else if (type && quantity % type.increment !== 0)
    errors.quantity = `${type.title} tickets are sold in steps of ${type.increment}.`;

  const method = read("method") as StaffMethod;
  if (!STAFF_METHODS.includes(method)) errors.method = "Choose how the party pays.";

  const others: GuestDetails[] = [];
  for (let index = 1; index <= EXTRA_GUEST_ROWS; index++) {
    const prefix = `guest-${index}`;
    const guest = {
      first_name: read(`${prefix}-first_name`, TEXT_LIMITS.name, "A first name"),
      last_name: read(`${prefix}-last_name`, TEXT_LIMITS.name, "A last name"),
      email: read(`${prefix}-email`, EMAIL_MAX, "An email address"),
    };
    if (guest.first_name && !guest.last_name)
      errors[`${prefix}-last_name`] = "Enter the guest's last name, or clear the first name to name them later.";
    if (!guest.first_name && guest.last_name)
      errors[`${prefix}-first_name`] = "Enter the guest's first name, or clear the last name to name them later.";
    if (guest.email && !email.safeParse(guest.email).success)
      errors[`${prefix}-email`] ??= "Enter an email address like name@example.org, or leave it blank.";
    if (guest.first_name && guest.last_name) others.push({ ...guest, email: guest.email || null });
  }
  const seats = type && Number.isInteger(quantity) ? quantity * type.seat_count : 0;
  if (type && seats > 0 && others.length + 1 > seats) {
    errors.quantity = `${others.length + 1} guests are named for ${seats} ${seats === 1 ? "seat" : "seats"}: add tickets or clear some names.`;
  }
  if (Object.keys(errors).length > 0 || !type) return { ok: false, fieldErrors: errors, values };

  const result = await registerParty(db, {
    eventId,
    lines: [{ ticketId: type.ticket_id, quantity }],
    buyer: { ...buyer, phone: buyer.phone || null, company: buyer.company || null },
    guests: [
      {
        first_name: buyer.first_name,
        last_name: buyer.last_name,
        email: buyer.email || null,
        phone: buyer.phone || null,
      },
      ...others,
    ],
    method,
    byStaff: true,
  });
  if (!result.ok) {
    const field =
      "ticketId" in result.refusal ? (result.refusal.code === "bad_step" ? "quantity" : "ticket_id") : undefined;
    return field
      ? { ok: false, fieldErrors: { [field]: result.refusal.message }, values }
      : { ok: false, fieldErrors: {}, formError: result.refusal.message, values };
  }
  return { ok: true, party: result.party, buyer: `${buyer.first_name} ${buyer.last_name}`, sendEmail };
}

export type EditResult = { ok: true; name: string } | ({ ok: false } & FormRefusal);

/** Saves a guest's details; the paddle goes through setRegistrantPaddle (free, or shared within the party). */
export async function editRegistrant(
  db: Database,
  eventId: number,
  registrantId: number,
  choices: RegistrationChoices,
  form: FormData,
): Promise<EditResult> {
  const values = postedValues(form);
  const errors: FieldErrors = {};
  const read = reader(form, errors);
  const details = {
    first_name: read("first_name", TEXT_LIMITS.name, "A first name"),
    last_name: read("last_name", TEXT_LIMITS.name, "A last name"),
    email: read("email", EMAIL_MAX, "An email address"),
    phone: read("phone", 40, "A phone number"),
    company: read("company", TEXT_LIMITS.title, "A company"),
    address: read("address", TEXT_LIMITS.title, "An address"),
    city: read("city", TEXT_LIMITS.name, "A city"),
    state: read("state", TEXT_LIMITS.name, "A state"),
    zip: read("zip", 20, "A postal code"),
    country: read("country", TEXT_LIMITS.name, "A country"),
    group: read("group", TEXT_LIMITS.title, "A group"),
  };
  if (details.first_name && !details.last_name)
    errors.last_name = "Enter the guest's last name, or clear the first name to leave the seat to be named.";
  if (!details.first_name && details.last_name)
    errors.first_name = "Enter the guest's first name, or clear the last name to leave the seat to be named.";
  if (details.email && !email.safeParse(details.email).success)
    errors.email ??= "Enter an email address like name@example.org, or leave it blank.";
  if (details.phone && !PHONE.test(details.phone)) errors.phone = "Enter a phone number, or leave it blank.";
  const paddleText = read("paddle", 10);
  const paddle = /^\d{1,7}$/.test(paddleText) && Number(paddleText) > 0 ? Number(paddleText) : null;
  if (paddle === null) errors.paddle = "Enter a paddle number (a whole number above 0).";

  let mealId: number | null = null;
  const answers: Record<string, string> = {};
  const mealQuestion = choices.questions.find((asked) => asked.type === "meal");
  const mealText = read("meal_id", 20);
  if (mealText) {
    const chosen = choices.meals.find((choice) => String(choice.meal_id) === mealText);
    if (!chosen) errors.meal_id = "Choose one of the meals.";
    else {
      mealId = chosen.meal_id;
      if (mealQuestion) answers[mealQuestion.name] = chosen.title;
    }
  }
  for (const asked of choices.questions) {
    if (asked.type === "meal") continue;
    const name = `answer-${asked.name}`;
    const answer =
      asked.type === "checkbox" ? (form.get(name) === "yes" ? "yes" : "") : read(name, TEXT_LIMITS.reason, "An answer");
    // Staff may leave any question for the guest to answer later.
    const problem = answerProblem({ ...asked, is_pre_sales_question: false }, answer, choices.meals, fitsPattern);
    if (problem) errors[name] = problem;
    if (answer) answers[asked.name] = answer;
  }
  if (Object.keys(errors).length > 0 || paddle === null) return { ok: false, fieldErrors: errors, values };

  return db.transaction(async (tx): Promise<EditResult> => {
    const [guest] = await tx
      .select({ paddle: registrant.paddle, passId: registrant.pass_id, meta: registrant.meta })
      .from(registrant)
      .where(and(eq(registrant.event_id, eventId), eq(registrant.registrant_id, registrantId)));
    if (!guest)
      return {
        ok: false,
        fieldErrors: {},
        formError: "This guest is no longer registered. Close this and reload the page.",
        values,
      };
    if (guest.paddle !== paddle) {
      const changed = await setRegistrantPaddle(tx, eventId, registrantId, paddle);
      if (!changed.ok) return { ok: false, fieldErrors: { paddle: changed.message }, values };
    }
    const named = Boolean(details.first_name && details.last_name);
    const name = named ? `${details.first_name} ${details.last_name}` : null;
    // Answers to questions removed since are kept: they were the guest's.
    const kept = Object.fromEntries(
      Object.entries(answersOf(guest.meta)).filter(
        ([question]) => !choices.questions.some((asked) => asked.name === question),
      ),
    );
    await tx
      .update(registrant)
      .set({
        ...Object.fromEntries(Object.entries(details).map(([field, value]) => [field, value || null])),
        name,
        is_claimed: named,
        meal_id: mealId,
        meta: { ...guest.meta, answers: { ...kept, ...answers } },
      })
      .where(and(eq(registrant.event_id, eventId), eq(registrant.registrant_id, registrantId)));
    await refreshPassNames(tx, eventId, guest.passId);
    await publish(tx, { topic: registrationTopic(eventId), type: "changed", data: {} });
    return { ok: true, name: name ?? "The unnamed seat" };
  });
}
