/**
 * Configuration from environment variables, read once at start-up. Bad values stop the server with a
 * message that names the variable (see README "Configuration").
 */
import { createHmac, randomBytes } from "node:crypto";
import { chmodSync, existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

const flag = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
  .transform((value) => ["true", "1", "yes"].includes(value));

const httpUrl = z.string().regex(/^https?:\/\/\S+$/, "must be an http:// or https:// URL");

const envSchema = z.object({
  // Unset means production, as server.js reads it: a server nobody configured fails closed.
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/\S+$/, "must be a postgres:// or postgresql:// connection URL")
    .optional(),
  // Connections each server process keeps open to PostgreSQL for requests (its bus's LISTEN takes one more): with
  // several machines, machines × processes × (pool + 1) must stay under the server's max_connections.
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(1)
    .max(100, "must be a number of connections from 1 to 100")
    .default(10),
  DATA_DIR: z.string().min(1).default("./data"),
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters long").optional(),
  APP_HOST: z
    .string()
    .regex(/^[a-z0-9.-]+(:\d+)?$/i, "must be a host name such as gavel.example.org (no scheme or path)")
    .default("localhost"),
  PORT: z.coerce.number().int().min(1).max(65535, "must be a port number").default(3000),
  // The demo organiser's password is published: only the README's explore command (npm start) loads it.
  SEED_DEMO: flag.default("false"),
  // /dev/mailbox shows every mail Gavel would have sent, sign-in codes included: on by default only in development
  // and tests, and for the README's explore command.
  DEV_MAILBOX: flag.optional(),
  // One subdomain that is not an event's, sent to a fixed path on the main host.
  SPECIAL_SUBDOMAIN: z
    .string()
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i, "must be one host label such as give (letters, digits, hyphens)")
    .transform((label) => label.toLowerCase())
    .optional(),
  SPECIAL_SUBDOMAIN_PATH: z
    .string()
    .regex(/^\/(?![/\\])[^\s#]*$/, "must be a path on this site starting with /, such as /woa2025give")
    .optional(),
  // Sign-in with Google (docs/decisions/006-sign-in.md). The endpoints default to Google's; the test suite points
  // them at a local OpenID Connect provider.
  GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
  GOOGLE_AUTHORIZATION_URL: httpUrl.default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: httpUrl.default("https://oauth2.googleapis.com/token"),
  GOOGLE_USERINFO_URL: httpUrl.default("https://www.googleapis.com/oauth2/v3/userinfo"),
  // Mail: SMTP when set; otherwise messages go to the log (and the development mailbox).
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, "must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.org:465")
    .optional(),
  // Tests only (refused in production): lets an event's own SMTP server be at a loopback or private address, which is
  // otherwise refused when saved and when mail is sent (app/security/network-address.server.ts), so the suite can point
  // an event at its local SMTP server.
  ALLOW_PRIVATE_EVENT_SMTP: flag.default("false"),
  MAIL_FROM: z
    .string()
    .regex(
      /^(?:[^<>@]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/,
      'must be an address such as "Gavel <gala@example.org>"',
    )
    .optional(),
  // Messages (docs/decisions/023-messages-outbox.md). The origin of the links in messages, which no request names when
  // the outbox worker sends them; without it, https://APP_HOST (http:// for localhost, with PORT).
  PUBLIC_URL: httpUrl.optional(),
  // How long a message a process has claimed is held from the others unless that process renews the claim (it does,
  // a third of the way in, while it sends): after a process dies mid-send, the others send its messages this long after.
  OUTBOX_LEASE_SECONDS: z.coerce
    .number({ message: "must be a number of seconds such as 30" })
    .int("must be a whole number of seconds such as 30")
    .min(3, "must be from 3 to 3600 (seconds)")
    .max(3600, "must be from 3 to 3600 (seconds)")
    .default(30),
  // Where the Twilio SDK sends its requests instead of https://api.twilio.com: the test suite's fake gateway.
  TWILIO_API_URL: httpUrl.optional(),
  // How many reverse proxies stand in front of Gavel: their X-Forwarded-For, -Proto and -Host are believed (server.js).
  TRUSTED_PROXIES: z.coerce.number().int().min(0).max(10, "must be a number of proxies from 0 to 10").default(0),
  // Live streams one server process keeps open (app/security/stream-limit.ts): from one client address (a venue's
  // guests share one, so this is high), and in all.
  STREAMS_PER_ADDRESS: z.coerce.number().int().min(1, "must be at least 1").default(2_000),
  STREAMS_PER_PROCESS: z.coerce.number().int().min(1, "must be at least 1").default(10_000),
  // Uploaded images (docs/decisions/008-images.md). Without UPLOAD_DIR they go into the data folder.
  UPLOAD_DIR: z.string().min(1).optional(),
  // An upload is held in memory while it is checked and resized, so the ceiling stays modest.
  MAX_IMAGE_MB: z.coerce
    .number({ message: "must be a number of megabytes such as 8" })
    .positive("must be a positive number of megabytes such as 8")
    .max(100, "must be at most 100 (megabytes)")
    .default(8),
  // The key that encrypts the secrets organisers enter (Stripe keys, an SMTP password, a Twilio token) at rest
  // (app/security/secret-box.server.ts): 32 random bytes as 64 hex digits (`openssl rand -hex 32`). Without it those
  // settings cannot be stored and their screens say so: no card payments (cash, check and "pay at the event" only),
  // mail through Gavel's own server, no texts. On the embedded database it is generated into the data folder.
  SECRETS_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, "must be 64 hex digits (32 bytes), such as the output of `openssl rand -hex 32`")
    .optional(),
  // Where the Stripe SDK sends its requests; unset means Stripe itself. The tests point it at a local stand-in.
  STRIPE_API_URL: httpUrl.optional(),
});

export type Config = Omit<z.infer<typeof envSchema>, "SESSION_SECRET" | "MAIL_FROM" | "UPLOAD_DIR" | "DEV_MAILBOX"> & {
  SESSION_SECRET: string;
  /** Whether /dev/mailbox keeps and shows mail: DEV_MAILBOX, else everywhere but production. */
  DEV_MAILBOX: boolean;
  /** The sender of Gavel's mail; without MAIL_FROM, an address at APP_HOST. */
  MAIL_FROM: string;
  /** Absolute path of the folder that holds the embedded database, uploads and the generated secret. */
  dataDir: string;
  /** Absolute path of the folder that holds uploaded images; `$DATA_DIR/uploads` without UPLOAD_DIR. */
  UPLOAD_DIR: string;
};

/** Parses the environment; throws ConfigError naming the first bad variable. */
export function readConfig(env: Record<string, string | undefined>): Config {
  const blankAsMissing = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(blankAsMissing);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Configuration error: ${issue.path.join(".")} ${issue.message}.`);
  }
  const { SPECIAL_SUBDOMAIN, SPECIAL_SUBDOMAIN_PATH } = parsed.data;
  if ((SPECIAL_SUBDOMAIN === undefined) !== (SPECIAL_SUBDOMAIN_PATH === undefined)) {
    const missing = SPECIAL_SUBDOMAIN === undefined ? "SPECIAL_SUBDOMAIN" : "SPECIAL_SUBDOMAIN_PATH";
    throw new ConfigError(
      `Configuration error: ${missing} is missing; set SPECIAL_SUBDOMAIN and SPECIAL_SUBDOMAIN_PATH together.`,
    );
  }
  if ((parsed.data.GOOGLE_CLIENT_ID === undefined) !== (parsed.data.GOOGLE_CLIENT_SECRET === undefined)) {
    throw new ConfigError("Configuration error: set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET together, or neither.");
  }
  if (parsed.data.ALLOW_PRIVATE_EVENT_SMTP && parsed.data.NODE_ENV === "production") {
    throw new ConfigError(
      "Configuration error: ALLOW_PRIVATE_EVENT_SMTP is for tests only: it lets organisers reach this server's own " +
        "network. Unset it in production.",
    );
  }
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  return {
    ...parsed.data,
    dataDir,
    UPLOAD_DIR: path.resolve(parsed.data.UPLOAD_DIR ?? path.join(dataDir, "uploads")),
    SESSION_SECRET: parsed.data.SESSION_SECRET ?? generatedSessionSecret(dataDir),
    // The embedded default is the one nobody configures (`npm start`): it gets a key of its own, so that cards and
    // texts can be set up (and the demo's sandbox stored) without a step. A real deployment (DATABASE_URL) names it.
    SECRETS_KEY: parsed.data.SECRETS_KEY ?? (parsed.data.DATABASE_URL ? undefined : generatedSecretsKey(dataDir)),
    DEV_MAILBOX: parsed.data.DEV_MAILBOX ?? parsed.data.NODE_ENV !== "production",
    MAIL_FROM: parsed.data.MAIL_FROM ?? `Gavel <no-reply@${parsed.data.APP_HOST.replace(/:\d+$/, "")}>`,
  };
}

/**
 * Without SESSION_SECRET a secret is generated once and kept in the data folder, so sessions survive restarts. A file
 * that is short anyway (emptied by hand, a disk that filled up) stops start-up rather than sign cookies with a
 * guessable key.
 */
function generatedSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  const kept = keptSecret(file);
  if (kept.length < 32)
    throw new ConfigError(
      `Configuration error: ${file} holds no usable secret (${kept.length} characters, 32 needed). ` +
        "Delete it to generate a new one (everyone signs in again), or set SESSION_SECRET.",
    );
  return kept;
}

/**
 * On the embedded database without SECRETS_KEY, the key that seals stored provider secrets is generated once and kept
 * beside the database it unlocks. A file that is not a key stops start-up: a new key would silently make every
 * stored secret unreadable.
 */
function generatedSecretsKey(dataDir: string): string {
  const file = path.join(dataDir, "secrets-key");
  const kept = keptSecret(file);
  if (!/^[0-9a-f]{64}$/i.test(kept))
    throw new ConfigError(
      `Configuration error: ${file} holds no usable key (64 hex digits needed). Put back the file it replaced, or ` +
        "delete it to generate a new one (stored payment keys, mail and text passwords must then be entered again), " +
        "or set SECRETS_KEY.",
    );
  return kept;
}

/**
 * The secret kept in file, generated (32 random bytes, hex) when there is none. It is written to a temporary file
 * first and linked into place (which fails if a file is there): server processes starting together all read the one
 * secret that got there first, never one another process is halfway through writing.
 */
function keptSecret(file: string): string {
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    const draft = `${file}.${process.pid}.tmp`;
    writeFileSync(draft, randomBytes(32).toString("hex") + "\n", { mode: 0o600 });
    chmodSync(draft, 0o600);
    try {
      linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      unlinkSync(draft);
    }
  }
  return readFileSync(file, "utf8").trim();
}

/**
 * What a key derived from the session secret is for: each use has its own, so one never stands in for another.
 * Signed links (orders, invoices, gift receipts) keep the secret itself: each signs a message that names its kind
 * ("invoice:…"), which separates them as well, and links already mailed keep working.
 */
export type SecretPurpose =
  "session-cookie" | "toast-cookie" | "oauth-cookie" | "sign-in-code" | "device-cookie" | "device-key";

/** The key for one purpose: HMAC-SHA256(SESSION_SECRET, purpose), hex. */
export function secretFor(purpose: SecretPurpose, secret = config.SESSION_SECRET): string {
  return createHmac("sha256", secret).update(`gavel:${purpose}`).digest("hex");
}

function loadConfigOrExit(): Config {
  try {
    return readConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

export const config = loadConfigOrExit();
