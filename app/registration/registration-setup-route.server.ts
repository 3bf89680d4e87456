/**
 * The loader and action of /admin/setup/registration: the registration settings, ticket types, questions, meals
 * and promo codes of the current event. Both need can_configure_event (docs/permissions.md). Every form posts an
 * `intent`; a refused form answers 400 with the messages (beside its fields, or above its list) and changes
 * nothing; an accepted one redirects back with a toast.
 */
import { data } from "@remix-run/node";
import { requireEventPermission } from "~/auth/access.server";
import { postedFields } from "~/catalogue/form-rules.server";
import { sanitizeRichText } from "~/rich-text/sanitize.server";
import { formatMoney } from "~/ui/format";
import { centsToInput } from "~/ui/money-input";
import { redirectWithToast } from "~/ui/toast.server";
import { formatInZone } from "~/ui/zoned-time";
import {
  createPromoCode,
  deletePromoCode,
  listPromoCodes,
  PromoCodeUsedError,
  setPromoCodeActive,
  updatePromoCode,
} from "./promo-codes.server";
import {
  createMeal,
  createQuestion,
  deleteMeal,
  deleteQuestion,
  listMeals,
  listQuestions,
  MealChosenError,
  moveMeal,
  moveQuestion,
  updateMeal,
  updateQuestion,
} from "./questions.server";
import { loadRegistrationSettings, saveRegistrationSettings } from "./registration-settings.server";
import {
  MEAL_FIELDS,
  parseMeal,
  parsePromoCode,
  parseQuestion,
  parseRegistrationSettings,
  parseTicket,
  PROMO_FIELDS,
  promoValues,
  QUESTION_FIELDS,
  SETTINGS_FIELDS,
  TICKET_FIELDS,
  type FieldErrors,
  type FormResult,
} from "./setup-forms.server";
import { FieldRefusal, type Direction } from "./setup-records.server";
import {
  createTicketType,
  deleteTicketType,
  listTicketTypes,
  moveTicketType,
  TicketTypeSoldError,
  updateTicketType,
} from "./ticket-types.server";
import type { DialogRefusal } from "~/ui/form-dialog";

export const REGISTRATION_SETUP_PATH = "/admin/setup/registration";

export async function registrationSetupLoader(request: Request) {
  const { eventId } = await requireEventPermission(request, "can_configure_event");
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

export type RegistrationSetupData = Awaited<ReturnType<typeof registrationSetupLoader>>;

/** The answers the page reads with useActionData, besides a dialog's own refusal. */
export type RegistrationSetupActionData =
  | { form: "settings"; errors: FieldErrors; values: Record<string, string>; formError?: string }
  | { listError: { list: SetupList; message: string } }
  | DialogRefusal;

export type SetupList = "tickets" | "questions" | "meals" | "promo-codes";

const positiveId = (value: FormDataEntryValue | null) => {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0) throw new Response("This form does not say which record.", { status: 400 });
  return id;
};

const direction = (value: FormDataEntryValue | null): Direction => {
  if (value === "up" || value === "down") return value;
  throw new Response("This form does not say which way to move.", { status: 400 });
};

export async function registrationSetupAction(request: Request) {
  const { eventId } = await requireEventPermission(request, "can_configure_event");
  const form = await request.formData();
  const url = new URL(request.url);
  url.searchParams.delete("dialog");
  const here = url.pathname + url.search;
  const done = (title: string) => redirectWithToast(here, { title });
  const refuseDialog = (refusal: DialogRefusal) => data<RegistrationSetupActionData>(refusal, { status: 400 });
  const refuseList = (list: SetupList, message: string) =>
    data<RegistrationSetupActionData>({ listError: { list, message } }, { status: 400 });
  const gone = (list: SetupList, what: string) => refuseList(list, `This ${what} no longer exists. Reload the page.`);
  const intent = String(form.get("intent") ?? "");

  /**
   * A dialog's create-or-update: parse, save, and answer with its messages on any refusal. `save` answers false
   * when the record to update is gone.
   */
  async function dialogSave<T>(options: {
    dialog: string;
    values: Record<string, string>;
    parsed: FormResult<T>;
    save: (input: T) => Promise<boolean>;
    saved: (input: T) => string;
  }) {
    const { dialog, values, parsed } = options;
    if (!parsed.ok) return refuseDialog({ dialog, fieldErrors: parsed.fieldErrors, values });
    try {
      if (!(await options.save(parsed.data))) {
        return refuseDialog({ dialog, formError: "This record no longer exists. Reload the page.", values });
      }
    } catch (error) {
      if (!(error instanceof FieldRefusal)) throw error;
      return refuseDialog({ dialog, fieldErrors: { [error.field]: [error.message] }, values });
    }
    return done(options.saved(parsed.data));
  }

  switch (intent) {
    case "save-settings": {
      const { timeZone } = await loadRegistrationSettings(eventId);
      const values = postedFields(form, SETTINGS_FIELDS, ["store_card"]);
      const parsed = parseRegistrationSettings(values, timeZone);
      if (!parsed.ok) {
        return data<RegistrationSetupActionData>(
          {
            form: "settings",
            errors: parsed.fieldErrors,
            values,
            formError: "Nothing was saved. Correct the fields marked below.",
          },
          { status: 400 },
        );
      }
      await saveRegistrationSettings(eventId, parsed.data);
      return done("Registration settings saved");
    }

    case "create-ticket":
    case "update-ticket": {
      const ticketId = intent === "update-ticket" ? positiveId(form.get("ticket_id")) : null;
      const values = postedFields(form, TICKET_FIELDS);
      return dialogSave({
        dialog: ticketId ? `edit-ticket-${ticketId}` : "new-ticket",
        values,
        parsed: parseTicket(values),
        save: async (input) =>
          ticketId ? updateTicketType(eventId, ticketId, input) : (await createTicketType(eventId, input), true),
        saved: (input) => `Ticket type “${input.title}” ${ticketId ? "saved" : "added"}`,
      });
    }

    case "delete-ticket": {
      try {
        const title = await deleteTicketType(eventId, positiveId(form.get("ticket_id")));
        return title === null ? gone("tickets", "ticket type") : done(`Ticket type “${title}” deleted`);
      } catch (error) {
        if (!(error instanceof TicketTypeSoldError)) throw error;
        return refuseList("tickets", error.message);
      }
    }

    case "move-ticket":
      return (await moveTicketType(eventId, positiveId(form.get("ticket_id")), direction(form.get("direction"))))
        ? done("Ticket types reordered")
        : gone("tickets", "ticket type");

    case "create-question":
    case "update-question": {
      const questionId = intent === "update-question" ? positiveId(form.get("question_id")) : null;
      const values = postedFields(form, QUESTION_FIELDS, ["required", "is_pre_sales_question"]);
      return dialogSave({
        dialog: questionId ? `edit-question-${questionId}` : "new-question",
        values,
        parsed: parseQuestion(values),
        save: async (input) =>
          questionId ? updateQuestion(eventId, questionId, input) : (await createQuestion(eventId, input), true),
        saved: (input) => `Question “${input.label}” ${questionId ? "saved" : "added"}`,
      });
    }

    case "delete-question": {
      const label = await deleteQuestion(eventId, positiveId(form.get("question_id")));
      return label === null ? gone("questions", "question") : done(`Question “${label}” deleted`);
    }

    case "move-question":
      return (await moveQuestion(eventId, positiveId(form.get("question_id")), direction(form.get("direction"))))
        ? done("Questions reordered")
        : gone("questions", "question");

    case "create-meal":
    case "update-meal": {
      const mealId = intent === "update-meal" ? positiveId(form.get("meal_id")) : null;
      const values = postedFields(form, MEAL_FIELDS);
      return dialogSave({
        dialog: mealId ? `edit-meal-${mealId}` : "new-meal",
        values,
        parsed: parseMeal(values),
        save: async (input) => (mealId ? updateMeal(eventId, mealId, input) : (await createMeal(eventId, input), true)),
        saved: (input) => `Meal “${input.title}” ${mealId ? "saved" : "added"}`,
      });
    }

    case "delete-meal": {
      try {
        const title = await deleteMeal(eventId, positiveId(form.get("meal_id")));
        return title === null ? gone("meals", "meal") : done(`Meal “${title}” deleted`);
      } catch (error) {
        if (!(error instanceof MealChosenError)) throw error;
        return refuseList("meals", error.message);
      }
    }

    case "move-meal":
      return (await moveMeal(eventId, positiveId(form.get("meal_id")), direction(form.get("direction"))))
        ? done("Meals reordered")
        : gone("meals", "meal");

    case "create-promo":
    case "update-promo": {
      const promoId = intent === "update-promo" ? positiveId(form.get("promo_code_id")) : null;
      const { input, values } = promoValues(form, postedFields(form, PROMO_FIELDS, ["is_active"]));
      return dialogSave({
        dialog: promoId ? `edit-promo-${promoId}` : "new-promo",
        values,
        parsed: parsePromoCode(input),
        save: async (parsed) =>
          promoId ? updatePromoCode(eventId, promoId, parsed) : (await createPromoCode(eventId, parsed), true),
        saved: (parsed) => `Promo code ${parsed.code} ${promoId ? "saved" : "added"}`,
      });
    }

    case "activate-promo":
    case "deactivate-promo": {
      const active = intent === "activate-promo";
      const code = await setPromoCodeActive(eventId, positiveId(form.get("promo_code_id")), active);
      return code === null
        ? gone("promo-codes", "promo code")
        : done(`Promo code ${code} ${active ? "activated" : "deactivated"}`);
    }

    case "delete-promo": {
      try {
        const code = await deletePromoCode(eventId, positiveId(form.get("promo_code_id")));
        return code === null ? gone("promo-codes", "promo code") : done(`Promo code ${code} deleted`);
      } catch (error) {
        if (!(error instanceof PromoCodeUsedError)) throw error;
        return refuseList("promo-codes", error.message);
      }
    }

    default:
      throw new Response("This form does not say what to do.", { status: 400 });
  }
}
