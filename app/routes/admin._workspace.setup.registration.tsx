import { useLoaderData } from "@remix-run/react";
import { z, type ZodTypeAny } from "zod";
import { requireEventPermission } from "~/auth/access.server";
import { intentAction, type DeclareIntent, type Intent } from "~/forms/intent-action.server";
import { Refusal } from "~/forms/refusal";
import { refuseForm } from "~/forms/reply.server";
import { rowId } from "~/forms/rules";
import { setPromoCodeActive } from "~/registration/promo-codes.server";
import { loadRegistrationSettings } from "~/registration/registration-settings.server";
import { registrationSetupScreen, saveRegistrationSetup } from "~/registration/registration-setup.server";
import {
  listFormId,
  recordIntent,
  REGISTRATION_SETUP_INTENT,
  registrationSettingsSchema,
  SETTINGS_FORM,
} from "~/registration/setup-forms";
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

/** Save the settings; activate or deactivate a promo code; add, edit, delete or move a row of one of the lists. */
export async function action({ request }: ActionFunctionArgs) {
  return intentAction(request, {
    access: (request) => requireEventPermission(request, "can_configure_event"),
    intents: (intent) => {
      const promoActive = (active: boolean) =>
        intent({
          formId: listFormId("promo-codes"),
          schema: z.object({}),
          run: async ({ eventId, form }) => {
            const code = await setPromoCodeActive(eventId, positiveId(form.get("promo_code_id")), active);
            if (code === null)
              return refuseForm(listFormId("promo-codes"), "This promo code no longer exists. Reload the page.");
            return `Promo code ${code} ${active ? "activated" : "deactivated"}`;
          },
        });
      return {
        [REGISTRATION_SETUP_INTENT.saveSettings]: intent({
          formId: SETTINGS_FORM,
          schema: async ({ eventId }) => registrationSettingsSchema((await loadRegistrationSettings(eventId)).timeZone),
          refusedAbove: "Nothing was saved. Correct the fields marked below.",
          run: async ({ eventId }, settings) => {
            await saveRegistrationSetup(eventId, settings);
            return "Registration settings saved";
          },
        }),
        [REGISTRATION_SETUP_INTENT.activatePromo]: promoActive(true),
        [REGISTRATION_SETUP_INTENT.deactivatePromo]: promoActive(false),
        ...Object.fromEntries(
          (SETUP_RECORDS as unknown as SetupRecords<ZodTypeAny>[]).flatMap((records) => recordIntents(records, intent)),
        ),
      };
    },
  });
}

/** A list's intents (recordIntent: `create-<key>`, `update-<key>`, `delete-<key>`, `move-<key>`), by their names. */
function recordIntents<Access extends { eventId: number }>(
  spec: SetupRecords<ZodTypeAny>,
  intent: DeclareIntent<Access>,
) {
  const idOf = (form: FormData) => positiveId(form.get(spec.idField));
  // A list's refusals are said above it (a post of buttons, not a form of fields).
  const gone = () => refuseForm(listFormId(spec.list), `This ${spec.noun} no longer exists. Reload the page.`);
  const save = (verb: "create" | "update") =>
    intent({
      formId: (form) => (verb === "update" ? `edit-${spec.key}-${idOf(form)}` : `new-${spec.key}`),
      schema: spec.schema,
      run: async ({ eventId, form }, input) => {
        const id = verb === "update" ? idOf(form) : null;
        if (id === null) await spec.create(eventId, input);
        else if (!(await spec.update(eventId, id, input))) throw new Refusal(RECORD_GONE);
        return `${spec.named(spec.nameOf(input))} ${id ? "saved" : "added"}`;
      },
    });
  const entries: Array<[string, Intent<Access, never>]> = [
    [recordIntent("create", spec.key), save("create")],
    [recordIntent("update", spec.key), save("update")],
    [
      recordIntent("delete", spec.key),
      intent({
        formId: listFormId(spec.list),
        schema: z.object({}),
        run: async ({ eventId, form }) => {
          try {
            const name = await spec.remove(eventId, idOf(form));
            return name === null ? gone() : `${spec.named(name)} deleted`;
          } catch (error) {
            if (!(error instanceof Refusal)) throw error;
            return refuseForm(listFormId(spec.list), error.message);
          }
        },
      }),
    ],
  ];
  const move = spec.move;
  if (move)
    entries.push([
      recordIntent("move", spec.key),
      intent({
        formId: listFormId(spec.list),
        schema: z.object({}),
        run: async ({ eventId, form }) => {
          const moved = await move(eventId, idOf(form), direction(form.get("direction")));
          return moved ? `${spec.plural} reordered` : gone();
        },
      }),
    ]);
  return entries;
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
