import { useLoaderData } from "@remix-run/react";
import { PromoCodesSection } from "~/registration/promo-codes-section";
import { MealsSection, QuestionsSection } from "~/registration/questions-section";
import { RegistrationSettingsForm } from "~/registration/registration-settings-form";
import { registrationSetupAction, registrationSetupLoader } from "~/registration/registration-setup-route.server";
import { TicketTypesSection } from "~/registration/ticket-types-section";
import { richTextLinks } from "~/rich-text/rich-text-editor";
import { dateTimeFieldLinks } from "~/ui/date-time-field";
import { ErrorPanel, errorTitle } from "~/ui/error-page";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = ({ error }) => [
  { title: error ? `${errorTitle(error)} · Gavel` : "Registration · Setup · Gavel" },
];

export const links: LinksFunction = () => [...richTextLinks(), ...dateTimeFieldLinks()];

/**
 * /admin/setup/registration: the registration window and settings, ticket types, questions, meals and promo codes
 * of the current event (app/registration/registration-setup-route.server.ts). Needs can_configure_event.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return registrationSetupLoader(request);
}

export async function action({ request }: ActionFunctionArgs) {
  return registrationSetupAction(request);
}

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

export function ErrorBoundary() {
  return <ErrorPanel />;
}
