import { Outlet } from "@remix-run/react";
import { requireTeamMember } from "~/auth/access.server";
import { DESIGN_AREAS, loadDataAreas } from "~/data-areas/sets.server";
import { revalidateOnSubmitOrEventChange } from "~/navigation/layout-revalidation";
import { richTextLinks } from "~/rich-text/ui/rich-text-editor";
import designerHref from "~/styles/designer.css";
import eventHref from "~/styles/event.css";
import landingHref from "~/styles/landing.css";
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";

/**
 * /admin/pages: loads the data areas of paths containing pages; its screens (the page designer,
 * can_design) check their own permission. Any team member passes here.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireTeamMember(request);
  return { eventId, areas: await loadDataAreas(DESIGN_AREAS, eventId) };
}

export const shouldRevalidate = revalidateOnSubmitOrEventChange;

// The previews are the public pages themselves, so their styles come along.
export const links: LinksFunction = () => [
  ...richTextLinks(),
  { rel: "stylesheet", href: eventHref },
  { rel: "stylesheet", href: landingHref },
  { rel: "stylesheet", href: designerHref },
];

export default function PagesLayout() {
  return <Outlet />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
