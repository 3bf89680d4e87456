/**
 * The sign-in session: a signed, httpOnly, SameSite=Lax cookie (secure in production) that holds the
 * user's id and when the session expires. Both sign-in methods end in `signedInRedirect`.
 */
import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { config } from "~/config.server";

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 14;

export interface SessionUser {
  usrId: number;
}

/** The key under which remix-auth's Authenticator and our own password sign-in keep the SessionUser. */
export const SESSION_USER_KEY = "user";
const EXPIRES_KEY = "expiresAt";

export const sessionStorage = createCookieSessionStorage({
  cookie: {
    name: "gavel_session",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: config.NODE_ENV === "production" && config.APP_HOST !== "localhost",
    secrets: [config.SESSION_SECRET],
    maxAge: SESSION_MAX_AGE_SECONDS,
  },
});

export function getSession(request: Request) {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}

/** The signed-in user's id, or undefined when nobody is signed in or the session has expired. */
export async function getSessionUsrId(request: Request): Promise<number | undefined> {
  const session = await getSession(request);
  const user = session.get(SESSION_USER_KEY) as SessionUser | undefined;
  const expiresAt = session.get(EXPIRES_KEY) as number | undefined;
  if (!user || typeof user.usrId !== "number") return undefined;
  // The cookie's Max-Age is only advice to the browser; the server enforces the expiry itself.
  if (!expiresAt || expiresAt < Date.now()) return undefined;
  return user.usrId;
}

/**
 * The Set-Cookie value that starts a session for the user (for responses that set other cookies too). `forget`
 * names values of the sign-in flow to drop from the session now that it is done.
 */
export async function signedInSessionCookie(
  request: Request,
  usrId: number,
  forget: readonly string[] = [],
): Promise<string> {
  const session = await getSession(request);
  for (const key of forget) session.unset(key);
  session.set(SESSION_USER_KEY, { usrId } satisfies SessionUser);
  session.set(EXPIRES_KEY, Date.now() + SESSION_MAX_AGE_SECONDS * 1000);
  return sessionStorage.commitSession(session);
}

/** Starts a session for the user and redirects; a fresh cookie also ends any session fixation. */
export async function signedInRedirect(
  request: Request,
  usrId: number,
  redirectTo: string,
  forget: readonly string[] = [],
) {
  return redirect(safeRedirect(redirectTo), {
    headers: { "Set-Cookie": await signedInSessionCookie(request, usrId, forget) },
  });
}

export async function signOutRedirect(request: Request, redirectTo = "/") {
  const session = await getSession(request);
  return redirect(redirectTo, { headers: { "Set-Cookie": await sessionStorage.destroySession(session) } });
}

// Browsers drop tabs and line breaks inside an address and read "\\" as "/": "/<tab>/evil.example" is "//evil.example",
// another site. Such characters never belong in a path of ours, typed or percent-encoded.
// Matching control characters is the point here.
// eslint-disable-next-line no-control-regex
const LEAVES_THE_SITE = /[\u0000-\u001f\u007f\\]/;
const SITE = "http://gavel.invalid";

/** Only paths on this site: a sign-in link must not send people to another site afterwards. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || LEAVES_THE_SITE.test(to)) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(to);
  } catch {
    return fallback;
  }
  if (LEAVES_THE_SITE.test(decoded) || decoded.startsWith("//")) return fallback;
  const url = new URL(to, SITE);
  if (url.origin !== SITE) return fallback;
  return url.pathname + url.search + url.hash;
}
