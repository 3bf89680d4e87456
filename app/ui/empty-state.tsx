import type { ReactNode } from "react";

export type EmptyStateProps = {
  /** A decorative icon (hidden from screen readers; the title carries the meaning). */
  icon?: ReactNode;
  title: ReactNode;
  text?: ReactNode;
  /** What the person can do next, usually one Button or ButtonLink. */
  action?: ReactNode;
  headingLevel?: 2 | 3;
  /** "sm" inside a card or a section of a page, where the list it stands for is one part among others. */
  size?: "md" | "sm";
};

export function EmptyState({ icon, title, text, action, headingLevel = 2, size = "md" }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={size === "sm" ? "empty-state empty-state--sm" : "empty-state"}>
      {icon != null ? (
        <div className="empty-state__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <Heading className="empty-state__title">{title}</Heading>
      {text != null ? <p className="empty-state__text">{text}</p> : null}
      {action != null ? <div className="empty-state__action">{action}</div> : null}
    </div>
  );
}
