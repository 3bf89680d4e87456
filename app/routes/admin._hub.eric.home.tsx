import { Link, useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import { adminMenus } from "~/navigation/admin-navigation.server";
import { titleMeta } from "~/ui/error-page";
import type { LoaderFunctionArgs } from "@remix-run/node";

export const meta = titleMeta("Home · Design lab · Gavel");

/** /admin/eric/home: the lab's index, each page with a line on what it is for, and where the event's look is set. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { role } = await requireEventPermission(request, "can_design");
  const menus = adminMenus(request, role);
  const pages = menus.eric().filter((screen) => !screen.path.endsWith("/home"));
  const setup = menus
    .workspace()
    .flatMap((section) => section.screens)
    .filter((screen) => ["/admin/setup/branding", "/admin/setup/components"].includes(screen.path));
  return { pages, setup };
}

export default function DesignLabHome() {
  const { pages, setup } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="page-header">
        <h1>Design lab</h1>
        <p>
          A designer's workbench for this event: try its theme, see the guest pages in every state, and check what the
          app is made of. Nothing here changes what guests see unless a page says so.
        </p>
      </div>
      <ul className="lab-index">
        {pages.map((page) => (
          <li key={page.path} className="lab-index__entry">
            <Link to={page.to} className="lab-index__link">
              {page.label}
            </Link>
            <p className="lab-index__description">{page.description}</p>
          </li>
        ))}
      </ul>
      {setup.length > 0 ? (
        <section aria-labelledby="lab-setup-heading" className="stack">
          <h2 id="lab-setup-heading" className="section-heading">
            Where the look is set
          </h2>
          <ul className="lab-index">
            {setup.map((screen) => (
              <li key={screen.path} className="lab-index__entry">
                <Link to={screen.to} className="lab-index__link">
                  Setup → {screen.label}
                </Link>
                <p className="lab-index__description">
                  {screen.path.endsWith("branding")
                    ? "The event's colours, fonts and logo, on every public page."
                    : "The header, footer, sponsor strip and announcement bar shared by the landing, registration and bidding pages."}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
