import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Button, ButtonLink } from "./button";
import { EventChoices, isEventChoices } from "./event-choices";
import { AlertIcon, GavelIcon, LockIcon, SearchIcon } from "./icons";
import { useEventHref } from "./use-event-href";
import { useHydrated } from "./use-hydrated";
import type { MetaArgs, MetaFunction } from "@remix-run/node";

/** A short name of what went wrong, for the page heading and the document title. */
export function errorTitle(error: unknown): string {
  if (!isRouteErrorResponse(error)) return "Something went wrong";
  if (error.status === 300) return "Choose your event";
  if (error.status === 404) return "Page not found";
  if (error.status === 403) return "No access to this page";
  if (error.status === 401) return "You are signed out";
  return error.statusText || `Error ${error.status}`;
}

/**
 * A page's `meta`: its title ("Donors · Auction items · Gavel", or made from the loader's data), or, when its
 * ErrorBoundary shows instead, what went wrong.
 */
export function titleMeta<Loader = unknown>(
  title: string | ((data: NonNullable<MetaArgs<Loader>["data"]>) => string),
): MetaFunction<Loader> {
  return ({ data, error }) => [
    {
      title:
        error || (typeof title !== "string" && !data)
          ? `${errorTitle(error)} · Gavel`
          : typeof title === "string"
            ? title
            : title(data!),
    },
  ];
}

/**
 * The page shown by error boundaries. Thrown responses get a message a person understands; unexpected errors
 * get a short apology, with details only in development (the server logs them in entry.server handleError).
 */
export function ErrorPage() {
  const error = useRouteError();
  return (
    <div className="error-page">
      <a className="error-page__brand" href="/">
        <GavelIcon />
        Gavel
      </a>
      <main className="error-page__main">
        {isRouteErrorResponse(error) && error.status !== 300 ? (
          <p className="error-page__status">Error {error.status}</p>
        ) : null}
        <h1>{errorTitle(error)}</h1>
        {isRouteErrorResponse(error) && isEventChoices(error.data) ? (
          <EventChoices choices={error.data.choices} />
        ) : (
          <p>{errorText(error)}</p>
        )}
        {!isRouteErrorResponse(error) && process.env.NODE_ENV === "development" && error instanceof Error ? (
          <pre className="error-page__details">{error.stack ?? error.message}</pre>
        ) : null}
        <ButtonLink to="/" variant="primary" reloadDocument>
          Go to the home page
        </ButtonLink>
      </main>
    </div>
  );
}

/**
 * The same message inside a layout, for a screen's own ErrorBoundary: the admin header and menu stay, and the panel
 * offers the ways on: back to the event's dashboard, the previous page (once the page's script runs, when there is
 * one), signing in again when the session ended (401), trying again after a failure of ours. A 403 says which
 * permission the role lacks (the message requireEventPermission throws). Focus moves to the heading, so a screen
 * reader announces what happened.
 */
export function ErrorPanel() {
  const error = useRouteError();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const here = pathname + search;
  const dashboard = useEventHref()("/admin/dashboard");
  const signIn = `/auth/sign-in?returnTo=${encodeURIComponent(here)}`;
  const Icon = status === 401 || status === 403 ? LockIcon : status === 404 ? SearchIcon : AlertIcon;
  // The browser's own history: a page opened from another site or a new tab has nothing to go back to.
  const canGoBack = hydrated && window.history.length > 1;
  return (
    <section
      className={`error-panel error-panel--${status >= 500 ? "failure" : "refusal"}`}
      aria-labelledby="error-title"
    >
      <div className="error-panel__icon" aria-hidden="true">
        <Icon />
      </div>
      <div className="error-panel__body">
        {isRouteErrorResponse(error) ? <p className="error-page__status">Error {error.status}</p> : null}
        <h1 id="error-title" className="error-panel__title" tabIndex={-1} ref={heading}>
          {errorTitle(error)}
        </h1>
        <p className="error-panel__text">{errorText(error)}</p>
        {!isRouteErrorResponse(error) && process.env.NODE_ENV === "development" && error instanceof Error ? (
          <pre className="error-page__details">{error.stack ?? error.message}</pre>
        ) : null}
        <div className="error-panel__actions">
          {status === 401 ? (
            <ButtonLink to={signIn} variant="primary">
              Sign in again
            </ButtonLink>
          ) : null}
          {pathname !== "/admin/dashboard" ? (
            <ButtonLink to={dashboard} variant={status === 401 ? "secondary" : "primary"}>
              Back to the dashboard
            </ButtonLink>
          ) : null}
          {canGoBack ? <Button onClick={() => navigate(-1)}>Previous page</Button> : null}
          {status >= 500 ? (
            <ButtonLink to={here} variant="ghost" reloadDocument>
              Try again
            </ButtonLink>
          ) : null}
        </div>
      </div>
    </section>
  );
}

function errorText(error: unknown): string {
  if (!isRouteErrorResponse(error)) {
    return "An error on our side stopped this page from loading. Please try again in a moment.";
  }
  if (error.status === 404) {
    return "There is no page at this address. It may have moved, or the link may be mistyped.";
  }
  if (error.status === 401) {
    return "Your session has ended, or you signed out in another tab. Sign in again to go on where you were.";
  }
  // A 403 that names the missing permission (requireEventPermission) says so; a bare one says it in general.
  if (error.status === 403 && !(typeof error.data === "string" && error.data.trim() !== "")) {
    return "Your account is not allowed to see this page. If you think it should be, ask the event's organisers.";
  }
  // Messages thrown on purpose for a bad request are meant for the person; server failures are not.
  if (error.status < 500 && typeof error.data === "string" && error.data.trim() !== "") return error.data;
  return "This request could not be completed. Please try again in a moment.";
}
