import { useActionData, useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { shownSponsors } from "~/catalogue/sponsors.server";
import { eventSettings } from "~/events/event-settings.server";
import { parseForm } from "~/forms/form-contract";
import { answerForm } from "~/forms/reply.server";
import { backWithToast } from "~/http/toast.server";
import { imageChange, imageFieldErrors, readFormWithImages } from "~/images/upload.server";
import {
  COMPONENTS_FORM,
  componentsFormSchema,
  componentsFromForm,
  componentsTree,
  type ComponentsFormValues,
} from "~/public-components/components-form";
import { loadPublicComponents, savePublicComponents } from "~/public-components/public-components.server";
import { ComponentsEditor } from "~/public-components/ui/components-editor";
import labHref from "~/styles/lab.css";
import landingHref from "~/styles/landing.css";
import publicChromeHref from "~/styles/public-chrome.css";
import { brandingStyle } from "~/ui/branding";
import { titleMeta } from "~/ui/error-page";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";

export const meta = titleMeta("Components · Setup · Gavel");

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: landingHref },
  { rel: "stylesheet", href: publicChromeHref },
  { rel: "stylesheet", href: labHref },
];

/**
 * /admin/setup/components: the header, announcement bar, sponsor strip and footer that the event's landing page,
 * registration and bidding pages share, edited once here (can_design).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_design");
  const [row, saved, sponsors] = await Promise.all([
    eventSettings(eventId),
    loadPublicComponents(eventId),
    shownSponsors(eventId),
  ]);
  return {
    event: { event_id: row.event_id, title: row.title, logo: row.logo },
    branding: brandingStyle(row),
    saved,
    sponsors: sponsors.map(({ level: _level, ...sponsor }) => sponsor),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_design");
  const { form, imageErrors } = await readFormWithImages(request, ["header_logo"]);
  const submission = parseForm(form, componentsFormSchema);
  const save = async (values: ComponentsFormValues) => {
    const logoChange = imageChange(form, "header_logo");
    const logo =
      "header_logo" in logoChange ? (logoChange.header_logo ?? "") : (await loadPublicComponents(eventId)).header.logo;
    await savePublicComponents(eventId, componentsTree(componentsFromForm(values, logo)));
    return backWithToast(request, "Components saved");
  };
  return answerForm(COMPONENTS_FORM, submission, save, imageFieldErrors(imageErrors));
}

export default function ComponentsSetupPage() {
  const screen = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  // A saved form starts afresh; a refused post keeps what was typed.
  return <ComponentsEditor key={JSON.stringify(screen.saved)} {...screen} reply={reply} />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
