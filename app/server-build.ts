/**
 * The server build (remix.config.js `server`, compiled to build/index.js): the compiler's own build, plus what
 * server.js takes from the app's code, so that those rules are written once, in TypeScript, with the app.
 */
import { config } from "./config.server";
import { sharedPageCache } from "./http/shared-pages";
import { maxImageBytes } from "./images/upload.server";
import { runningSandbox } from "./sandbox/switch.server";
import { bodyRefusal } from "./security/body-limit";
import { streamGate } from "./security/stream-limit";
import type { IncomingMessage, ServerResponse } from "node:http";

export * from "@remix-run/dev/server-build";
export { mayCompress } from "./http/compression-rule";
export { hasNulInAddress, NUL_IN_ADDRESS_REFUSAL } from "./security/address-check";
export { CROSS_ORIGIN_REFUSAL, isCrossOriginMutation } from "./security/origin-check";
export { STRICT_TRANSPORT_SECURITY, withSecureAttribute } from "./security/https";
export { redactAddress } from "./security/log-redaction";
export { RESPONSE_HEADERS } from "./security/response-headers";
export { SANDBOX_PAGES_PATH } from "./sandbox/switch.server";
export { isStreamRequest } from "./security/stream-limit";
export { claimLiveStream } from "./realtime/live-stream.server";

/** TRUSTED_PROXIES, for Express's "trust proxy": how many proxies' X-Forwarded-* headers to believe. */
export const trustedProxies = config.TRUSTED_PROXIES;

/**
 * The refusal of a request's body by its declared size, or null (security/body-limit.ts). Uploads of the team's
 * pages may carry a gallery of images: 64 MB, or 16 of the largest image allowed when that is more.
 */
export const refuseBody = (request: Parameters<typeof bodyRefusal>[0]) =>
  bodyRefusal(request, Math.max(64 * 1024 * 1024, 16 * maxImageBytes()));

/** The live streams this process keeps open (security/stream-limit.ts): server.js admits each before the route runs. */
export const liveStreams = streamGate({
  perAddress: config.STREAMS_PER_ADDRESS,
  perProcess: config.STREAMS_PER_PROCESS,
});

/** The pages one render serves to every visitor without a session for a moment (http/shared-pages.ts). */
export const sharedPages = sharedPageCache();

/**
 * The demo sandbox's card pages (docs/decisions/037-demo-sandbox.md), served at the app's own origin below
 * SANDBOX_PAGES_PATH while the sandbox runs; anywhere else the address is the app's (a 404).
 */
export function demoSandboxPage(request: IncomingMessage, response: ServerResponse, next: () => void): void {
  const sandbox = runningSandbox();
  // The app's own navigation asks for a page's data (….data): routes/demo-sandbox.$.tsx answers it with a page load.
  if (!sandbox || (request.url ?? "").split("?")[0].endsWith(".data")) return next();
  response.setHeader(
    "Content-Security-Policy",
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  );
  sandbox.handlePage(request, response);
}
