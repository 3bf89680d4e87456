import { NavLink, useLocation } from "@remix-run/react";
import { useState } from "react";
import type { MenuSection } from "./admin-navigation";

/**
 * The workspace side menu: one collapsible group per admin section. Groups are native <details> elements, so
 * they open and close with the keyboard and without JavaScript; the group holding the current page starts open,
 * and the current entry carries aria-current="page".
 */
export function SideMenu({ sections }: { sections: readonly MenuSection[] }) {
  const { pathname } = useLocation();
  return (
    <nav className="side-menu" aria-label="Event workspace">
      {sections.length === 0 ? (
        <p className="side-menu__empty">Your role on this event opens none of these sections yet.</p>
      ) : null}
      {sections.map((section) => (
        <SideMenuSection
          key={section.path}
          section={section}
          current={pathname === section.path || pathname.startsWith(`${section.path}/`)}
        />
      ))}
    </nav>
  );
}

function SideMenuSection({ section, current }: { section: MenuSection; current: boolean }) {
  const [open, setOpen] = useState(current);
  // Opening another section's page opens its group; groups the person opened stay as they are.
  const [wasCurrent, setWasCurrent] = useState(current);
  if (current !== wasCurrent) {
    setWasCurrent(current);
    if (current) setOpen(true);
  }
  return (
    <details className="side-menu__section" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="side-menu__summary">{section.label}</summary>
      <ul className="side-menu__list">
        {section.screens.map((screen) => (
          <li key={screen.path}>
            <NavLink to={screen.to} className="side-menu__link" prefetch="intent">
              {screen.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </details>
  );
}
