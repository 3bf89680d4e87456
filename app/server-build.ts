/**
 * The server build (remix.config.js `server`, compiled to build/index.js): the compiler's own build, plus what
 * server.js takes from the app's code, so that those rules are written once, in TypeScript, with the app.
 */
import { config } from "./config.server";

export * from "@remix-run/dev/server-build";
export { CROSS_ORIGIN_REFUSAL, isCrossOriginMutation } from "./security/origin-check";
export { RESPONSE_HEADERS } from "./security/response-headers";

/** TRUSTED_PROXIES, for Express's "trust proxy": how many proxies' X-Forwarded-* headers to believe. */
export const trustedProxies = config.TRUSTED_PROXIES;
