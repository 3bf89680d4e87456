/**
 * The outbox worker (docs/decisions/023-messages-outbox.md): every app process runs one. A tick claims due messages
 * with FOR UPDATE SKIP LOCKED and gives each a lease (two workers never hold the same message), records the attempt,
 * sends, and records the provider's answer. A worker that dies mid-send leaves its message "sending" until the lease
 * ends; the next claim sends it again with the same idempotency key, which the provider uses to keep one copy. A
 * worker whose lease was taken over cannot write its late answer over the new one (claim_token).
 *
 * Only the provider's failures count as attempts and wait for a retry. An attempt that the database failed (the
 * server restarting, a connection closed) gives its message back to the queue as it was, due at once; the worker
 * waits for the database, within the lease, to write that or the provider's answer (see deliverClaimed).
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { selectRows } from "~/db/rows.server";
import { isDatabaseUnreachable, untilDatabaseAnswers } from "~/db/wait-for-database.server";
import { twilioApiFor } from "~/sandbox/switch.server";
import { openSecret } from "~/security/secret-box.server";
import { message } from "~drizzle/schema";
import {
  messageValues,
  readMessageBatch,
  type EventMessaging,
  type MessageBatch,
  type OutboxRow,
} from "./message-context.server";
import { staleDigestReason } from "./outbid-digest.server";
import { ATTACHMENTS_KEY } from "./outbox.server";
import {
  ProviderError,
  smtpProvider,
  twilioProvider,
  type EmailProvider,
  type ProviderAnswer,
  type TextProvider,
} from "./providers.server";
import { TEMPLATES, renderEmailTemplate, renderTextTemplate, type EmailCard, type TemplateName } from "./templates";
import type { Database } from "~/db/connection.server";
import type { MailMessage } from "~/mail/mail-message";

export const OUTBOX_TICK_MS = 1_000;
/**
 * How long a claim holds unless renewed (OUTBOX_LEASE_SECONDS sets it for the server). A worker renews its batch's
 * lease while it sends (a third of the way in), so a slow provider never costs it the lease, and a process killed
 * mid-batch hands its messages to the others within this time (the crash drill found them held for the five minutes
 * the lease used to be).
 */
export const DEFAULT_LEASE_MS = 30_000;
export const MAX_ATTEMPTS = 8;
/**
 * How many of a batch's messages a worker sends at once. Each waits for its provider (an SMTP conversation, a call to
 * Twilio's API) and then for its outcome's statement; one at a time, a burst of bids (hundreds of outbid emails a
 * second) left the outbox seconds behind.
 */
export const SENDING_AT_ONCE = 4;
/** How often a worker tries the database again to record a send while it cannot be reached. */
export const DATABASE_RETRY_MS = 1_000;

/** 30 s, 1 min, 2 min, … up to an hour between tries. */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000 * 2 ** (attempt - 1), 60 * 60_000);
}

/** Where the worker gets its providers: the event's settings, or a test's stand-ins. */
export interface ProviderSource {
  email(messaging: EventMessaging): EmailProvider;
  /** null: texting is off for the event (no credentials). */
  text(messaging: EventMessaging): TextProvider | null;
}

export const configuredProviders: ProviderSource = {
  email: (messaging) => smtpProvider(openSecret(messaging.smtpUrlEncrypted, messaging.eventId)),
  text: (messaging) => {
    const { accountSid, authTokenEncrypted, from } = messaging.twilio;
    const authToken = openSecret(authTokenEncrypted, messaging.eventId);
    if (!accountSid || !authToken || !from) return null;
    const apiUrl = twilioApiFor(messaging.eventId, accountSid);
    return apiUrl === "off" ? null : twilioProvider({ accountSid, authToken, from }, apiUrl);
  },
};

/**
 * What a product adds to its messages at send time that the outbox cannot know: a confirmation's guests and their QR
 * codes, a receipt's PDF. Given by the top of the app (startup.server.ts), since products sit above messages.
 */
export interface Enrichment {
  values?: Record<string, string>;
  cards?: EmailCard[];
  attachments?: NonNullable<MailMessage["attachments"]>;
}
export type MessageEnrichers = Partial<Record<TemplateName, (row: OutboxRow) => Promise<Enrichment | null>>>;

export interface WorkerOptions {
  now?: Date;
  leaseMs?: number;
  /** How often a worker renews the lease of the batch it is sending: a third of the lease unless told. */
  renewEveryMs?: number;
  databaseRetryMs?: number;
  batch?: number;
  providers?: ProviderSource;
  enrichers?: MessageEnrichers;
}

export interface ClaimedMessage extends OutboxRow {
  attempt_count: number;
  claim_token: string;
  message_attempt_id: number;
}

/**
 * Takes up to `batch` due messages for this worker: queued ones, and "sending" ones whose lease has ended. One
 * statement claims them and starts each one's attempt.
 */
export async function claimDueMessages(db: Database, options: WorkerOptions = {}): Promise<ClaimedMessage[]> {
  // The database's clock unless a test sets one: app servers' clocks may differ from it and from each other.
  const now = sql`coalesce(${options.now?.toISOString() ?? null}::timestamptz, now())`;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const claimToken = randomUUID();
  return selectRows<ClaimedMessage>(
    db,
    sql`
    with due as (
      select message_id from message
      where status in ('queued', 'sending') and next_attempt_at <= ${now}
        and (lease_until is null or lease_until <= ${now})
      order by next_attempt_at, message_id
      limit ${options.batch ?? 20}
      for update skip locked
    ), claimed as (
      update message m
      set status = 'sending', attempt_count = m.attempt_count + 1, lease_until = ${now} + ${leaseMs}::int * interval '1 millisecond',
        claim_token = ${claimToken}
      from due where m.message_id = due.message_id
      returning m.message_id, m.event_id, m.template, m.channel, m.to_usr_id, m.to_email, m.to_phone, m.data,
        m.idempotency_key, m.attempt_count, m.claim_token
    ), started as (
      insert into message_attempt (message_id, attempt)
      select message_id, attempt_count from claimed
      returning message_attempt_id, message_id
    )
    select claimed.*, started.message_attempt_id
    from claimed join started on started.message_id = claimed.message_id
    order by claimed.message_id`,
  );
}

type Result =
  | { status: "sent"; provider: string; answer: ProviderAnswer }
  | { status: "skipped"; provider: string | null; reason: string }
  | { status: "failed"; provider: string | null; error: string; permanent: boolean; answer?: Record<string, unknown> };

/** What the messages of one claimed batch share: its read of what they are about, and the writer of their outcomes. */
interface BatchWork {
  readBatch: () => Promise<MessageBatch>;
  recordOutcome: (claimed: ClaimedMessage, result: Result) => Promise<Outcome>;
}

type Outcome = "sent" | "skipped" | "queued" | "failed" | "lost_lease";

/**
 * Sends one claimed message and records the outcome; returns its status afterwards. When the database cannot be
 * reached, the outcome is written once it answers again, waiting at most the lease (after it, the message is another
 * worker's, as after a crash): the provider's answer (a sent message is not sent again), or, when the database
 * failed the attempt itself, the message given back to the queue without using up an attempt.
 */
export async function deliverClaimed(
  db: Database,
  claimed: ClaimedMessage,
  options: WorkerOptions = {},
  { readBatch, recordOutcome }: BatchWork = batchWork(db, [claimed], options),
): Promise<Outcome> {
  const result = await attempt(db, claimed, options, readBatch).catch(
    (error: unknown): Result | { status: "database unreachable"; error: string } => {
      const text = error instanceof Error ? error.message : String(error);
      if (!(error instanceof ProviderError) && isDatabaseUnreachable(error))
        return { status: "database unreachable", error: text };
      return {
        status: "failed",
        provider: null,
        error: text,
        // A provider's refusal says whether trying again can help; anything else (a lost connection) may pass.
        permanent: error instanceof ProviderError && error.permanent,
        answer: error instanceof ProviderError ? error.answer : undefined,
      };
    },
  );
  return untilDatabaseAnswers(
    () =>
      result.status === "database unreachable"
        ? release(db, claimed, result.error, options.now ?? null)
        : recordOutcome(claimed, result),
    {
      waitMs: options.leaseMs ?? DEFAULT_LEASE_MS,
      everyMs: options.databaseRetryMs ?? DATABASE_RETRY_MS,
      log: (line) => console.log(`[messages] recording a send: ${line}`),
    },
  );
}

function batchWork(db: Database, claimed: ClaimedMessage[], options: WorkerOptions): BatchWork {
  return { readBatch: batchReader(db, claimed), recordOutcome: outcomeWriter(db, options.now ?? null) };
}

/**
 * What a claimed batch is about, read when its first message is sent and then shared by the others. A read the
 * database failed is read again by the next message (each such message goes back to the queue, see deliverClaimed).
 */
function batchReader(db: Database, rows: OutboxRow[]): () => Promise<MessageBatch> {
  let reading: Promise<MessageBatch> | null = null;
  return () =>
    (reading ??= readMessageBatch(db, rows).catch((error: unknown) => {
      reading = null;
      throw error;
    }));
}

async function attempt(
  db: Database,
  claimed: ClaimedMessage,
  options: WorkerOptions,
  readBatch: () => Promise<MessageBatch>,
): Promise<Result> {
  const providers = options.providers ?? configuredProviders;
  const enrichers = options.enrichers ?? {};
  const batch = await readBatch();
  const messaging = batch.messaging(claimed);
  if (!messaging) return { status: "skipped", provider: null, reason: "The event no longer exists." };
  const definition = TEMPLATES[claimed.template];
  if (!definition)
    return { status: "failed", provider: null, error: `Unknown template ${claimed.template}`, permanent: true };
  if (definition.automatic && messaging.automatic[claimed.template] === false) {
    return { status: "skipped", provider: null, reason: "This automatic message is switched off for the event." };
  }
  if (claimed.template === "outbid_digest") {
    const stale = await staleDigestReason(db, claimed);
    if (stale) return { status: "skipped", provider: null, reason: stale };
  }
  const addressee = batch.addressee(claimed);
  const enrichment = (await enrichers[claimed.template]?.(claimed)) ?? {};
  const values = {
    ...messageValues(claimed, messaging, addressee, batch.item(claimed), options.now),
    ...enrichment.values,
  };
  const override = messaging.templates[claimed.template] ?? {};

  if (claimed.channel === "email") {
    if (!addressee.email) return { status: "skipped", provider: null, reason: "No email address." };
    const provider = providers.email(messaging);
    const rendered = renderEmailTemplate(claimed.template, values, messaging.branding, override, enrichment.cards);
    const attachments = [...storedAttachments(claimed), ...(enrichment.attachments ?? [])];
    const answer = await provider.send({
      to: addressee.email,
      ...rendered,
      attachments: attachments.length > 0 ? attachments : undefined,
      fromName: messaging.senderName,
      replyTo: messaging.replyTo ?? undefined,
      idempotencyKey: claimed.idempotency_key,
    });
    return { status: "sent", provider: provider.name, answer };
  }

  const provider = providers.text(messaging);
  if (!provider) return { status: "skipped", provider: null, reason: "Texting is off: no Twilio credentials." };
  if (!addressee.phone) return { status: "skipped", provider: null, reason: "No mobile number." };
  // A team member's test text goes to the number they typed for it; everyone else must have agreed to texts.
  if (claimed.template !== "test" && !addressee.textConsent) {
    return { status: "skipped", provider: null, reason: "No consent to texts." };
  }
  // STOP is kept per account and number (as carriers keep it): the one this text would be sent from.
  const [stopped] = await selectRows<{ opted_out: boolean }>(
    db,
    sql`select opted_out from text_opt_out
      where twilio_account_sid = ${messaging.twilio.accountSid ?? ""} and from_number = ${messaging.twilio.from ?? ""}
        and phone = ${addressee.phone}`,
  );
  if (stopped?.opted_out) return { status: "skipped", provider: null, reason: "Opted out (replied STOP)." };
  const answer = await provider.send({
    to: addressee.phone,
    body: renderTextTemplate(claimed.template, values, override),
    idempotencyKey: claimed.idempotency_key,
  });
  return { status: "sent", provider: provider.name, answer };
}

/** The files the message was written with (enqueueMessage's attachments). */
function storedAttachments(row: OutboxRow): NonNullable<MailMessage["attachments"]> {
  const stored = row.data[ATTACHMENTS_KEY];
  if (!Array.isArray(stored)) return [];
  return stored.map((file: { filename: string; contentType: string; base64: string }) => ({
    filename: file.filename,
    contentType: file.contentType,
    content: Buffer.from(file.base64, "base64"),
  }));
}

/**
 * The writer of a batch's outcomes: each attempt's outcome and its message's new state, in one statement for as many
 * outcomes as are waiting. The first goes at once (at the next turn of the event loop, with any that came in the same
 * turn); those that come while a statement is under way go together in the next. A worker's lanes each wait for their
 * own outcome before they send again, as before, so a crash can repeat no more sends than it could; under a burst of
 * outbid emails the outcomes of a batch took one statement each, as many as the bids that caused them
 * (docs/benchmarks.md, "Fewer statements per outbid email"). A worker whose lease was taken over finishes its attempt's
 * row but leaves the message to the new holder ("lost_lease").
 */
function outcomeWriter(db: Database, at: Date | null): BatchWork["recordOutcome"] {
  type Waiting = { claimed: ClaimedMessage; result: Result; settle: (outcome: Promise<Outcome>) => void };
  let waiting: Waiting[] = [];
  let writing = false;
  const writeWaiting = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    while (waiting.length > 0) {
      const batch = waiting;
      waiting = [];
      let settled: Promise<Outcome>[];
      try {
        const outcomes = await writeOutcomes(db, batch, at);
        settled = batch.map(({ claimed }) => Promise.resolve(outcomes.get(claimed.message_id)!));
      } catch (error) {
        // The statement refused (a provider's answer the database cannot store, say): each outcome is written alone,
        // so that one message's cannot leave the others to be sent again after the lease. A database that went away
        // fails them all, each then waiting for it in its own lane (deliverClaimed).
        settled =
          batch.length === 1 || isDatabaseUnreachable(error)
            ? batch.map(() => Promise.reject(error))
            : batch.map((one) =>
                writeOutcomes(db, [one], at).then((outcomes) => outcomes.get(one.claimed.message_id)!),
              );
      }
      batch.forEach(({ settle }, index) => settle(settled[index]));
      await Promise.allSettled(settled);
    }
    writing = false;
  };
  return (claimed, result) =>
    new Promise<Outcome>((resolve) => {
      waiting.push({ claimed, result, settle: resolve });
      if (writing) return;
      writing = true;
      void writeWaiting();
    });
}

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A provider's words as PostgreSQL can keep them: without NUL characters and unpaired surrogates, which neither text
 * nor jsonb takes. An answer or error holding one would otherwise fail its outcome's record, and its message would be
 * sent again after the lease, every time.
 */
function storableText(_key: string, value: unknown) {
  return typeof value === "string" ? value.replaceAll("\u0000", "").replace(UNPAIRED_SURROGATE, "\uFFFD") : value;
}

/** Writes outcomes in one statement; each message's status afterwards. */
async function writeOutcomes(
  db: Database,
  outcomes: { claimed: ClaimedMessage; result: Result }[],
  at: Date | null,
): Promise<Map<number, Outcome>> {
  const now = sql`coalesce(${at?.toISOString() ?? null}::timestamptz, now())`;
  const rows = outcomes.map(({ claimed, result }) => {
    const retrying = result.status === "failed" && !result.permanent && claimed.attempt_count < MAX_ATTEMPTS;
    const sent = result.status === "sent";
    return {
      message_id: claimed.message_id,
      message_attempt_id: claimed.message_attempt_id,
      claim_token: claimed.claim_token,
      attempt_status: result.status,
      provider: result.provider,
      answer: sent ? result.answer.answer : result.status === "failed" ? (result.answer ?? null) : null,
      error: result.status === "skipped" ? result.reason : result.status === "failed" ? result.error : null,
      status: retrying ? "queued" : result.status,
      retry_ms: retrying ? retryDelayMs(claimed.attempt_count) : null,
      provider_message_id: sent ? result.answer.providerMessageId : null,
    };
  });
  const updated = await selectRows<{ message_id: number }>(
    db,
    sql`
    with outcome as (
      select * from jsonb_to_recordset(${JSON.stringify(rows, storableText)}::text::jsonb) as o(message_id int,
        message_attempt_id int, claim_token text, attempt_status text, provider text, answer jsonb, error text,
        status text, retry_ms int, provider_message_id text)
    ), finished as (
      update message_attempt a
      set status = o.attempt_status, provider = o.provider, provider_answer = o.answer, error = o.error, finished_at = ${now}
      from outcome o where a.message_attempt_id = o.message_attempt_id
    )
    update message m
    set status = o.status, lease_until = null, claim_token = null,
      next_attempt_at = case when o.retry_ms is null then m.next_attempt_at
        else ${now} + o.retry_ms * interval '1 millisecond' end,
      provider_message_id = case when o.attempt_status = 'sent' then o.provider_message_id else m.provider_message_id end,
      last_error = o.error, sent_at = case when o.attempt_status = 'sent' then ${now} end
    from outcome o
    where m.message_id = o.message_id and m.claim_token = o.claim_token
    returning m.message_id`,
  );
  const kept = new Set(updated.map((row) => row.message_id));
  return new Map(
    rows.map((row) => [row.message_id, kept.has(row.message_id) ? (row.status as Outcome) : "lost_lease"]),
  );
}

/**
 * Gives a claimed message back to the queue as it was before the claim (its attempt count, due at once) when the
 * database failed the attempt: the provider was not the trouble, so neither an attempt nor the backoff is spent. The
 * attempt's row stays, marked released, with the error.
 */
async function release(
  db: Database,
  claimed: ClaimedMessage,
  error: string,
  at: Date | null,
): Promise<"queued" | "lost_lease"> {
  const updated = await selectRows<{ message_id: number }>(
    db,
    sql`
    with released as (
      update message_attempt
      set status = 'released', error = ${error}, finished_at = coalesce(${at?.toISOString() ?? null}::timestamptz, now())
      where message_attempt_id = ${claimed.message_attempt_id}
    )
    update message
    set status = 'queued', attempt_count = message.attempt_count - 1, lease_until = null, claim_token = null
    where message_id = ${claimed.message_id} and claim_token = ${claimed.claim_token}
    returning message_id`,
  );
  return updated.length === 0 ? "lost_lease" : "queued";
}

/** Keeps the lease of a claimed batch while its messages are sent; the returned function stops renewing. */
function renewLease(db: Database, claimToken: string, options: WorkerOptions) {
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const timer = setInterval(
    () => {
      db.update(message)
        .set({ lease_until: sql`now() + ${leaseMs}::int * interval '1 millisecond'` })
        .where(and(eq(message.claim_token, claimToken), eq(message.status, "sending")))
        .catch((error: unknown) => console.error("[messages] could not renew a lease:", error));
    },
    options.renewEveryMs ?? leaseMs / 3,
  );
  timer.unref();
  return () => clearInterval(timer);
}

/** One tick: claims and sends until nothing is due; returns how many messages were handled. */
export async function runOutbox(db: Database, options: WorkerOptions = {}): Promise<number> {
  let handled = 0;
  for (;;) {
    const claimed = await claimDueMessages(db, options);
    const stopRenewing = claimed.length > 0 ? renewLease(db, claimed[0].claim_token, options) : () => {};
    const work = batchWork(db, claimed, options);
    const waiting = [...claimed];
    const lane = async () => {
      for (let one = waiting.shift(); one; one = waiting.shift()) await deliverClaimed(db, one, options, work);
    };
    // Every lane runs to its end, the others taking on what a failed one leaves, before the batch's lease is let go.
    const lanes = await Promise.allSettled(Array.from({ length: Math.min(SENDING_AT_ONCE, claimed.length) }, lane));
    stopRenewing();
    const failed = lanes.find((ended): ended is PromiseRejectedResult => ended.status === "rejected");
    if (failed) throw failed.reason;
    handled += claimed.length;
    if (claimed.length < (options.batch ?? 20)) return handled;
  }
}

/** Runs the outbox every second in this process; errors are logged and the next tick tries again. */
export function startOutboxWorker(db: Database, options: Omit<WorkerOptions, "now"> = {}) {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await runOutbox(db, options);
    } catch (error) {
      console.error("[messages] the outbox worker failed a tick:", error);
    } finally {
      running = false;
    }
  }, OUTBOX_TICK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
