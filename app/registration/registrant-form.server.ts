/**
 * The registrants screen's two forms, carried out: the manual registration dialog (a guest or a party, registered by
 * staff through registerParty, so comps and sold-out tickets are allowed) and editing a guest (names, contact and
 * address, group, meal and answers, and the paddle by hand). The forms are checked by their schemas
 * (registrant-form.ts); what the event's state refuses here is a Refusal on its field, and nothing is changed then.
 * The table is not edited here: seating owns it.
 */
import { and, eq } from "drizzle-orm";
import { Refusal } from "~/forms/refusal";
import { publish } from "~/realtime/bus.server";
import { registrant } from "~drizzle/schema";
import { setRegistrantPaddle } from "./paddles.server";
import { registerParty, type RegisteredParty } from "./register-party.server";
import { answersOf, refreshPassNames, type RegistrationChoices } from "./registrants.server";
import { registrationTopic } from "./registration-topic";
import type { ManualRegistration, RegistrantEdit } from "./registrant-form";
import type { Database } from "~/db/connection.server";

/** Registers a guest or a party by hand: the party, and the buyer's name. */
export async function registerByHand(
  db: Database,
  eventId: number,
  registration: ManualRegistration,
): Promise<{ party: RegisteredParty; buyer: string }> {
  const { buyer, ticketId, quantity, method, guests } = registration;
  const result = await registerParty(db, {
    eventId,
    lines: [{ ticketId, quantity }],
    buyer: { ...buyer, email: buyer.email ?? "" },
    guests: [
      { first_name: buyer.first_name, last_name: buyer.last_name, email: buyer.email, phone: buyer.phone },
      ...guests,
    ],
    method,
    byStaff: true,
  });
  if (!result.ok) {
    const field =
      "ticketId" in result.refusal ? (result.refusal.code === "bad_step" ? "quantity" : "ticket_id") : undefined;
    throw new Refusal(result.refusal.message, field);
  }
  return { party: result.party, buyer: `${buyer.first_name} ${buyer.last_name}` };
}

/**
 * Saves a guest's details; the paddle goes through setRegistrantPaddle (free, or shared within the party). Answers
 * the guest's name, or "The unnamed seat".
 */
export async function editRegistrant(
  db: Database,
  eventId: number,
  registrantId: number,
  choices: RegistrationChoices,
  { details, paddle, mealId, answers }: RegistrantEdit,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [guest] = await tx
      .select({ paddle: registrant.paddle, passId: registrant.pass_id, meta: registrant.meta })
      .from(registrant)
      .where(and(eq(registrant.event_id, eventId), eq(registrant.registrant_id, registrantId)));
    if (!guest) throw new Refusal("This guest is no longer registered. Close this and reload the page.");
    if (guest.paddle !== paddle) {
      const changed = await setRegistrantPaddle(tx, eventId, registrantId, paddle);
      if (!changed.ok) throw new Refusal(changed.message, "paddle");
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
    return name ?? "The unnamed seat";
  });
}
