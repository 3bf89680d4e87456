import { Link, useLocation } from "@remix-run/react";
import { useState } from "react";
import { isSection, type MenuEntry, type MenuScreen, type MenuSection } from "../admin-navigation";

/**
 * The side menu of every admin screen: the dashboard and the events, one collapsible group per admin section, the
 * design lab. Groups are native <details> elements, so they open and close with the keyboard and without
 * JavaScript; the group holding the current page starts open, and the current entry carries aria-current="page".
 */
export function SideMenu({ entries }: { entries: readonly MenuEntry[] }) {
  const { pathname } = useLocation();
  const current = currentScreen(entries, pathname);
  return (
    <nav className="side-menu" aria-label="Admin">
      {runs(entries).map((run) =>
        Array.isArray(run) ? (
          <ScreenList key={run[0].path} screens={run} current={current} className="side-menu__list--top" />
        ) : (
          <SideMenuSection
            key={run.path}
            section={run}
            current={current}
            holdsPage={current ? run.screens.includes(current) : underPath(pathname, run.path)}
          />
        ),
      )}
    </nav>
  );
}

function SideMenuSection({
  section,
  current,
  holdsPage,
}: {
  section: MenuSection;
  current: MenuScreen | undefined;
  holdsPage: boolean;
}) {
  const [open, setOpen] = useState(holdsPage);
  // Opening another section's page opens its group; groups the person opened stay as they are.
  const [held, setHeld] = useState(holdsPage);
  if (holdsPage !== held) {
    setHeld(holdsPage);
    if (holdsPage) setOpen(true);
  }
  return (
    <details className="side-menu__section" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="side-menu__summary">{section.label}</summary>
      <ScreenList screens={section.screens} current={current} />
    </details>
  );
}

function ScreenList({
  screens,
  current,
  className,
}: {
  screens: readonly MenuScreen[];
  current: MenuScreen | undefined;
  className?: string;
}) {
  return (
    <ul className={className ? `side-menu__list ${className}` : "side-menu__list"}>
      {screens.map((screen) => (
        <li key={screen.path}>
          <Link
            to={screen.to}
            className="side-menu__link"
            prefetch="intent"
            aria-current={screen === current ? "page" : undefined}
          >
            {screen.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The entries with each run of screens between sections gathered into one list. */
function runs(entries: readonly MenuEntry[]): (MenuSection | MenuScreen[])[] {
  const gathered: (MenuSection | MenuScreen[])[] = [];
  for (const entry of entries) {
    const last = gathered.at(-1);
    if (isSection(entry)) gathered.push(entry);
    else if (Array.isArray(last)) last.push(entry);
    else gathered.push([entry]);
  }
  return gathered;
}

/**
 * The entry of the page at `pathname`: the screen whose address is the longest start of it, so an inventory item's
 * page marks Inventory, and Write to guests (…/email_page/guests) is not taken for Thank a donor (…/email_page).
 */
function currentScreen(entries: readonly MenuEntry[], pathname: string): MenuScreen | undefined {
  const screens = entries.flatMap((entry) => (isSection(entry) ? entry.screens : [entry]));
  return screens
    .filter((screen) => underPath(pathname, screen.path))
    .reduce<MenuScreen | undefined>(
      (best, screen) => (!best || screen.path.length > best.path.length ? screen : best),
      undefined,
    );
}

function underPath(pathname: string, path: string) {
  return pathname === path || pathname.startsWith(`${path}/`);
}
