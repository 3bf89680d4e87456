/**
 * The rich-text toolbar's icons, inline so they take the text colour. Decorative: each button is named by its
 * aria-label. Shapes after Lucide (ISC licence).
 */
import { Icon } from "~/ui/icons";
import type { ReactNode } from "react";

/** A toolbar icon: a little larger than the text, as the buttons are. */
function ToolbarIcon({ children }: { children: ReactNode }) {
  return (
    <Icon width="1.125em" height="1.125em">
      {children}
    </Icon>
  );
}

export const BoldIcon = () => (
  <ToolbarIcon>
    <path d="M6 12h9a4 4 0 0 1 0 8H7a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h7a4 4 0 0 1 0 8" />
  </ToolbarIcon>
);

export const ItalicIcon = () => (
  <ToolbarIcon>
    <path d="M19 4h-9M14 20H5M15 4 9 20" />
  </ToolbarIcon>
);

export const Heading2Icon = () => (
  <ToolbarIcon>
    <path d="M4 12h8M4 18V6M12 18V6M21 18h-4c0-4 4-3 4-6 0-1.5-2-2.5-4-1" />
  </ToolbarIcon>
);

export const Heading3Icon = () => (
  <ToolbarIcon>
    <path d="M4 12h8M4 18V6M12 18V6M17.5 10.5c1.7-1 3.5 0 3.5 1.5a2 2 0 0 1-2 2M17 17.5c2 1.5 4 .3 4-1.5a2 2 0 0 0-2-2" />
  </ToolbarIcon>
);

export const BulletListIcon = () => (
  <ToolbarIcon>
    <path d="M3 6h.01M3 12h.01M3 18h.01M8 6h13M8 12h13M8 18h13" />
  </ToolbarIcon>
);

export const NumberedListIcon = () => (
  <ToolbarIcon>
    <path d="M10 6h11M10 12h11M10 18h11M4 10h2M4 6h1v4M6 18H4c0-1 2-2 2-3s-1-1.5-2-1" />
  </ToolbarIcon>
);

export const QuoteIcon = () => (
  <ToolbarIcon>
    <path d="M16 3a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2 1 1 0 0 1 1 1v1a2 2 0 0 1-2 2 1 1 0 0 0-1 1v2a1 1 0 0 0 1 1 6 6 0 0 0 6-6V5a2 2 0 0 0-2-2z" />
    <path d="M5 3a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2 1 1 0 0 1 1 1v1a2 2 0 0 1-2 2 1 1 0 0 0-1 1v2a1 1 0 0 0 1 1 6 6 0 0 0 6-6V5a2 2 0 0 0-2-2z" />
  </ToolbarIcon>
);

export const LinkIcon = () => (
  <ToolbarIcon>
    <path d="M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71" />
    <path d="M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71" />
  </ToolbarIcon>
);

export const UnlinkIcon = () => (
  <ToolbarIcon>
    <path d="m18.84 12.25 1.72-1.71a5 5 0 0 0-7.07-7.07l-1.72 1.71M5.17 11.75l-1.71 1.71a5 5 0 0 0 7.07 7.07l1.71-1.71" />
    <path d="M8 2v3M2 8h3M16 19v3M19 16h3" />
  </ToolbarIcon>
);

export const UndoIcon = () => (
  <ToolbarIcon>
    <path d="M9 14 4 9l5-5" />
    <path d="M4 9h10.5a5.5 5.5 0 0 1 0 11H11" />
  </ToolbarIcon>
);

export const RedoIcon = () => (
  <ToolbarIcon>
    <path d="m15 14 5-5-5-5" />
    <path d="M20 9H9.5a5.5 5.5 0 0 0 0 11H13" />
  </ToolbarIcon>
);
