/**
 * What each product adds to its messages when the outbox worker sends them (docs/decisions/023-messages-outbox.md):
 * messages sit below the products, so the products' contributions are named here, at the top of the app, and given to
 * the worker by startup.server.ts.
 */
import { wonMessageEnrichment } from "./billing/won-message.server";
import { confirmationEnrichment, guestTicketEnrichment } from "./registration/confirmation.server";
import type { MessageEnrichers } from "./messages/worker.server";

export const outboxEnrichers: MessageEnrichers = {
  registration_confirmation: confirmationEnrichment,
  guest_ticket: guestTicketEnrichment,
  won: wonMessageEnrichment,
};
