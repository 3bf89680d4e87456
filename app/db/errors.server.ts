/**
 * Reads PostgreSQL errors the same way on both drivers (postgres.js and PGlite), through Drizzle's
 * wrapping, so that actions can turn a broken constraint into a message beside the right field.
 */
const UNIQUE_VIOLATION = "23505";
const FOREIGN_KEY_VIOLATION = "23503";

interface PostgresErrorFields {
  code?: string;
  constraint?: string;
  constraint_name?: string;
}

function postgresError(error: unknown): PostgresErrorFields | undefined {
  for (let current = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause) {
    const fields = current as PostgresErrorFields;
    if (typeof fields.code === "string" && /^[0-9A-Z]{5}$/.test(fields.code)) return fields;
  }
  return undefined;
}

/** The name of the unique constraint the error broke, or undefined when it is another error. */
export function uniqueViolation(error: unknown): string | undefined {
  const fields = postgresError(error);
  return fields?.code === UNIQUE_VIOLATION ? (fields.constraint_name ?? fields.constraint) : undefined;
}

export function isForeignKeyViolation(error: unknown): boolean {
  return postgresError(error)?.code === FOREIGN_KEY_VIOLATION;
}

/** What a person should read when a unique constraint refuses their input. */
export const UNIQUE_CONSTRAINT_MESSAGES: Record<string, { field: string; message: string }> = {
  event_slug_unique: { field: "slug", message: "Another event already uses this web address (slug)." },
  event_subdomain_unique: { field: "subdomain", message: "Another event already uses this subdomain." },
  client_slug_unique: { field: "slug", message: "Another organisation already uses this short name." },
  usr_email_address_lower_key: { field: "email_address", message: "This email address is already in use." },
  usr_google_id_unique: { field: "google_id", message: "This Google account is already linked to another user." },
  usr_event_role_usr_event_key: { field: "usr_id", message: "This person already has a role on this event." },
  usr_event_paddle_event_usr_key: {
    field: "usr_id",
    message: "This person already has a paddle number at this event.",
  },
  auction_item_event_lot_key: { field: "lot", message: "Another item of this event already has this lot number." },
  category_client_title_key: { field: "title", message: "A category with this name already exists." },
  tbl_event_name_key: { field: "name", message: "A table with this name already exists at this event." },
  meal_event_title_key: { field: "title", message: "A meal with this name already exists at this event." },
  promo_code_event_code_key: { field: "code", message: "This event already has a promo code with this name." },
  question_event_name_key: { field: "name", message: "A question with this name already exists at this event." },
  event_sponsor_event_sponsor_key: { field: "sponsor_id", message: "This sponsor is already linked to the event." },
};

/** The field and message for a unique violation, for returning beside the field; undefined otherwise. */
export function describeUniqueViolation(error: unknown) {
  const constraint = uniqueViolation(error);
  if (!constraint) return undefined;
  return UNIQUE_CONSTRAINT_MESSAGES[constraint] ?? { field: "form", message: "This record already exists." };
}

// PostgreSQL gives up one of two transactions that wait for each other (deadlock_detected) or that it cannot order
// (serialization_failure); the other goes on, and the one given up succeeds when run again.
const TRANSIENT = new Set(["40P01", "40001"]);

/** Whether the error is one PostgreSQL asks to answer by running the transaction again. */
export function isTransientConflict(error: unknown): boolean {
  const code = postgresError(error)?.code;
  return code !== undefined && TRANSIENT.has(code);
}

/**
 * Runs `work` (a whole transaction, nothing outside the database) again when PostgreSQL gave it up for a deadlock
 * or a serialization failure, up to `attempts` times in all, after a short random pause that lets the other one
 * finish.
 */
export async function retryTransient<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isTransientConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}

// The database could not be reached, or cut the connection: the driver's own codes (postgres.js), the socket's, and
// PostgreSQL's for a connection it refused or ended (class 08; 57P01–57P03: shut down, crashed, starting up).
const UNREACHABLE_CODES = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "57P01",
  "57P02",
  "57P03",
]);

/**
 * Whether the error is the database being away (restarting, unreachable, or the connection cut under the query),
 * rather than something about the request: the same request succeeds once the database is back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  }
  return false;
}
