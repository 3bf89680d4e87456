/**
 * The sign-in session: a signed, httpOnly, SameSite=Lax cookie (Secure over HTTPS: server.js) that holds the
 * user's id, the user's session version it was signed in under, the session's id, and when the session expires.
 * Every sign-in ends in `signedInCookies`. A session counts only while its version is the user's and it has not
 * been signed out (`getSignedInUser`).
 */
import { randomBytes } from "node:crypto";
import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { eq, sql } from "drizzle-orm";
import { secretFor } from "~/config.server";
import { db } from "~/db.server";
import { publishOwnChange } from "~/realtime/data-area-changes.server";
import { ended_session, usr } from "~drizzle/schema";
import { ensureDevice, rememberDevice } from "./devices.server";
import { safeRedirect } from "./safe-redirect";
import type { Transaction } from "~/db/connection.server";

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 14;

export interface SessionUser {
  usrId: number;
  /** usr.session_version when the session began. */
  version: number;
  /** This session's own id: signing out ends it on the server (ended_session), whoever holds a copy of the cookie. */
  sessionId: string;
}

/** The key under which remix-auth's Authenticator and our own password sign-in keep the SessionUser. */
export const SESSION_USER_KEY = "user";
const EXPIRES_KEY = "expiresAt";
const SESSION_ID = /^[A-Za-z0-9_-]{22}$/;

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
  // A cookie from before sessions had versions and ids counts as ended.
  if (!user || typeof user.usrId !== "number" || typeof user.version !== "number") return undefined;
  if (typeof user.sessionId !== "string" || !SESSION_ID.test(user.sessionId)) return undefined;
  // The cookie's Max-Age is only advice to the browser; the server enforces the expiry itself.
  if (!expiresAt || expiresAt < Date.now()) return undefined;
  return { usrId: user.usrId, version: user.version, sessionId: user.sessionId };
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
 * The cookies that start a session for the user: the session's own, and the browser's device cookie when it held
 * none. The browser becomes one of the account's own (devices.server.ts), which the sign-in limits never hold back
 * for what strangers try. `forget` names values of the sign-in flow to drop from the session now that it is done.
 */
export async function signedInCookies(
  request: Request,
  usrId: number,
  forget: readonly string[] = [],
  now = new Date(),
): Promise<Headers> {
  const [person] = await db
    .select({ version: usr.session_version, email: usr.email_address })
    .from(usr)
    .where(eq(usr.usr_id, usrId));
  if (!person) throw new Error(`No user ${usrId} to sign in`);
  const device = await ensureDevice(request);
  await rememberDevice(db, person.email, device.key, now);
  const session = await getSession(request);
  for (const key of forget) session.unset(key);
  const sessionId = randomBytes(16).toString("base64url");
  session.set(SESSION_USER_KEY, { usrId, version: person.version, sessionId } satisfies SessionUser);
  session.set(EXPIRES_KEY, now.getTime() + SESSION_MAX_AGE_SECONDS * 1000);
  const headers = new Headers({ "Set-Cookie": await sessionStorage.commitSession(session) });
  if (device.setCookie) headers.append("Set-Cookie", device.setCookie);
  return headers;
}

/** Starts a session for the user and redirects; a fresh cookie also ends any session fixation. */
export async function signedInRedirect(
  request: Request,
  usrId: number,
  redirectTo: string,
  forget: readonly string[] = [],
) {
  return redirect(safeRedirect(redirectTo), { headers: await signedInCookies(request, usrId, forget) });
}

/** Ends this browser's session: on the server, so a copy of its cookie stops counting too, and in the browser. */
export async function signOutRedirect(request: Request, redirectTo = "/") {
  const session = await getSession(request);
  const user = await getSessionUser(request);
  if (user) {
    const expiresAt = new Date(Number(session.get(EXPIRES_KEY)));
    await db.insert(ended_session).values({ session_id: user.sessionId, expires_at: expiresAt }).onConflictDoNothing();
  }
  return redirect(redirectTo, { headers: { "Set-Cookie": await sessionStorage.destroySession(session) } });
}
