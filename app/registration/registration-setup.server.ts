/**
 * What /admin/setup/registration shows and saves beyond its lists' own domain modules: the registration settings,
 * ticket types, questions, meals and promo codes of an event, as the page reads them, and the settings' save.
 */
import { sanitizeRichText } from "~/rich-text/sanitize.server";
import { formatMoney } from "~/ui/format";
import { centsToInput } from "~/ui/money-input";
import { formatInZone } from "~/ui/zoned-time";
import { listPromoCodes } from "./promo-codes.server";
import { listMeals, listQuestions } from "./questions.server";
import { loadRegistrationSettings, saveRegistrationSettings } from "./registration-settings.server";
import { listTicketTypes } from "./ticket-types.server";
import type { registrationSettingsSchema } from "./setup-forms";
import type { z } from "zod";

/** The page's data: the settings as the form posts them, the lists with their amounts written out. */
export async function registrationSetupScreen(eventId: number) {
  const [{ timeZone, currency, exists, settings }, tickets, questions, meals, promoCodes] = await Promise.all([
    loadRegistrationSettings(eventId),
    listTicketTypes(eventId),
    listQuestions(eventId),
    listMeals(eventId),
    listPromoCodes(eventId),
  ]);
  const money = (cents: number) => formatMoney(cents, currency);
  const ticketTitles = new Map(tickets.map((row) => [row.ticket_id, row.title]));
  const window = settings.start_date_time || settings.end_date_time;
  return {
    timeZone,
    currency,
    exists,
    settings: {
      start_date_time: settings.start_date_time?.toISOString() ?? null,
      end_date_time: settings.end_date_time?.toISOString() ?? null,
      store_card: settings.store_card,
      confirmation_message: sanitizeRichText(settings.confirmation_message ?? ""),
      paddle_start: String(settings.paddle_start),
      order_limit: String(settings.order_limit),
      next_paddle: settings.next_paddle,
    },
    windowSummary: window
      ? [
          settings.start_date_time ? `opens ${formatInZone(settings.start_date_time, timeZone)}` : "is open now",
          settings.end_date_time
            ? `closes ${formatInZone(settings.end_date_time, timeZone)}`
            : "stays open until you close it",
        ].join(" and ")
      : null,
    tickets: tickets.map((row) => ({
      ...row,
      description: row.description === null ? null : sanitizeRichText(row.description),
      price_label: row.price === 0 ? "Free" : money(row.price),
      price_input: centsToInput(row.price),
    })),
    questions,
    meals,
    promoCodes: promoCodes.map((row) => {
      const known = row.ticket_ids.filter((id) => ticketTitles.has(id));
      return {
        ...row,
        discount_label: row.discount_type === "percent" ? `${row.discount}% off` : `${money(row.discount)} off`,
        discount_input: row.discount_type === "percent" ? String(row.discount) : centsToInput(row.discount),
        // A code limited to ticket types that were all deleted since applies to none of the rest.
        applies_to:
          row.ticket_ids.length === 0
            ? "All ticket types"
            : known.length === 0
              ? "No ticket type (its ticket types were deleted)"
              : known.map((id) => ticketTitles.get(id)).join(", "),
      };
    }),
  };
}

export type RegistrationSetupData = Awaited<ReturnType<typeof registrationSetupScreen>>;

/** Saves the registration settings form, its confirmation message sanitised. */
export async function saveRegistrationSetup(
  eventId: number,
  settings: z.output<ReturnType<typeof registrationSettingsSchema>>,
): Promise<void> {
  await saveRegistrationSettings(eventId, {
    ...settings,
    confirmation_message: sanitizeRichText(settings.confirmation_message),
  });
}
