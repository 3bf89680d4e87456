/**
 * The door's posts (/admin/registration/checkinout), read by the station and its action alike. Client-safe.
 */
import { z } from "zod";
import { EMAIL_MAX, emailAddress, requiredText, rowId, rowIdOr, TEXT_LIMITS } from "~/forms/rules";
import { PAY_LATER_NEEDS_EMAIL } from "./registrant-fields";
import type { PaymentMethod } from "./register-party.server";

/** The station's posts by their `intent`, each also the id of the form a refusal is about. */
export const DOOR_INTENT = {
  checkIn: "in",
  checkOut: "out",
  undoCheckIn: "undo",
  partyIn: "party-in",
  scan: "scan",
  walkIn: "walk-in",
  payCash: "pay-cash",
  payCheck: "pay-check",
} as const;

/** Check in or out, a guest or their party: the guest is all it posts. */
export const doorGuestSchema = z.object({ registrantId: rowIdOr("Choose a guest.") });

/** What a scanner typed or the camera read: a ticket's QR code or its address. */
export const doorScanSchema = z.object({
  code: z.string().max(TEXT_LIMITS.reason, "That code is not a ticket for this event.").default(""),
});

/** A party's order paid at the door: the order, the guest whose row took it, and a check's number. */
export const doorPaymentSchema = z.object({
  paymentId: rowIdOr("Choose the party's order."),
  registrantId: rowId.optional(),
  check_number: z.string().optional(),
});

export type DoorPayment = z.output<typeof doorPaymentSchema>;

export const WALK_IN_METHODS = ["pay_at_event", "cash", "check", "comp"] as const satisfies readonly PaymentMethod[];

/** A walk-in: registered with one ticket and checked in at once. */
export const walkInSchema = z
  .object({
    first_name: requiredText(
      TEXT_LIMITS.name,
      "Enter the guest's first name.",
      `A first name can be at most ${TEXT_LIMITS.name} characters.`,
    ),
    last_name: requiredText(
      TEXT_LIMITS.name,
      "Enter the guest's last name.",
      `A last name can be at most ${TEXT_LIMITS.name} characters.`,
    ),
    email: z.union([
      z.literal(""),
      emailAddress(z.string().trim(), {
        tooLong: `An email address can be at most ${EMAIL_MAX} characters.`,
        notEmail: "Enter an email address like name@example.org, or leave it blank.",
      }),
    ]),
    ticket_id: rowIdOr("Choose a ticket."),
    method: z.enum(WALK_IN_METHODS, { message: "Choose how the guest pays." }),
    // The page view's key (the form without JavaScript): the same form sent twice registers the guest once. The
    // station's queue posts with an entry key of its own instead.
    submission: z.string().min(8).max(80).optional(),
  })
  .superRefine((walkIn, context) => {
    // Paying later is billed to the email's account (decision 049): without one there is no bill to send.
    if (walkIn.method === "pay_at_event" && walkIn.email === "")
      context.addIssue({ code: "custom", path: ["email"], message: PAY_LATER_NEEDS_EMAIL });
  });

export type WalkIn = z.output<typeof walkInSchema>;
