import { useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { parseForm } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { Refusal } from "~/forms/refusal";
import { answerForm, refuseForm, refuseSubmission } from "~/forms/reply.server";
import { rowId } from "~/forms/rules";
import { backWithToast } from "~/http/toast.server";
import { setPromoCodeActive } from "~/registration/promo-codes.server";
import { loadRegistrationSettings } from "~/registration/registration-settings.server";
import { registrationSetupScreen, saveRegistrationSetup } from "~/registration/registration-setup.server";
import { listFormId, registrationSettingsSchema, SETTINGS_FORM } from "~/registration/setup-forms";
import { SETUP_RECORDS, type SetupRecords } from "~/registration/setup-lists.server";
import { type Direction } from "~/registration/setup-records.server";
import { PromoCodesSection } from "~/registration/ui/promo-codes-section";
import { MealsSection, QuestionsSection } from "~/registration/ui/questions-section";
import { RegistrationSettingsForm } from "~/registration/ui/registration-settings-form";
import { TicketTypesSection } from "~/registration/ui/ticket-types-section";
import { richTextLinks } from "~/rich-text/ui/rich-text-editor";
import { dateTimeFieldLinks } from "~/ui/date-time-field";
import { titleMeta } from "~/ui/error-page";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import type { ZodTypeAny } from "zod";

export const meta = titleMeta("Registration · Setup · Gavel");

export const links: LinksFunction = () => [...richTextLinks(), ...dateTimeFieldLinks()];

/**
 * /admin/setup/registration: the registration window and settings, ticket types, questions, meals and promo codes
 * of the current event. Both need can_configure_event (docs/permissions.md). Every form posts an `intent`; a
 * refused form answers 400 with a FormReply (the messages beside its fields, or above its list: the reply of the
 * list's form id) and changes nothing; an accepted one redirects back with a toast.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_configure_event");
  return registrationSetupScreen(eventId);
}

const positiveId = (value: FormDataEntryValue | null) => {
  const id = rowId.safeParse(value);
  if (!id.success) throw new Response("This form does not say which record.", { status: 400 });
  return id.data;
};

const direction = (value: FormDataEntryValue | null): Direction => {
  if (value === "up" || value === "down") return value;
  throw new Response("This form does not say which way to move.", { status: 400 });
};

export async function action({ request }: ActionFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_configure_event");
  const form = await readPostedForm(request);
  const done = (title: string) => backWithToast(request, title);
  const intent = String(form.get("intent") ?? "");

  if (intent === "save-settings") {
    const { timeZone } = await loadRegistrationSettings(eventId);
    const submission = parseForm(form, registrationSettingsSchema(timeZone));
    if (submission.status !== "success") {
      return refuseSubmission(SETTINGS_FORM, submission, {
        formErrors: ["Nothing was saved. Correct the fields marked below."],
      });
    }
    await saveRegistrationSetup(eventId, submission.value);
    return done("Registration settings saved");
  }

  if (intent === "activate-promo" || intent === "deactivate-promo") {
    const active = intent === "activate-promo";
    const code = await setPromoCodeActive(eventId, positiveId(form.get("promo_code_id")), active);
    if (code === null)
      return refuseForm(listFormId("promo-codes"), "This promo code no longer exists. Reload the page.");
    return done(`Promo code ${code} ${active ? "activated" : "deactivated"}`);
  }

  const [verb, key] = intent.split(/-(.*)/s);
  const spec = SETUP_RECORDS.find((candidate) => candidate.key === key) as SetupRecords<ZodTypeAny> | undefined;
  if (!spec) throw new Response("This form does not say what to do.", { status: 400 });
  const gone = () => refuseForm(listFormId(spec.list), `This ${spec.noun} no longer exists. Reload the page.`);

  switch (verb) {
    case "create":
    case "update": {
      const id = verb === "update" ? positiveId(form.get(spec.idField)) : null;
      const formId = id ? `edit-${spec.key}-${id}` : `new-${spec.key}`;
      return answerForm(formId, parseForm(form, spec.schema), async (input) => {
        if (id === null) await spec.create(eventId, input);
        else if (!(await spec.update(eventId, id, input))) throw new Refusal(RECORD_GONE);
        return done(`${spec.named(spec.nameOf(input))} ${id ? "saved" : "added"}`);
      });
    }
    case "delete": {
      try {
        const name = await spec.remove(eventId, positiveId(form.get(spec.idField)));
        return name === null ? gone() : done(`${spec.named(name)} deleted`);
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        return refuseForm(listFormId(spec.list), error.message);
      }
    }
    case "move":
      if (!spec.move) break;
      return (await spec.move(eventId, positiveId(form.get(spec.idField)), direction(form.get("direction"))))
        ? done(`${spec.plural} reordered`)
        : gone();
  }
  throw new Response("This form does not say what to do.", { status: 400 });
}

const RECORD_GONE = "This record no longer exists. Reload the page.";

const SECTIONS = [
  ["#tickets", "Ticket types"],
  ["#questions", "Questions"],
  ["#meals", "Meals"],
  ["#promo-codes", "Promo codes"],
] as const;

export default function RegistrationSetupPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <>
      <div className="page-header">
        <h1>Registration</h1>
        <p>
          When and how guests register, the tickets they can buy, what they are asked, and the promo codes they may use.
        </p>
      </div>
      <nav aria-label="Sections of this page" className="cluster">
        {SECTIONS.map(([href, label]) => (
          <a key={href} href={href}>
            {label}
          </a>
        ))}
      </nav>
      <RegistrationSettingsForm data={data} />
      <TicketTypesSection tickets={data.tickets} currency={data.currency} />
      <QuestionsSection questions={data.questions} mealCount={data.meals.length} />
      <MealsSection meals={data.meals} />
      <PromoCodesSection promoCodes={data.promoCodes} tickets={data.tickets} currency={data.currency} />
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
