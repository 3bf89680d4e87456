import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { requireTeamMember } from "~/auth/access.server";
import { ADMIN_AREAS, loadDataAreas } from "~/data-areas/sets.server";
import { revalidateOnSubmitOrEventChange } from "~/navigation/layout-revalidation";
import adminHref from "~/styles/admin.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminHref }];

export const meta: MetaFunction = () => [{ title: "Admin · Gavel" }];

/** Spec §2: every backend route needs a team member of the current event, and loads these data areas. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireTeamMember(request);
  return { eventId, areas: await loadDataAreas(ADMIN_AREAS, eventId) };
}

export const shouldRevalidate = revalidateOnSubmitOrEventChange;

export default function Admin() {
  return <Outlet />;
}
