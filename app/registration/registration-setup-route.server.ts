/**
 * The loader and action of /admin/setup/registration: the registration settings, ticket types, questions, meals
 * and promo codes of the current event. Both need can_configure_event (docs/permissions.md). Every form posts an
 * `intent`; a refused form answers 400 with a FormReply (the messages beside its fields, or above its list: the
 * reply of the list's form id) and changes nothing; an accepted one redirects back with a toast.
 */
import { requireEventPermission } from "~/auth/access.server";
import { parseForm } from "~/forms/form-contract";
import { refuseForm, refuseSubmission, refuseWith } from "~/forms/reply.server";
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
  mealSchema,
  promoCodeSchema,
  questionSchema,
  listFormId,
  registrationSettingsSchema,
  SETTINGS_FORM,
  ticketSchema,
  type SetupList,
} from "./setup-forms";
import { FieldRefusal, type Direction } from "./setup-records.server";
import {
  createTicketType,
  deleteTicketType,
  listTicketTypes,
  moveTicketType,
  TicketTypeSoldError,
  updateTicketType,
} from "./ticket-types.server";
import type { z, ZodTypeAny } from "zod";

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
  const refuseList = (list: SetupList, message: string) => refuseForm(listFormId(list), message);
  const gone = (list: SetupList, what: string) => refuseList(list, `This ${what} no longer exists. Reload the page.`);
  const intent = String(form.get("intent") ?? "");

  /**
   * A dialog's create-or-update: parse, save, and answer with its messages on any refusal. `save` answers false
   * when the record to update is gone.
   */
  async function dialogSave<Schema extends ZodTypeAny>(options: {
    formId: string;
    schema: Schema;
    save: (input: z.output<Schema>) => Promise<boolean>;
    saved: (input: z.output<Schema>) => string;
  }) {
    const { formId } = options;
    const submission = parseForm(form, options.schema);
    if (submission.status !== "success") return refuseSubmission(formId, submission);
    try {
      if (!(await options.save(submission.value))) {
        return refuseSubmission(formId, submission, { formErrors: ["This record no longer exists. Reload the page."] });
      }
    } catch (error) {
      if (!(error instanceof FieldRefusal)) throw error;
      return refuseWith(formId, submission, error);
    }
    return done(options.saved(submission.value));
  }

  switch (intent) {
    case "save-settings": {
      const { timeZone } = await loadRegistrationSettings(eventId);
      const submission = parseForm(form, registrationSettingsSchema(timeZone));
      if (submission.status !== "success") {
        return refuseSubmission(SETTINGS_FORM, submission, {
          formErrors: ["Nothing was saved. Correct the fields marked below."],
        });
      }
      const settings = submission.value;
      await saveRegistrationSettings(eventId, {
        ...settings,
        confirmation_message: sanitizeRichText(settings.confirmation_message),
      });
      return done("Registration settings saved");
    }

    case "create-ticket":
    case "update-ticket": {
      const ticketId = intent === "update-ticket" ? positiveId(form.get("ticket_id")) : null;
      return dialogSave({
        formId: ticketId ? `edit-ticket-${ticketId}` : "new-ticket",
        schema: ticketSchema,
        save: async (posted) => {
          const input = { ...posted, description: sanitizeRichText(posted.description) || null };
          return ticketId ? updateTicketType(eventId, ticketId, input) : (await createTicketType(eventId, input), true);
        },
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
      return dialogSave({
        formId: questionId ? `edit-question-${questionId}` : "new-question",
        schema: questionSchema,
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
      return dialogSave({
        formId: mealId ? `edit-meal-${mealId}` : "new-meal",
        schema: mealSchema,
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
      return dialogSave({
        formId: promoId ? `edit-promo-${promoId}` : "new-promo",
        schema: promoCodeSchema,
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
