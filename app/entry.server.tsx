import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import { type ActionFunctionArgs, type EntryContext, type LoaderFunctionArgs } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import {
  asDatabaseUnavailable,
  databaseUnavailablePage,
  metDatabaseAway,
  noteUnexpectedError,
} from "./http/database-unavailable.server";
import { clearToastShownOnPage } from "./http/toast.server";
import { documentPolicy } from "./security/response-headers";
import { NonceProvider } from "./security/ui/nonce";
import { startServer } from "./startup.server";

await startServer();

const ABORT_DELAY_MS = 5_000;

export const streamTimeout = ABORT_DELAY_MS;

/** Unexpected errors are logged here with their details; the person sees the short message of the error page. */
export function handleError(error: unknown, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  noteUnexpectedError(request, error);
  if (request.signal.aborted) return;
  console.error(`[error] ${request.method} ${new URL(request.url).pathname}`, error);
}

/** A script's data request (.data) whose query met the database away is a 503 with Retry-After, not a 500. */
export function handleDataRequest(response: Response, { request }: LoaderFunctionArgs | ActionFunctionArgs) {
  return metDatabaseAway(request) ? asDatabaseUnavailable(response) : response;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  await clearToastShownOnPage(request, responseHeaders);
  const nonce = randomBytes(16).toString("base64");
  responseHeaders.set("Content-Security-Policy", documentPolicy(nonce));
  // The database was away for a query of this page: a short page of our own, which needs nothing from it.
  if (metDatabaseAway(request)) return databaseUnavailablePage(responseHeaders, nonce);
  // The document is sent whole, once rendered: no route defers data, so streaming it gained nothing and cost a write
  // to the socket per chunk (and a web stream per page) on every page a bidder's phone loads after each bid.
  return new Promise<Response>((resolve, reject) => {
    let rendered = false;
    const page = (
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </NonceProvider>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      onAllReady() {
        rendered = true;
        const chunks: Buffer[] = [];
        const body = new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk);
            done();
          },
          final(done) {
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
            done();
          },
        });
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors before the shell are reported by onShellError; these are logged once the page is rendered.
        if (rendered) console.error(error);
      },
    });
    setTimeout(abort, ABORT_DELAY_MS + 1_000);
  });
}
