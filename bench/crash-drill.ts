/**
 * The crash drill (issue 19, drill 1), as a function: `npm run drill:crash` runs it in full (bench/crash.ts) and
 * tests/e2e/crash-drill.spec.ts in a short form. During a bid storm, the built app is killed with SIGKILL (every one of
 * its processes at once) at random moments and started again on the same port and database; optionally the
 * PostgreSQL server is stopped and started under load while the app runs on. Afterwards, from the database:
 * - every bid whose answer said accepted is in the ledger, and no row exists for a bid refused or never delivered
 *   (only bids in flight at a kill may have a row without an answer);
 * - the ledger's invariants hold (amounts rising per item, one leading row, the item's totals agree);
 * - the closing scheduler carried on: every item due closed, at most a few seconds after the app was back;
 * - the outbox carried on: every message is sent, or held by a killed process's lease until it runs out.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { freePort } from "../tests/support/free-port";
import { appProcesses, sessionCookie, startApp, throwawayDatabase, type App } from "./support/app";
import { answerText, nextMinimumIn, sendBid, type Bid, type Bidder } from "./support/posts";
import { ms, sleep, summary } from "./support/stats";

export interface CrashDrillOptions {
  engine: "postgres" | "pglite";
  /** A PostgreSQL server's URL whose user may create databases (engine postgres). */
  adminUrl?: string;
  bidders: number;
  kills: number;
  /** Items bid on; a quarter of them are due to close during the storm. */
  items: number;
  /** The app's server processes (WEB_CONCURRENCY; PGlite always has one). */
  processes?: number;
  /** How long the app runs between two kills, drawn at random in this range (seconds). */
  upSeconds: [number, number];
  /**
   * The app's OUTBOX_LEASE_SECONDS: the drill waits this long after the last kill for the messages a killed process had
   * claimed. The server's own 30 s unless given.
   */
  outboxLeaseSeconds?: number;
  /** Stops the PostgreSQL server for `seconds` under load, then starts it (engine postgres; the full drill only). */
  restartPostgres?: { stop(): void; start(): void; seconds: number };
  log?: (line: string) => void;
}

export interface CrashDrillResult {
  engine: CrashDrillOptions["engine"];
  kills: number;
  /** Seconds from each kill to the restarted app's first healthy answer. */
  recovery: ReturnType<typeof summary>;
  answers: { accepted: number; refused: number; unanswered: number; notDelivered: number };
  ledgerRows: number;
  /** Rows of bids that were in flight at a kill (committed, answer lost): allowed. */
  committedUnanswered: number;
  closing: { due: number; closed: number; latestAfterAppBackSeconds: number };
  /** Answers to bids (accepted or refused), from sending to the end of the answer. */
  answerLatency: ReturnType<typeof summary>;
  /** sentAgain: messages a killed process had claimed, sent by another once its lease ran out. */
  /** retrying: a failed attempt waiting for its retry, or a send held under a lease when the app stopped. */
  outbox: {
    messages: number;
    sent: number;
    sentAgain: number;
    dueLater: number;
    retrying: number;
    other: number;
    mailsReceived: number;
  };
  postgresRestart?: {
    healthDuringOutage: string;
    healthyAfterStartSeconds: number;
    firstAcceptedBidAfterStartSeconds: number;
    appProcessesReplaced: number;
  };
  failures: string[];
}

/** Plain SQL with $1 parameters on either engine, so that setup and checks are written once. */
interface Sql {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

function postgresSql(url: string): Sql {
  const client = postgres(url, { max: 2, onnotice: () => {} });
  return {
    query: async <T>(text: string, params: unknown[] = []) =>
      (await client.unsafe(text, params as postgres.ParameterOrJSON<never>[])) as unknown as T[],
    close: () => client.end({ timeout: 5 }),
  };
}

async function pgliteSql(dataDir: string): Promise<Sql> {
  const client = await PGlite.create(path.join(dataDir, "pglite"));
  return {
    query: async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
    close: () => client.close(),
  };
}

/** The outbox's lease as the server has it unless OUTBOX_LEASE_SECONDS says otherwise (README, "Configuration"). */
const DEFAULT_OUTBOX_LEASE_SECONDS = 30;
const STARTING_BID = 1_000; // cents
const INCREMENT = 100;
const EMAIL_DOMAIN = "crash-drill.example.org";

interface Seeded {
  eventId: number;
  itemIds: number[];
  /** item id -> when it is due to close */
  closing: Map<number, Date>;
  bidders: Bidder[];
}

/**
 * One event whose silent auction has ended, so that each item closes at its own closes_at: most far ahead, a quarter
 * spread over the storm's expected length. Bidders have a paddle and a session.
 */
async function seed(sql: Sql, options: CrashDrillOptions, stormSeconds: number, sessionSecret: string) {
  const tag = randomBytes(3).toString("hex");
  const now = Date.now();
  const [client] = await sql.query<{ client_id: number }>(
    "insert into client (slug, title) values ($1, $2) returning client_id",
    [`crash-${tag}`, `Crash drill ${tag}`],
  );
  const [silent] = await sql.query<{ silent_auction_id: number }>(
    // No soft close: a late bid would push an item's close on, and the drill checks each close against its time.
    `insert into silent_auction (start_date_time, end_date_time, soft_close_minutes) values ($1, $2, 0)
     returning silent_auction_id`,
    [new Date(now - 3_600_000).toISOString(), new Date(now).toISOString()],
  );
  const [event] = await sql.query<{ event_id: number }>(
    `insert into event (client_id, slug, title, silent_auction_id, is_silent_auction_enabled, is_silent_auction_testing)
     values ($1, $2, $3, $4, true, false) returning event_id`,
    [client.client_id, `crash-${tag}`, `Crash drill ${tag}`, silent.silent_auction_id],
  );
  const closing = new Map<number, Date>();
  const itemIds: number[] = [];
  const closingCount = Math.max(1, Math.floor(options.items / 4));
  for (let n = 0; n < options.items; n++) {
    const closesAt =
      n < closingCount
        ? new Date(now + 5_000 + ((n + 1) / closingCount) * stormSeconds * 800)
        : new Date(now + 4 * 3_600_000);
    const [item] = await sql.query<{ auction_item_id: number }>(
      `insert into auction_item (event_id, title, type, status, starting_bid, increment, value, closes_at)
       values ($1, $2, 'silent', 'published', $3, $4, 25000, $5) returning auction_item_id`,
      [event.event_id, `Lot ${n + 1}`, STARTING_BID, INCREMENT, closesAt.toISOString()],
    );
    itemIds.push(item.auction_item_id);
    if (n < closingCount) closing.set(item.auction_item_id, closesAt);
  }
  const bidders: Bidder[] = [];
  for (let n = 0; n < options.bidders; n++) {
    const [user] = await sql.query<{ usr_id: number }>(
      "insert into usr (email_address, first_name, last_name) values ($1, 'Bidder', $2) returning usr_id",
      [`bidder-${n}-${tag}@${EMAIL_DOMAIN}`, String(n + 1)],
    );
    await sql.query("insert into usr_event_paddle (usr_id, event_id, paddle) values ($1, $2, $3)", [
      user.usr_id,
      event.event_id,
      100 + n,
    ]);
    bidders.push({ usrId: user.usr_id, cookie: await sessionCookie(sessionSecret, user.usr_id) });
  }
  return { eventId: event.event_id, itemIds, closing, bidders } satisfies Seeded;
}

type Outcome = "accepted" | "refused" | "unanswered" | "not delivered";
interface Answer {
  usrId: number;
  outcome: Outcome;
  /** performance.now() at the answer */
  at: number;
  latencyMs: number;
}

/** A phone's bid: the form post without JavaScript (302 accepted, 409 refused with the next minimum in the text). */
function postBid(url: string, bid: Bid) {
  return new Promise<{ outcome: Outcome; nextMinimum?: number }>((resolve) => {
    const request = sendBid(url, bid, { agent: false, timeout: 30_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", () => resolve({ outcome: "unanswered" }));
      response.on("end", () => {
        if (response.statusCode === 302) return resolve({ outcome: "accepted" });
        if (response.statusCode !== 409) return resolve({ outcome: "unanswered" });
        resolve({ outcome: "refused", nextMinimum: nextMinimumIn(answerText(response, chunks)) });
      });
    });
    request.on("timeout", () => request.destroy(new Error("timed out")));
    // Refused before connecting: the request never reached a server, so it cannot have a row.
    request.on("error", (error: NodeJS.ErrnoException) =>
      resolve({ outcome: error.code === "ECONNREFUSED" ? "not delivered" : "unanswered" }),
    );
  });
}

/** A local SMTP server (the e2e suite's) that keeps every message as a file; counts what it received. */
async function startMailSink() {
  const port = await freePort();
  const folder = mkdtempSync(path.join(tmpdir(), "gavel-crash-mail-"));
  const child: ChildProcess = spawn(process.execPath, ["tests/e2e/support/smtp-sink.mjs"], {
    env: { ...process.env, E2E_SMTP_PORT: String(port), E2E_MAIL_DIR: folder },
    stdio: "ignore",
  });
  await sleep(500);
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => readdirSync(folder).filter((name) => name.endsWith(".json")).length,
    stop() {
      child.kill("SIGTERM");
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

async function waitForHealth(url: string, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (await health(url)) return true;
    await sleep(100);
  }
  return false;
}
async function health(url: string) {
  try {
    return (await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) })).status === 200;
  } catch {
    return false;
  }
}

export async function runCrashDrill(options: CrashDrillOptions): Promise<CrashDrillResult> {
  const log = options.log ?? (() => {});
  const failures: string[] = [];
  const sessionSecret = randomBytes(24).toString("hex");
  const upAverage = (options.upSeconds[0] + options.upSeconds[1]) / 2;
  const stormSeconds = options.kills * (upAverage + 3) + (options.restartPostgres?.seconds ?? 0) + 10;
  const port = await freePort();
  const mail = await startMailSink();
  const database = options.engine === "postgres" ? await throwawayDatabase(options.adminUrl!) : null;
  const dataDir = mkdtempSync(path.join(tmpdir(), "gavel-crash-"));
  const outboxLeaseSeconds = options.outboxLeaseSeconds ?? DEFAULT_OUTBOX_LEASE_SECONDS;
  const env: Record<string, string> = {
    SMTP_URL: mail.url,
    MAIL_FROM: "drill@crash-drill.example.org",
    OUTBOX_LEASE_SECONDS: String(outboxLeaseSeconds),
  };
  if (options.processes && database) env.WEB_CONCURRENCY = String(options.processes);
  // One log across the restarts, kept for a look afterwards.
  const logFile = path.join(tmpdir(), `gavel-crash-drill-${options.engine}.log`);
  writeFileSync(logFile, "");
  const start = () => startApp(database?.url ?? "", sessionSecret, env, { port, dataDir, logFile });
  const kill = (target: App) => {
    for (const pid of appProcesses(target.child.pid!)) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // gone already
      }
    }
    target.stop();
  };
  /** The app stopped as an operator would (SIGTERM), for PGlite's folder to be opened by this process. */
  const stopGracefully = async (target: App) => {
    const exited = new Promise((resolve) => target.child.once("exit", resolve));
    target.child.kill("SIGTERM");
    await Promise.race([exited, sleep(20_000)]);
    target.stop();
  };

  let app: App | null = await start();
  let sql: Sql | null = null;
  let seeded: Seeded;
  try {
    if (database) {
      sql = postgresSql(database.url);
      seeded = await seed(sql, options, stormSeconds, sessionSecret);
    } else {
      // The app has made the tables; PGlite's folder opens in one process at a time.
      await stopGracefully(app);
      sql = await pgliteSql(dataDir);
      seeded = await seed(sql, options, stormSeconds, sessionSecret);
      await sql.close();
      app = await start();
    }
    log(
      `${options.engine}: event ${seeded.eventId}, ${seeded.itemIds.length} items (${seeded.closing.size} closing during the storm), ${seeded.bidders.length} bidders`,
    );

    // ---------- the storm ----------
    const answers = new Map<string, Answer>();
    const nextMinimum = new Map<number, number>(seeded.itemIds.map((id) => [id, STARTING_BID]));
    let storming = true;
    let current: App | null = app;
    const storm = Promise.all(
      seeded.bidders.map(async (bidder) => {
        while (storming) {
          const target = current;
          if (!target) {
            await sleep(50);
            continue;
          }
          const itemId = seeded.itemIds[Math.floor(Math.random() * seeded.itemIds.length)];
          const cents = nextMinimum.get(itemId)!;
          const key = randomUUID();
          const sentAt = performance.now();
          const answer = await postBid(target.url, { eventId: seeded.eventId, itemId, bidder, cents, key });
          const at = performance.now();
          answers.set(key, { usrId: bidder.usrId, outcome: answer.outcome, at, latencyMs: at - sentAt });
          if (answer.outcome === "accepted")
            nextMinimum.set(itemId, Math.max(nextMinimum.get(itemId)!, cents + INCREMENT));
          else if (answer.nextMinimum) nextMinimum.set(itemId, Math.max(nextMinimum.get(itemId)!, answer.nextMinimum));
          else if (answer.outcome !== "refused") await sleep(50);
        }
      }),
    );

    // ---------- the kills ----------
    const recoveries: number[] = [];
    /** Spans (Date.now()) when no app answered: a close due then may wait until the app is back. */
    const outages: { from: number; to: number }[] = [];
    for (let n = 0; n < options.kills; n++) {
      const [low, high] = options.upSeconds;
      await sleep((low + Math.random() * (high - low)) * 1000);
      const killed: App = current!;
      current = null;
      const killedAt = Date.now();
      kill(killed);
      const restarted = await start();
      recoveries.push((Date.now() - killedAt) / 1000);
      outages.push({ from: killedAt, to: Date.now() });
      current = restarted;
      app = restarted;
    }
    log(`${options.kills} kills; back in ${recoveries.map((s) => s.toFixed(1)).join(", ")} s`);

    // ---------- PostgreSQL stopped and started under load ----------
    /** The end of the last disruption: a kill's restart, or PostgreSQL's start. */
    let lastDisruptionAt = Date.now();
    let postgresRestart: CrashDrillResult["postgresRestart"];
    if (options.restartPostgres && database) {
      await sleep(3_000);
      const processesBefore = appProcesses(app.child.pid!);
      const seen = new Map<string, number>();
      options.restartPostgres.stop();
      const stoppedAt = Date.now();
      while (Date.now() - stoppedAt < options.restartPostgres.seconds * 1000) {
        const status = await fetch(`${app.url}/health`, { signal: AbortSignal.timeout(2_000) })
          .then((response) => String(response.status))
          .catch(() => "no answer");
        seen.set(status, (seen.get(status) ?? 0) + 1);
        await sleep(250);
      }
      options.restartPostgres.start();
      const startedAt = performance.now();
      const healthy = await waitForHealth(app.url, 60);
      outages.push({ from: stoppedAt, to: Date.now() });
      const healthyAfter = (performance.now() - startedAt) / 1000;
      if (!healthy) failures.push("the app did not answer /health with 200 within 60 s of PostgreSQL's start");
      lastDisruptionAt = Date.now();
      const bidDeadline = performance.now() + 60_000;
      let firstAccepted = Number.NaN;
      while (performance.now() < bidDeadline && Number.isNaN(firstAccepted)) {
        for (const answer of answers.values())
          if (answer.outcome === "accepted" && answer.at > startedAt)
            firstAccepted = Math.min(Number.isNaN(firstAccepted) ? Infinity : firstAccepted, answer.at);
        await sleep(100);
      }
      if (Number.isNaN(firstAccepted)) failures.push("no bid was accepted within 60 s of PostgreSQL's start");
      const processesAfter = appProcesses(app.child.pid!);
      postgresRestart = {
        healthDuringOutage: [...seen].map(([status, count]) => `${status}×${count}`).join(", "),
        healthyAfterStartSeconds: healthyAfter,
        firstAcceptedBidAfterStartSeconds: (firstAccepted - startedAt) / 1000,
        appProcessesReplaced: processesBefore.filter((pid) => !processesAfter.includes(pid)).length,
      };
      if (seen.has("200")) failures.push("/health answered 200 while PostgreSQL was stopped");
      log(`PostgreSQL stopped for ${options.restartPostgres.seconds} s: /health ${postgresRestart.healthDuringOutage}`);
    }

    await sleep(3_000);
    storming = false;
    await storm;

    // ---------- the scheduler and the outbox carry on ----------
    // Every close due, and every message a killed process held, handed over when its lease ran out.
    const lastClose = Math.max(...[...seeded.closing.values()].map((at) => at.getTime()));
    await sleep(
      Math.max(lastClose + 5_000, lastDisruptionAt + outboxLeaseSeconds * 1000 + 5_000, Date.now() + 5_000) -
        Date.now(),
    );
    // Then the outbox drains what is due (on PGlite this process cannot look while the app holds the folder).
    if (database) await outboxDrained(sql!, seeded.eventId, 60_000);
    else await sleep(30_000);
    await stopGracefully(app);
    app = null;
    if (!database) sql = await pgliteSql(dataDir);

    // ---------- the checks ----------
    const counts = { accepted: 0, refused: 0, unanswered: 0, notDelivered: 0 };
    for (const answer of answers.values()) {
      if (answer.outcome === "accepted") counts.accepted++;
      else if (answer.outcome === "refused") counts.refused++;
      else if (answer.outcome === "unanswered") counts.unanswered++;
      else counts.notDelivered++;
    }
    const rows = await sql.query<{
      bid_id: number;
      auction_item_id: number;
      usr_id: number;
      bid: string;
      status: string;
      idempotency_key: string;
      created_at: string;
    }>(
      `select bid_id, auction_item_id, usr_id, bid, status, idempotency_key, created_at from bid where event_id = $1
       order by bid_id`,
      [seeded.eventId],
    );
    const rowByKey = new Map(rows.map((row) => [row.idempotency_key, row]));
    let missing = 0;
    let committedUnanswered = 0;
    const unexpected: string[] = [];
    for (const [key, answer] of answers) {
      const row = rowByKey.get(key);
      if (answer.outcome === "accepted" && (!row || row.usr_id !== answer.usrId)) missing++;
      if (row && answer.outcome === "unanswered") committedUnanswered++;
      if (row && (answer.outcome === "refused" || answer.outcome === "not delivered")) unexpected.push(answer.outcome);
    }
    for (const row of rows) if (!answers.has(row.idempotency_key)) unexpected.push("never sent");
    if (missing > 0) failures.push(`${missing} bids answered accepted are not in the ledger`);
    if (unexpected.length > 0)
      failures.push(`${unexpected.length} ledger rows for bids not accepted (${unexpected.join(", ")})`);
    failures.push(...(await ledgerInvariants(sql, seeded.eventId, rows)));

    const lateBids = rows.filter((row) => {
      const due = seeded.closing.get(row.auction_item_id);
      return due && new Date(row.created_at).getTime() >= due.getTime();
    });
    if (lateBids.length > 0) failures.push(`${lateBids.length} bids taken on an item after its close was due`);

    const answered = [...answers.values()].filter(
      (answer) => answer.outcome === "accepted" || answer.outcome === "refused",
    );
    const answerLatency = summary(answered.map((answer) => answer.latencyMs));
    const closes = await sql.query<{ auction_item_id: number; closed_at: string | null }>(
      "select auction_item_id, closed_at from auction_item where event_id = $1",
      [seeded.eventId],
    );
    let closed = 0;
    let latestAfterAppBack = 0;
    for (const item of closes) {
      const due = seeded.closing.get(item.auction_item_id);
      if (!due) continue;
      if (!item.closed_at) {
        failures.push(`item ${item.auction_item_id}, due at ${due.toISOString()}, never closed`);
        continue;
      }
      closed++;
      const closedAt = new Date(item.closed_at).getTime();
      if (closedAt < due.getTime()) failures.push(`item ${item.auction_item_id} closed before it was due`);
      const from = closableFrom(due.getTime(), outages);
      latestAfterAppBack = Math.max(latestAfterAppBack, (closedAt - from) / 1000);
    }
    // How late is a figure, not a failure: a close is a transaction like a bid and waits in the same queue for the
    // database, so under a storm larger than the database serves (PGlite, one connection) it waits with the bids.
    // What must hold is above: no bid after its close was due, and every item closed.
    log(
      `closes at most ${latestAfterAppBack.toFixed(1)} s after an app could make them; answers p99 ${ms(answerLatency.p99)} ms`,
    );

    const messages = await sql.query<{ status: string; attempt_count: number; later: boolean }>(
      `select status, attempt_count,
         case when status = 'sending' then lease_until > now() else next_attempt_at > now() end as later
       from message where event_id = $1`,
      [seeded.eventId],
    );
    const outbox = {
      messages: messages.length,
      sent: 0,
      sentAgain: 0,
      dueLater: 0,
      retrying: 0,
      other: 0,
      mailsReceived: 0,
    };
    outbox.mailsReceived = mail.received();
    for (const message of messages) {
      if (message.status === "sent" || message.status === "skipped") outbox.sent++;
      // An outbid digest waits for its window's end (never tried).
      else if (message.status === "queued" && message.later && message.attempt_count === 0) outbox.dueLater++;
      // A failed attempt waiting for its retry, or a send the app was stopped in (its lease runs, then another sends
      // it): carrying on, counted apart.
      else if (message.later) outbox.retrying++;
      else outbox.other++;
      if (message.status === "sent" && message.attempt_count > 1) outbox.sentAgain++;
    }
    // Why messages wait: what the attempts that sent nothing recorded (the provider's error, the database's for a
    // released claim; none for a send the app was killed in).
    const unsent = await sql.query<{ status: string; error: string | null; n: number }>(
      `select a.status, a.error, count(*)::int as n from message_attempt a join message m using (message_id)
       where m.event_id = $1 and a.status not in ('sent', 'skipped') group by 1, 2 order by 3 desc limit 8`,
      [seeded.eventId],
    );
    for (const attempt of unsent)
      log(`outbox attempts ${attempt.status} ×${attempt.n}: ${attempt.error?.slice(0, 200) ?? "(no answer recorded)"}`);
    if (outbox.messages === 0) failures.push("the storm queued no message: the outbox was not exercised");
    if (outbox.other > 0) {
      const states = new Map<string, number>();
      for (const message of messages) {
        if (message.status === "sent" || message.status === "skipped") continue;
        if (message.later) continue;
        const state = `${message.status} after ${message.attempt_count} attempts`;
        states.set(state, (states.get(state) ?? 0) + 1);
      }
      const breakdown = [...states].map(([state, count]) => `${state}×${count}`).join(", ");
      failures.push(`${outbox.other} messages neither sent nor waiting for their time (${breakdown})`);
    }
    if (outbox.mailsReceived < messages.filter((message) => message.status === "sent").length)
      failures.push(`the SMTP server received ${outbox.mailsReceived} mails for more messages marked sent`);

    return {
      engine: options.engine,
      kills: options.kills,
      recovery: summary(recoveries),
      answers: counts,
      ledgerRows: rows.length,
      committedUnanswered,
      closing: { due: seeded.closing.size, closed, latestAfterAppBackSeconds: latestAfterAppBack },
      answerLatency,
      outbox,
      postgresRestart,
      failures,
    };
  } finally {
    if (app) kill(app);
    await sql?.close().catch(() => {});
    mail.stop();
    await database?.drop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Waits until no message of the event is due and unclaimed, or claimed under a lease that is over. */
async function outboxDrained(sql: Sql, eventId: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [due] = await sql.query<{ n: number }>(
      `select count(*)::int as n from message where event_id = $1
         and ((status = 'queued' and next_attempt_at <= now()) or (status = 'sending' and lease_until <= now()))`,
      [eventId],
    );
    if (due.n === 0) return;
    await sleep(1_000);
  }
}

/**
 * When an app was there to close an item due at `due`: its due time, moved past each outage that began before the
 * scheduler's next ticks could have closed it (within 2 s), to the restart's end.
 */
function closableFrom(due: number, outages: { from: number; to: number }[]) {
  let from = due;
  for (const span of outages) if (span.from <= from + 2_000 && span.to > from) from = span.to;
  return from;
}

/** The ledger's invariants, as bench/bids.ts checks them, with an item's close (its leading row becomes won). */
async function ledgerInvariants(
  sql: Sql,
  eventId: number,
  rows: { auction_item_id: number; bid: string; status: string }[],
): Promise<string[]> {
  const failures: string[] = [];
  const byItem = new Map<number, { bid: number; status: string }[]>();
  for (const row of rows) {
    const list = byItem.get(row.auction_item_id) ?? [];
    list.push({ bid: Number(row.bid), status: row.status });
    byItem.set(row.auction_item_id, list);
  }
  const items = await sql.query<{ auction_item_id: number; bid_count: number; current_bid: string | null }>(
    "select auction_item_id, bid_count, current_bid from auction_item where event_id = $1",
    [eventId],
  );
  let notRising = 0;
  let leaders = 0;
  let totals = 0;
  for (const item of items) {
    const bids = byItem.get(item.auction_item_id) ?? [];
    if (bids.some((row, index) => index > 0 && row.bid <= bids[index - 1].bid)) notRising++;
    const leading = bids.filter((row) => row.status === "winning" || row.status === "won");
    const top = bids.at(-1);
    if (leading.length > 1 || (top && (leading.length !== 1 || leading[0] !== top))) leaders++;
    const current = item.current_bid === null ? null : Number(item.current_bid);
    if (item.bid_count !== bids.length || current !== (top?.bid ?? null)) totals++;
  }
  if (notRising) failures.push(`${notRising} items whose amounts do not rise in the order they were taken`);
  if (leaders) failures.push(`${leaders} items whose leading row is not their one highest bid`);
  if (totals) failures.push(`${totals} items whose bid_count or current_bid disagrees with the ledger`);
  return failures;
}
