import { NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { requireTeamMember } from "~/auth/access.server";
import { adminMenus } from "~/navigation/admin-navigation.server";
import { revalidateOnSubmitOrEventChange } from "~/navigation/layout-revalidation";
import { AdminShell } from "~/ui/admin-shell";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => [{ title: "Admin · Gavel" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { role } = await requireTeamMember(request);
  return { screens: adminMenus(request, role).hub() };
}

export const shouldRevalidate = revalidateOnSubmitOrEventChange;

/** The hub layout: an orange header over the pages that are not about one event's setup. */
export default function HubLayout() {
  const { screens } = useLoaderData<typeof loader>();
  const nav =
    screens.length > 0 ? (
      <nav aria-label="Admin">
        <ul className="hub-nav__list">
          {screens.map((screen) => (
            <li key={screen.path}>
              <NavLink to={screen.to} className="hub-nav__link" prefetch="intent">
                {screen.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    ) : null;
  return (
    <AdminShell variant="hub" area="Admin" headerNav={nav}>
      <Outlet />
    </AdminShell>
  );
}
