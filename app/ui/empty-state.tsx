import type { ReactNode } from "react";

export type EmptyStateProps = {
  /** A decorative icon (hidden from screen readers; the title carries the meaning). */
  icon?: ReactNode;
  title: ReactNode;
  text?: ReactNode;
  /** What the person can do next, usually one Button or ButtonLink. */
  action?: ReactNode;
  headingLevel?: 2 | 3;
};

export function EmptyState({ icon, title, text, action, headingLevel = 2 }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="empty-state">
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
