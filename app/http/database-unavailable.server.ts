/**
 * While the database is away (a PostgreSQL restart, a cut connection), a request whose query met it is answered 503
 * with Retry-After, not 500: nothing is wrong with the request, and the same one succeeds in a few seconds. Remix
 * reports a loader's or action's error to entry.server's handleError with its request and then renders the error: the
 * request is noted there, and the answer is turned into a 503 once rendered, a short page of its own for a document
 * (it needs nothing from the database), the same body for a script's data request (.data), whose page shows its error.
 */
import { isDatabaseUnavailable } from "~/db/errors.server";

/** Seconds a browser, a person or a proxy should wait before asking again: a restart takes a second or two. */
export const RETRY_AFTER_SECONDS = 5;

const metTheDatabaseAway = new WeakSet<Request>();

/** Called with each unexpected error of a request (handleError): notes the request when the database was away. */
export function noteUnexpectedError(request: Request, error: unknown) {
  if (isDatabaseUnavailable(error)) metTheDatabaseAway.add(request);
}

export function metDatabaseAway(request: Request): boolean {
  return metTheDatabaseAway.has(request);
}

/** The page a person sees: what happened, that nothing they did is wrong, and that the page tries again by itself. */
export function databaseUnavailablePage(headers: Headers, nonce: string): Response {
  const page = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS}">
<title>Back in a moment · Gavel</title>
<style nonce="${nonce}">
body { font-family: system-ui, sans-serif; margin: 0; min-height: 100vh; display: grid; place-items: center; color: #1f2937; }
main { max-width: 32rem; padding: 2rem; }
h1 { font-size: 1.5rem; margin: 0 0 1rem; }
</style>
</head>
<body>
<main>
<h1>Back in a moment</h1>
<p>Gavel cannot reach its database just now, usually for a few seconds. Nothing you did caused it.</p>
<p>This page tries again by itself in ${RETRY_AFTER_SECONDS} seconds. If you had just sent a form, look whether it
went through before sending it again.</p>
</main>
</body>
</html>
`;
  const answer = new Headers(headers);
  answer.set("Content-Type", "text/html; charset=utf-8");
  answer.set("Retry-After", String(RETRY_AFTER_SECONDS));
  answer.set("Cache-Control", "no-store");
  return new Response(page, { status: 503, headers: answer });
}

/** A script's data request (.data) that met the database away: the same answer, as a 503 with Retry-After. */
export function asDatabaseUnavailable(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
  headers.set("Cache-Control", "no-store");
  return new Response(response.body, { status: 503, statusText: "Service Unavailable", headers });
}
