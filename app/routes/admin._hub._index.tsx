import { Link, useLoaderData } from "@remix-run/react";
import { requireTeamMember } from "~/auth/access.server";
import { adminMenus } from "~/navigation/admin-navigation.server";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => [{ title: "Admin · Gavel" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { role } = await requireTeamMember(request);
  const menus = adminMenus(request, role);
  // The hub's own pages, then the first screen of each workspace section the person may use.
  const sections = menus.workspace().map((section) => ({
    label: section.label,
    path: section.path,
    to: section.screens[0].to,
    description: section.screens.map((screen) => screen.label).join(", "),
  }));
  return { screens: [...menus.hub(), ...sections] };
}

/** /admin: the way into each part of the admin area that exists so far and that the person's role may use. */
export default function AdminHome() {
  const { screens } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="page-header">
        <h1>Admin</h1>
        <p>Where organisers and their team prepare and run their events.</p>
      </div>
      <ul className="area-list">
        {screens.map((screen) => (
          <li key={screen.path}>
            <Link to={screen.to} className="area-list__link">
              <span className="area-list__title">{screen.label}</span>
              <span className="area-list__text">{screen.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
