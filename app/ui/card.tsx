import type { ReactNode } from "react";

export type CardProps = {
  /** Heading of the card; its level follows the page outline (default h2). */
  title?: ReactNode;
  headingLevel?: 2 | 3 | 4;
  description?: ReactNode;
  /** Buttons or links shown at the right of the heading. */
  actions?: ReactNode;
  className?: string;
  children?: ReactNode;
};

export function Card({ title, headingLevel = 2, description, actions, className, children }: CardProps) {
  const Heading = `h${headingLevel}` as const;
  const hasHeader = title != null || description != null || actions != null;
  return (
    <section className={["card", className].filter(Boolean).join(" ")}>
      {hasHeader ? (
        <header className="card__header">
          <div className="card__titles">
            {title != null ? <Heading className="card__title">{title}</Heading> : null}
            {description != null ? <p className="card__description">{description}</p> : null}
          </div>
          {actions != null ? <div className="card__actions">{actions}</div> : null}
        </header>
      ) : null}
      {children != null ? <div className="card__body">{children}</div> : null}
    </section>
  );
}
