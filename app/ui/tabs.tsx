import { NavLink } from "@remix-run/react";

export type TabItem = {
  label: string;
  to: string;
  /** Current only on exactly its own path, not on the paths below it (a parent page beside its children). */
  end?: boolean;
};

export type TabsProps = {
  /** Names the navigation landmark for screen readers, e.g. "Style guide sections". */
  label: string;
  items: readonly TabItem[];
};

/**
 * A tab bar whose tabs are links to sub-pages. It is navigation, not an ARIA tablist: each tab is a real link
 * (works without JavaScript, opens in a new tab, keeps history), and the current one carries aria-current="page".
 */
export function Tabs({ label, items }: TabsProps) {
  return (
    <nav className="tabs" aria-label={label}>
      <ul className="tabs__list">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className="tabs__tab" prefetch="intent">
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
