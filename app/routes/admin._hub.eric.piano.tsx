import { useActionData, useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { readChoice, type BrandingValues } from "~/design-lab/piano";
import { Piano } from "~/design-lab/ui/piano";
import { eventSettings, saveEventSetup } from "~/events/event-settings.server";
import { BRANDING_FORM, brandingSchema } from "~/events/setup-forms";
import { CATALOGUE_FONT_CSS_HREF } from "~/fonts/font-faces.server";
import { parseForm, replyFor } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { answerForm } from "~/forms/reply.server";
import { backWithToast } from "~/http/toast.server";
import biddingHref from "~/styles/bidding.css";
import { errorTitle } from "~/ui/error-page";
import { DEFAULT_EVENT_STYLE } from "~drizzle/schema/style-defaults";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { z } from "zod";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: biddingHref }];

export const meta: MetaFunction<typeof loader> = ({ error, data }) => [
  { title: error ? `${errorTitle(error)} · Gavel` : "Piano · Design lab · Gavel" },
  // Every catalogue font, so the keys and the stage show the real faces.
  ...(data ? [{ tagName: "link", rel: "stylesheet", href: data.fontStylesheet }] : []),
];

/** /admin/eric/piano: the event's colours and fonts as keys; a pair's contrast; "use this" saves it to branding. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_design");
  const row = await eventSettings(eventId);
  const branding = Object.fromEntries(
    Object.keys(DEFAULT_EVENT_STYLE).map((name) => [name, String(row[name as keyof typeof DEFAULT_EVENT_STYLE])]),
  ) as BrandingValues;
  return {
    eventId,
    title: row.title,
    branding,
    // Without JavaScript the keys are a form sent by GET: the choice comes back in the query.
    choice: readChoice(new URL(request.url).searchParams, branding),
    fontStylesheet: CATALOGUE_FONT_CSS_HREF,
  };
}

/** "Use this": the branding the pair makes, checked and stored exactly as /admin/setup/branding does. */
export async function action({ request }: ActionFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_design");
  const submission = parseForm(await readPostedForm(request), brandingSchema);
  const save = async (branding: z.output<typeof brandingSchema>) => {
    await saveEventSetup(eventId, branding);
    return backWithToast(request, "Saved to the event's branding");
  };
  return answerForm(BRANDING_FORM, submission, save);
}

export default function PianoPage() {
  const { eventId, title, branding, choice } = useLoaderData<typeof loader>();
  const reply = replyFor(useActionData<typeof action>(), BRANDING_FORM);
  // A saved pair changes the keys themselves: the piano starts afresh on them.
  return (
    <Piano
      key={JSON.stringify(branding)}
      eventId={eventId}
      title={title}
      branding={branding}
      asked={choice}
      reply={reply}
    />
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
