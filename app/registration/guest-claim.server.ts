/**
 * A guest's personal link (/register?id=…&guest=<claim token>): the buyer bought the seat, the guest fills in their
 * own name, contact and answers, and gets their QR code, on the page and by email. The link keeps working, so a guest
 * can correct details.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import QRCode from "qrcode";
import { db } from "~/db.server";
import { paths } from "~/http/paths";
import { messageOrigin } from "~/messages/links.server";
import { notifyTeam } from "~/messages/team-notifications.server";
import { publish } from "~/realtime/bus.server";
import { pass, registrant, ticket } from "~drizzle/schema";
import { queueGuestTicket } from "./confirmation.server";
import { checkInUrl } from "./order-links.server";
import { registrationTopic } from "./registration-topic";
import type { RegisterContext } from "./register-page.server";

const TOKEN = /^[0-9a-f]{32}$/;

export async function loadGuestSeat(origin: string, eventId: number, token: string | null) {
  if (!token || !TOKEN.test(token)) return null;
  const [row] = await db
    .select({
      registrant_id: registrant.registrant_id,
      first_name: registrant.first_name,
      last_name: registrant.last_name,
      email: registrant.email,
      phone: registrant.phone,
      meal_id: registrant.meal_id,
      paddle: registrant.paddle,
      meta: registrant.meta,
      checkin: registrant.checkin_token,
      ticket: ticket.title,
      is_claimed: registrant.is_claimed,
    })
    .from(registrant)
    .leftJoin(ticket, eq(ticket.ticket_id, registrant.ticket_id))
    .where(and(eq(registrant.event_id, eventId), eq(registrant.claim_token, token)));
  if (!row) return null;
  const answers = (row.meta.answers ?? {}) as Record<string, string>;
  return {
    token,
    ticket: row.ticket ?? "Ticket",
    paddle: row.paddle,
    claimed: row.is_claimed,
    values: {
      first_name: row.first_name ?? "",
      last_name: row.last_name ?? "",
      email: row.email ?? "",
      phone: row.phone ?? "",
      answers: { ...answers, ...(row.meal_id !== null ? { meal: String(row.meal_id) } : {}) },
    },
    qrSvg: row.is_claimed
      ? await QRCode.toString(checkInUrl(origin, eventId, row.checkin), { type: "svg", margin: 1 })
      : null,
  };
}

export type GuestSeat = NonNullable<Awaited<ReturnType<typeof loadGuestSeat>>>;

/**
 * A seat whose guest has an account (they joined the auction, or signed in to register) keeps that account's email:
 * the link is forwarded and never expires, and the email decides whose paddle the seat is. The refusal of another
 * email, by field, for answerForm.
 */
export async function accountEmailErrors(
  context: RegisterContext,
  token: string,
  email: string,
): Promise<Record<string, string[]>> {
  const [seat] = await db
    .select({ email: registrant.email, linked: registrant.usr_id })
    .from(registrant)
    .where(and(eq(registrant.event_id, context.event.event_id), eq(registrant.claim_token, token)));
  return seat && seat.linked !== null && email.toLowerCase() !== (seat.email ?? "").toLowerCase()
    ? { email: ["This seat belongs to its guest's account, so its email stays. Ask the event's team to change it."] }
    : {};
}

/** Saves what the guest entered, checked with the guest form's schema (register-forms.ts). */
export async function saveGuestSeat(context: RegisterContext, token: string, posted: Record<string, string>) {
  const values = {
    first_name: posted.first_name,
    last_name: posted.last_name,
    email: posted.email,
    phone: posted.phone,
  };
  const answers: Record<string, string> = {};
  let mealId: number | null = null;
  for (const asked of context.questions) {
    const answer = posted[`answer-${asked.name}`];
    if (asked.type === "meal" && answer) mealId = Number(answer);
    if (answer)
      answers[asked.name] =
        asked.type === "meal" ? (context.meals.find((choice) => choice.meal_id === mealId)?.title ?? answer) : answer;
  }

  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(registrant)
      .set({
        ...values,
        email: values.email || null,
        phone: values.phone || null,
        name: `${values.first_name} ${values.last_name}`,
        meal_id: mealId,
        meta: { answers },
        is_claimed: true,
      })
      .where(and(eq(registrant.event_id, context.event.event_id), eq(registrant.claim_token, token)))
      .returning({ passId: registrant.pass_id, registrantId: registrant.registrant_id });
    if (!row) return;
    // Their ticket, at the address they just gave: once per address, however often they save.
    if (values.email) {
      await queueGuestTicket(tx, {
        eventId: context.event.event_id,
        registrantId: row.registrantId,
        email: values.email,
      });
    }
    await notifyTeam(tx, {
      eventId: context.event.event_id,
      flag: "notify_form_submit",
      template: "team_form_submit",
      // Each time the guest sends the form: a correction is news too.
      key: `guest-details:${row.registrantId}:${randomUUID()}`,
      data: {
        guest: `${values.first_name} ${values.last_name}`,
        form: "their guest details",
        link: `${messageOrigin()}${paths.registrationRegistrants(context.event.event_id)}`,
      },
    });
    if (row.passId) {
      const names = await tx
        .select({ name: registrant.name })
        .from(registrant)
        .where(eq(registrant.pass_id, row.passId))
        .orderBy(asc(registrant.registrant_id));
      await tx
        .update(pass)
        .set({ names: names.map((guest) => guest.name).filter((name): name is string => Boolean(name)) })
        .where(eq(pass.pass_id, row.passId));
    }
    await publish(tx, { topic: registrationTopic(context.event.event_id), type: "claimed", data: {} });
  });
}
