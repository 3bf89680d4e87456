/**
 * Cards on file: a guest saves a card on the provider's hosted page (a setup, not a charge), at registration, when
 * an auction asks for one, or from /invoice; staff charge it at checkout. The card is kept per event (each event's
 * organisation has its own Stripe account); usr.stripe_id / stripe_test_id and default_payment_source mirror the
 * latest (the bidding engine asks default_payment_source whether a bidder has a card).
 */
import { and, eq, sql } from "drizzle-orm";
import { db } from "~/db.server";
import { Refusal } from "~/forms/refusal";
import { ProviderRefusedError, type PaymentProvider, type SavedCard } from "~/payments/provider";
import { fullName } from "~/ui/format";
import { card_on_file, event, registration, usr } from "~drizzle/schema";
import { paymentProviderFor } from "./settings.server";
import type { Executor } from "./line-sources/line-source";

export interface CardOnFile extends SavedCard {
  mode: string;
}

export async function cardOnFile(executor: Executor, eventId: number, usrId: number): Promise<CardOnFile | null> {
  const [row] = await executor
    .select()
    .from(card_on_file)
    .where(and(eq(card_on_file.event_id, eventId), eq(card_on_file.usr_id, usrId)));
  if (!row) return null;
  return {
    mode: row.mode,
    customerId: row.customer_id,
    paymentMethodId: row.payment_method_id,
    brand: row.brand,
    last4: row.last4,
  };
}

export class CardsNotSetUpError extends Refusal {
  constructor() {
    super("This event does not take cards yet: the organisers can add payment keys at Setup › Billing.");
  }
}

/** The guest's customer in the event's payment account: the one their saved card belongs to, or a new one. */
export async function customerFor(provider: PaymentProvider, eventId: number, usrId: number): Promise<string> {
  const saved = await cardOnFile(db, eventId, usrId);
  if (saved && saved.mode === provider.mode) return saved.customerId;
  const [person] = await db
    .select({ email: usr.email_address, first: usr.first_name, last: usr.last_name })
    .from(usr)
    .where(eq(usr.usr_id, usrId));
  if (!person) throw new Response("Guest not found", { status: 404 });
  const customerId = await provider.createCustomer({
    email: person.email,
    name: fullName(person.first, person.last) || person.email,
    metadata: { gavel_usr: String(usrId), gavel_event: String(eventId) },
    // Stripe keeps keys for 24 hours: a guest's customer made within that time is the same one.
    idempotencyKey: `customer-${eventId}-${usrId}-${provider.mode}`,
  });
  await db
    .update(usr)
    .set(provider.mode === "live" ? { stripe_id: customerId } : { stripe_test_id: customerId })
    .where(eq(usr.usr_id, usrId));
  return customerId;
}

/**
 * Starts saving a card: answers the hosted page to send the guest to. The success address gets the session id
 * (`{CHECKOUT_SESSION_ID}`), which finishCardSetup reads back.
 */
export async function startCardSetup(
  eventId: number,
  usrId: number,
  pages: { successUrl: string; cancelUrl: string },
): Promise<string> {
  const provider = await paymentProviderFor(eventId);
  if (!provider) throw new CardsNotSetUpError();
  const [eventRow] = await db.select({ currency: event.currency }).from(event).where(eq(event.event_id, eventId));
  const page = await provider.startCardSetup({
    customerId: await customerFor(provider, eventId, usrId),
    currency: eventRow?.currency ?? "USD",
    successUrl: pages.successUrl,
    cancelUrl: pages.cancelUrl,
    metadata: { gavel_event: String(eventId), gavel_usr: String(usrId), gavel_purpose: "card_setup" },
  });
  return page.url;
}

/**
 * Keeps the card saved on the hosted page. Safe to call twice (the redirect back and the webhook both do). A session
 * the provider does not know (one typed into the address: setup pages are not stored here) keeps nothing.
 */
export async function finishCardSetup(eventId: number, sessionId: string): Promise<CardOnFile | null> {
  const provider = await paymentProviderFor(eventId);
  if (!provider) throw new CardsNotSetUpError();
  const result = await provider.readCheckout(sessionId).catch((error: unknown) => {
    if (error instanceof ProviderRefusedError) return null;
    throw error;
  });
  if (!result) return null;
  if (result.status !== "complete" || result.kind !== "setup") return null;
  if (result.metadata.gavel_event !== String(eventId)) throw new Response("Not this event's card", { status: 400 });
  const usrId = Number(result.metadata.gavel_usr);
  await keepCard(db, eventId, usrId, provider.mode, result.card);
  return { ...result.card, mode: provider.mode };
}

export async function keepCard(executor: Executor, eventId: number, usrId: number, mode: string, card: SavedCard) {
  const values = {
    mode,
    customer_id: card.customerId,
    payment_method_id: card.paymentMethodId,
    brand: card.brand,
    last4: card.last4,
  };
  await executor
    .insert(card_on_file)
    .values({ event_id: eventId, usr_id: usrId, ...values })
    .onConflictDoUpdate({ target: [card_on_file.event_id, card_on_file.usr_id], set: values });
  await executor
    .update(usr)
    .set({
      default_payment_source: card.paymentMethodId,
      ...(mode === "live" ? { stripe_id: card.customerId } : { stripe_test_id: card.customerId }),
    })
    .where(eq(usr.usr_id, usrId));
}

/**
 * Whether registration should send this guest on to save a card: the event's registration asks for one
 * (registration.store_card), cards are set up, and the guest has none saved for the event yet.
 */
export async function registrationAsksForCard(eventId: number, usrId: number): Promise<boolean> {
  const [row] = await db
    .select({ storeCard: registration.store_card })
    .from(event)
    .innerJoin(registration, eq(registration.registration_id, event.registration_id))
    .where(eq(event.event_id, eventId));
  if (!row?.storeCard) return false;
  if (!(await paymentProviderFor(eventId))) return false;
  return (await cardOnFile(db, eventId, usrId)) === null;
}

/**
 * The event's rule for credit, one for everything a guest puts on their bill themselves (a bid, raffle tickets, a
 * duel gift, a gift on the bill): when the event's registration asks for a card (registration.store_card), the
 * guest saves one for the event first. Staff recording for a paddle in the room (a clerk's floor bid, a table's
 * raffle sale) are not asked: the guest is in front of them.
 */
export function creditNeedsCard(standing: { storeCard: boolean; hasCard: boolean }): boolean {
  return standing.storeCard && !standing.hasCard;
}

/** Whether this guest must save a card before putting anything on their bill at this event (creditNeedsCard). */
export async function needsCardForCredit(executor: Executor, eventId: number, usrId: number): Promise<boolean> {
  const [row] = await executor
    .select({
      storeCard: registration.store_card,
      hasCard: sql<boolean>`exists (select from ${card_on_file}
        where ${card_on_file.event_id} = ${eventId} and ${card_on_file.usr_id} = ${usrId})`,
    })
    .from(event)
    .innerJoin(registration, eq(registration.registration_id, event.registration_id))
    .where(eq(event.event_id, eventId));
  return creditNeedsCard({ storeCard: row?.storeCard ?? false, hasCard: row?.hasCard ?? false });
}

export class CardRequiredRefusal extends Refusal {
  constructor() {
    super(
      "This event asks for a card on file before anything goes on your bill: save one with “Save a card”. It is saved, not charged; you pay at checkout.",
    );
  }
}

/** Refuses a guest who must save a card before putting anything on their bill (creditNeedsCard). */
export async function requireCardForCredit(executor: Executor, eventId: number, usrId: number): Promise<void> {
  if (await needsCardForCredit(executor, eventId, usrId)) throw new CardRequiredRefusal();
}

/** The page where a signed-in guest saves the card this event keeps on file, and comes back to `returnTo`. */
export function saveCardHref(eventId: number, returnTo: string): string {
  return `/billing/card?${new URLSearchParams({ id: String(eventId), returnTo })}`;
}
