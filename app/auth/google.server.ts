/**
 * Sign-in with Google through remix-auth and remix-auth-google. GoogleStrategy has Google's endpoints built in;
 * ConfigurableGoogleStrategy takes them from the configuration instead (GOOGLE_*_URL, Google's by default), which
 * lets the test suite run the whole round trip against a local OpenID Connect provider.
 *
 * The identity is matched to a user by google_id, then by email address (and linked), else a user is created;
 * only addresses the provider has verified are accepted.
 */
import { createCookie, createCookieSessionStorage } from "@remix-run/node";
import { eq, sql } from "drizzle-orm";
import { AuthorizationError, Authenticator } from "remix-auth";
import { GoogleStrategy, type GoogleProfile } from "remix-auth-google";
import { z } from "zod";
import { config, secretFor } from "~/config.server";
import { db } from "~/db.server";
import { publishUserChange } from "~/realtime/data-area-changes.server";
import { publicOrigin } from "~/security/request.server";
import { usr } from "~drizzle/schema";
import { sameEmail } from "./accounts.server";

const GOOGLE_CALLBACK_PATH = "/auth/google/callback";

export function isGoogleSignInEnabled(): boolean {
  return config.GOOGLE_CLIENT_ID !== undefined;
}

/** A refusal whose message is meant for the person signing in. */
export class GoogleSignInRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GoogleSignInRefused";
  }
}

export interface GoogleIdentity {
  /** The provider's stable id of the account (the OpenID Connect "sub" claim), kept as usr.google_id. */
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
}

/** Finds or creates the user for a Google identity; returns their usr_id. */
export async function findOrCreateGoogleUser(identity: GoogleIdentity): Promise<number> {
  if (!identity.emailVerified) {
    throw new GoogleSignInRefused(
      "Your Google account's email address is not verified. Verify it with Google first, then sign in again.",
    );
  }
  return db.transaction(async (tx) => {
    const [linked] = await tx.select({ usr_id: usr.usr_id }).from(usr).where(eq(usr.google_id, identity.sub));
    if (linked) return linked.usr_id;

    const [sameAddress] = await tx
      .select({ usr_id: usr.usr_id, google_id: usr.google_id })
      .from(usr)
      .where(sameEmail(identity.email));
    if (sameAddress) {
      if (sameAddress.google_id !== null) {
        throw new GoogleSignInRefused(
          "The Gavel account with this email address is linked to a different Google account. Sign in with that one, or with your password.",
        );
      }
      await tx
        .update(usr)
        .set({
          google_id: identity.sub,
          first_name: sql`coalesce(${usr.first_name}, ${identity.givenName ?? null})`,
          last_name: sql`coalesce(${usr.last_name}, ${identity.familyName ?? null})`,
        })
        .where(eq(usr.usr_id, sameAddress.usr_id));
      // Linking may have filled in their names, which the teams they belong to show.
      await publishUserChange(tx, sameAddress.usr_id);
      return sameAddress.usr_id;
    }

    const [created] = await tx
      .insert(usr)
      .values({
        email_address: identity.email,
        google_id: identity.sub,
        first_name: identity.givenName ?? null,
        last_name: identity.familyName ?? null,
      })
      .returning({ usr_id: usr.usr_id });
    return created.usr_id;
  });
}

// The provider's answer, checked rather than trusted. Some providers send email_verified as a string.
const userInfoSchema = z.object({
  sub: z.string().min(1),
  email: z.string().email(),
  email_verified: z
    .union([z.boolean(), z.enum(["true", "false"]).transform((value) => value === "true")])
    .default(false),
  name: z.string().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  picture: z.string().optional(),
  locale: z.string().optional(),
  hd: z.string().optional(),
});

interface GoogleEndpoints {
  authorizationURL: string;
  tokenURL: string;
  userInfoURL: string;
}

class ConfigurableGoogleStrategy extends GoogleStrategy<number> {
  private readonly userInfoEndpoint: string;

  constructor(
    options: ConstructorParameters<typeof GoogleStrategy<number>>[0] & GoogleEndpoints,
    verify: ConstructorParameters<typeof GoogleStrategy<number>>[1],
  ) {
    super(options, verify);
    this.authorizationURL = options.authorizationURL;
    this.tokenURL = options.tokenURL;
    this.userInfoEndpoint = options.userInfoURL;
  }

  protected override async userProfile(accessToken: string): Promise<GoogleProfile> {
    const response = await fetch(this.userInfoEndpoint, { headers: { Authorization: `Bearer ${accessToken}` } });
    if (!response.ok) throw new Error(`The userinfo endpoint answered ${response.status} ${response.statusText}`);
    const info = userInfoSchema.parse(await response.json());
    return {
      provider: "google",
      id: info.sub,
      displayName: info.name ?? "",
      name: { givenName: info.given_name ?? "", familyName: info.family_name ?? "" },
      emails: [{ value: info.email }],
      photos: [{ value: info.picture ?? "" }],
      _json: {
        sub: info.sub,
        name: info.name ?? "",
        given_name: info.given_name ?? "",
        family_name: info.family_name ?? "",
        picture: info.picture ?? "",
        locale: info.locale ?? "",
        email: info.email,
        email_verified: info.email_verified,
        hd: info.hd ?? "",
      },
    };
  }
}

/** A cookie that lasts the round trip to the provider (ten minutes), sent only back to /auth/google. */
function roundTripCookie() {
  return {
    path: "/auth/google",
    httpOnly: true,
    sameSite: "lax" as const,
    secrets: [secretFor("oauth-cookie")],
    maxAge: 600,
  };
}

/**
 * The OAuth state lives in a short-lived cookie of its own, not in the sign-in session: remix-auth would otherwise
 * take a user already in the session as signed in and skip the provider.
 */
const oauthStateStorage = createCookieSessionStorage({ cookie: { name: "gavel_oauth", ...roundTripCookie() } });

/** Where to go after the round trip (a path on this site), kept while the person is at the provider. */
const returnToCookie = createCookie("gavel_oauth_return_to", roundTripCookie());

/** Built per request: the callback URL is absolute, on the origin the person is using (security/request.server.ts). */
function googleAuthenticator(request: Request) {
  const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET } = config;
  if (!GOOGLE_CLIENT_ID || !GOOGLE_CLIENT_SECRET)
    throw new Response("Google sign-in is not configured", { status: 404 });
  const authenticator = new Authenticator<number>(oauthStateStorage, { throwOnError: true });
  authenticator.use(
    new ConfigurableGoogleStrategy(
      {
        clientID: GOOGLE_CLIENT_ID,
        clientSecret: GOOGLE_CLIENT_SECRET,
        callbackURL: `${publicOrigin(request)}${GOOGLE_CALLBACK_PATH}`,
        // The standard OpenID Connect names, which Google accepts too.
        scope: "openid email profile",
        authorizationURL: config.GOOGLE_AUTHORIZATION_URL,
        tokenURL: config.GOOGLE_TOKEN_URL,
        userInfoURL: config.GOOGLE_USERINFO_URL,
      },
      ({ profile }) =>
        findOrCreateGoogleUser({
          sub: profile._json.sub,
          email: profile._json.email,
          emailVerified: profile._json.email_verified,
          givenName: profile._json.given_name || undefined,
          familyName: profile._json.family_name || undefined,
        }),
    ),
  );
  return authenticator;
}

/** Sends the person to the provider; `returnTo` is where they land once signed in. Always throws the redirect. */
export async function startGoogleSignIn(request: Request, returnTo: string): Promise<never> {
  try {
    // remix-auth copies the request; the copy must not carry the form body, which the action has already read.
    await googleAuthenticator(request).authenticate("google", new Request(request.url, { headers: request.headers }));
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      thrown.headers.append("Set-Cookie", await returnToCookie.serialize(returnTo));
    }
    throw thrown;
  }
  throw new Error("The Google strategy returned instead of redirecting to the provider");
}

export type GoogleCallbackResult =
  | { ok: true; usrId: number; returnTo: string | undefined; headers: Headers }
  | { ok: false; message: string; headers: Headers };

/** Finishes the round trip on the callback URL: the user, or what to tell the person. */
export async function finishGoogleSignIn(request: Request): Promise<GoogleCallbackResult> {
  const cookies = request.headers.get("Cookie");
  const returnTo: unknown = await returnToCookie.parse(cookies);
  // The round trip is over either way: its cookies go.
  const headers = new Headers();
  headers.append("Set-Cookie", await returnToCookie.serialize("", { maxAge: 0 }));
  headers.append("Set-Cookie", await oauthStateStorage.destroySession(await oauthStateStorage.getSession(cookies)));

  if (new URL(request.url).searchParams.get("error") === "access_denied") {
    return { ok: false, message: "Google sign-in was cancelled.", headers };
  }
  try {
    const usrId = await googleAuthenticator(request).authenticate("google", request);
    return { ok: true, usrId, returnTo: typeof returnTo === "string" ? returnTo : undefined, headers };
  } catch (error) {
    if (!(error instanceof AuthorizationError)) throw error;
    if (error.cause instanceof GoogleSignInRefused) return { ok: false, message: error.cause.message, headers };
    console.warn(`[auth] Google sign-in failed: ${error.message}`);
    return { ok: false, message: "Google sign-in did not finish. Please try again.", headers };
  }
}
