import { Form, Link, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { fullName } from "./format";
import { CloseIcon, GavelIcon, MenuIcon } from "./icons";
import { useHydrated } from "./use-hydrated";
import type { loader as rootLoader } from "~/root";

const MENU_ID = "admin-menu";

/**
 * The frame of every admin screen: skip link, header (the brand, the current event, who is signed in), the side menu
 * and the main region. From 48rem the menu is a column beside the screen; on a phone it waits behind the header's
 * menu button, so the screen's own content comes first. Without JavaScript the button is a link to the menu, shown
 * while it is the page's target; with it, a disclosure button (Escape closes it, and a new page does too).
 */
export function AdminShell({ menu, children }: { menu: ReactNode; children: ReactNode }) {
  const hydrated = useHydrated();
  const [menuOpen, setMenuOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const { pathname, search } = useLocation();
  useEffect(() => setMenuOpen(false), [pathname, search]);
  useEffect(() => {
    if (!menuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [menuOpen]);

  const menuClass = ["admin-menu", hydrated ? "admin-menu--scripted" : "", menuOpen ? "admin-menu--open" : ""];
  return (
    <div className="admin">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="admin-header">
        <Link to="/admin" className="admin-header__brand">
          <GavelIcon />
          <span className="admin-header__name">Gavel</span>
        </Link>
        <CurrentEvent />
        {hydrated ? (
          <button
            ref={toggle}
            type="button"
            className="admin-menu-toggle"
            aria-expanded={menuOpen}
            aria-controls={MENU_ID}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
            Menu
          </button>
        ) : (
          <>
            <a href={`#${MENU_ID}`} className="admin-menu-toggle admin-menu-toggle--open">
              <MenuIcon />
              Menu
            </a>
            <a href="#main" className="admin-menu-toggle admin-menu-toggle--close">
              <CloseIcon />
              Close menu
            </a>
          </>
        )}
      </header>
      <div className="admin-body">
        <div id={MENU_ID} className={menuClass.filter(Boolean).join(" ")}>
          {menu}
        </div>
        <main id="main" className="admin-main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}

/** The event the admin pages are about (?id, else the selected event), the way to change it, and who is signed in. */
function CurrentEvent() {
  const viewer = useRouteLoaderData<typeof rootLoader>("root")?.viewer;
  if (!viewer) return null;
  const current = viewer.events.find((e) => e.event_id === viewer.current_event_id);
  const name = fullName(viewer.first_name, viewer.last_name) || viewer.email_address;
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
