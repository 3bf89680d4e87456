/**
 * The sign-in session: a signed, httpOnly, SameSite=Lax cookie (Secure over HTTPS: server.js) that holds the
 * user's id, the user's session version it was signed in under, and when the session expires. Both sign-in methods
 * end in `signedInRedirect`. A session counts only while its version is the user's (`getSignedInUser`).
 */
import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { eq, sql } from "drizzle-orm";
import { secretFor } from "~/config.server";
import { db } from "~/db.server";
import { publishOwnChange } from "~/realtime/data-area-changes.server";
import { usr } from "~drizzle/schema";
import { safeRedirect } from "./safe-redirect";
import type { Transaction } from "~/db/connection.server";

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 14;

export interface SessionUser {
  usrId: number;
  /** usr.session_version when the session began. */
  version: number;
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
    secrets: [secretFor("session-cookie")],
    maxAge: SESSION_MAX_AGE_SECONDS,
  },
});

export function getSession(request: Request) {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}

/**
 * Who the session cookie says is signed in, or undefined when nobody is or the session has expired. Whether the
 * session still counts (its version) is for the caller that reads the user's row: `getSignedInUser`.
 */
export async function getSessionUser(request: Request): Promise<SessionUser | undefined> {
  const session = await getSession(request);
  const user = session.get(SESSION_USER_KEY) as Partial<SessionUser> | undefined;
  const expiresAt = session.get(EXPIRES_KEY) as number | undefined;
  // A cookie from before sessions had versions counts as ended.
  if (!user || typeof user.usrId !== "number" || typeof user.version !== "number") return undefined;
  // The cookie's Max-Age is only advice to the browser; the server enforces the expiry itself.
  if (!expiresAt || expiresAt < Date.now()) return undefined;
  return { usrId: user.usrId, version: user.version };
}

/**
 * Ends every session the user has, in every browser: the versions their cookies carry stop counting, and their open
 * team screens' live streams are told to check again (auth/staff-stream.server.ts).
 */
export async function endEverySession(tx: Transaction, usrId: number) {
  await tx
    .update(usr)
    .set({ session_version: sql`${usr.session_version} + 1` })
    .where(eq(usr.usr_id, usrId));
  await publishOwnChange(tx, usrId);
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
  const [person] = await db.select({ version: usr.session_version }).from(usr).where(eq(usr.usr_id, usrId));
  if (!person) throw new Error(`No user ${usrId} to sign in`);
  const session = await getSession(request);
  for (const key of forget) session.unset(key);
  session.set(SESSION_USER_KEY, { usrId, version: person.version } satisfies SessionUser);
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
