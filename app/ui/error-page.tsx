import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { ButtonLink } from "./button";
import { GavelIcon } from "./icons";

/** A short name of what went wrong, for the page heading and the document title. */
export function errorTitle(error: unknown): string {
  if (!isRouteErrorResponse(error)) return "Something went wrong";
  if (error.status === 404) return "Page not found";
  if (error.status === 403) return "No access to this page";
  return error.statusText || `Error ${error.status}`;
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
        {isRouteErrorResponse(error) ? <p className="error-page__status">Error {error.status}</p> : null}
        <h1>{errorTitle(error)}</h1>
        <p>{errorText(error)}</p>
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
 * The same message inside a layout, for a screen's own ErrorBoundary: the admin header and menu stay, so the
 * person can go on to a screen they may use.
 */
export function ErrorPanel() {
  const error = useRouteError();
  return (
    <div className="error-panel">
      {isRouteErrorResponse(error) ? <p className="error-page__status">Error {error.status}</p> : null}
      <h1>{errorTitle(error)}</h1>
      <p>{errorText(error)}</p>
    </div>
  );
}

function errorText(error: unknown): string {
  if (!isRouteErrorResponse(error)) {
    return "An error on our side stopped this page from loading. Please try again in a moment.";
  }
  if (error.status === 404) {
    return "There is no page at this address. It may have moved, or the link may be mistyped.";
  }
  if (error.status === 403) {
    return "Your account is not allowed to see this page. If you think it should be, ask the event's organisers.";
  }
  // Messages thrown on purpose for a bad request are meant for the person; server failures are not.
  if (error.status < 500 && typeof error.data === "string" && error.data.trim() !== "") return error.data;
  return "This request could not be completed. Please try again in a moment.";
}
