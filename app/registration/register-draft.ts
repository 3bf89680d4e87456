/**
 * The /register stepper's state. Nothing is stored until the last step: what the buyer has entered so far travels
 * with each form post (a hidden field the server reads back and checks again), so the page works as plain forms
 * without JavaScript, going back keeps every field, and an abandoned registration leaves nothing behind.
 * Client-safe: the page renders from it.
 */
export const REGISTER_STEPS = ["tickets", "buyer", "guests", "questions", "payment"] as const;
export type RegisterStep = (typeof REGISTER_STEPS)[number];

export const STEP_LABELS: Record<RegisterStep, string> = {
  tickets: "Tickets",
  buyer: "Your details",
  guests: "Guests",
  questions: "Questions",
  payment: "Payment",
};

export interface DraftGuest {
  first_name: string;
  last_name: string;
  email: string;
}

export interface RegisterDraft {
  /** Ticket id → how many. */
  quantities: Record<string, number>;
  promoCode: string;
  buyer: { first_name: string; last_name: string; email: string; phone: string; company: string };
  /** One per seat, in seat order; blank names: the buyer adds this guest later. */
  guests: DraftGuest[];
  /** One per seat: question name → answer (for a meal question, the meal's id). */
  answers: Record<string, string>[];
  /** Given when the payment step opens: completing the same draft twice registers once. */
  orderKey: string;
}

export const EMPTY_DRAFT: RegisterDraft = {
  quantities: {},
  promoCode: "",
  buyer: { first_name: "", last_name: "", email: "", phone: "", company: "" },
  guests: [],
  answers: [],
  orderKey: "",
};

export interface SeatTicket {
  ticket_id: number;
  title: string;
  seat_count: number;
}

export interface Seat {
  index: number;
  ticketId: number;
  /** "Table of 8, seat 3" */
  label: string;
}

/** The seats an order makes, ticket type by ticket type in the order the page lists them. */
export function seatsOf(tickets: readonly SeatTicket[], quantities: Record<string, number>): Seat[] {
  const seats: Seat[] = [];
  for (const type of tickets) {
    const count = (quantities[String(type.ticket_id)] ?? 0) * type.seat_count;
    for (let n = 1; n <= count; n++) {
      seats.push({
        index: seats.length,
        ticketId: type.ticket_id,
        label: count > 1 ? `${type.title}, seat ${n}` : type.title,
      });
    }
  }
  return seats;
}

export const isNamed = (guest: DraftGuest | undefined) =>
  Boolean(guest && guest.first_name.trim() && guest.last_name.trim());
