import { Form, Link, useRouteLoaderData } from "@remix-run/react";
import { GavelIcon } from "./icons";
import type { ReactNode } from "react";
import type { loader as rootLoader } from "~/root";

/**
 * The frame shared by both admin layouts (hub and workspace): skip link, header with the brand, the current event and
 * who is signed in, and the main region. The hub variant has the orange header; the workspace passes its side menu.
 */
export function AdminShell({
  variant,
  area,
  headerNav,
  sideMenu,
  children,
}: {
  variant: "hub" | "workspace";
  area: string;
  headerNav?: ReactNode;
  sideMenu?: ReactNode;
  children: ReactNode;
}) {
  const main = (
    <main id="main" className="admin-main" tabIndex={-1}>
      {children}
    </main>
  );
  return (
    <div className="admin">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className={variant === "hub" ? "admin-header admin-header--hub" : "admin-header"}>
        <Link to="/admin" className="admin-header__brand">
          <GavelIcon />
          Gavel <span className="admin-header__area">{area}</span>
        </Link>
        {headerNav}
        <CurrentEvent />
      </header>
      {sideMenu ? (
        <div className="workspace">
          <div className="workspace__menu">{sideMenu}</div>
          {main}
        </div>
      ) : (
        main
      )}
    </div>
  );
}

/** The event the admin pages are about (?id, else the selected event), the way to change it, and who is signed in. */
function CurrentEvent() {
  const viewer = useRouteLoaderData<typeof rootLoader>("root")?.viewer;
  if (!viewer) return null;
  const current = viewer.events.find((e) => e.event_id === viewer.current_event_id);
  const name = [viewer.first_name, viewer.last_name].filter(Boolean).join(" ") || viewer.email_address;
  return (
    <div className="admin-header__context">
      {current ? (
        <p className="admin-header__event">
          <span className="visually-hidden">Current event: </span>
          {current.title}
        </p>
      ) : null}
      <Link to="/admin/events" className="admin-header__link">
        Change event
      </Link>
      <p className="admin-header__user" title={viewer.email_address}>
        <span className="visually-hidden">Signed in as </span>
        {name}
      </p>
      <Form method="post" action="/auth/sign-out">
        <button type="submit" className="admin-header__sign-out">
          Sign out
        </button>
      </Form>
    </div>
  );
}
