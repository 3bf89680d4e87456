// The tenancy drill (issue 32, "Drills"): a second organisation (B) replays every admin form and every webhook of the
// first (A) with its own ids and credentials, and reads every admin page of A's; nothing of A changes and nothing of
// A is shown. It extends the authorization matrix (authorization.test.ts), which asks every route about a team member
// of another event, by what that person can put in the request besides ?id:
// 1. Forms: for every admin action (and the team-only actions of /live and /inroombid), every intent the route's
//    vocabulary names (tests/support/form-vocabulary.ts), with plausible values and A's row ids in the fields, sent
//    by B's organiser (every permission on B's event) twice: with ?id= A's event, which must be refused (sent to "/",
//    403, 404 or 400), and with ?id= B's own event (the classic IDOR: own event in the URL, another's row in the body),
//    which may do what it does to B's event but not to A's. Neither may answer 5xx.
// 2. Webhooks: Stripe's, sent through the fake Stripe from B's own account (signed with B's secret) about A's payment
//    intents, sessions, refunds and payments; Twilio's, signed with B's own token, naming A's account or number.
// 3. Loaders: every admin page with ?id= A's event is refused; with ?id= B's event and A's row ids in its query
//    parameters, no answer carries A's marker (a word only A's titles and A's people's names hold).
// "Nothing of A changes" is a fingerprint of A's rows (tests/support/tenant-checksums.ts): every row of A's events
// and organisation, its people, and any row pointing at one of them, taken before and after each route.
import { existsSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import nodePath from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import twilio from "twilio";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import { ADMIN_ROUTE_ACCESS } from "~/auth/route-access";
import { startTwilioSandbox } from "~/demo/sandbox/twilio";
import {
  auction_item,
  card_on_file,
  client,
  event,
  message_settings,
  payment,
  text_opt_out,
  usr,
  usr_event_paddle,
  usr_event_role,
} from "~drizzle/schema";
import { makeAuctionItem, openAuctions } from "../support/auction";
import { reportsAnError, send } from "../support/bad-input-drill";
import { BILLING_DEFAULTS, fillHostedPage, makeWinner } from "../support/billing";
import { testDatabase } from "../support/database";
import { formVocabulary } from "../support/form-vocabulary";
import { freePort } from "../support/free-port";
import { giveRole, makeEvent, makeUser, sessionCookie } from "../support/people";
import { type Outcome, type RouteFunction } from "../support/route-calls";
import { appRoutes, PROJECT_ROOT, routePath, type AppRoute } from "../support/route-manifest";
import { TenantFingerprint, type Tenant } from "../support/tenant-checksums";

const fake = await vi.hoisted(async () => {
  const { startStripeSandbox } = await import("~/demo/sandbox/stripe/server");
  const started = await startStripeSandbox();
  process.env.STRIPE_API_URL = started.url;
  process.env.SECRETS_KEY = "0123456789abcdef".repeat(4);
  return started;
});

const { db } = testDatabase();
/** The word only A's rows hold (its titles and its people's last names): no answer to B may carry it. */
const MARKER = "Aardvark";
const A_TWILIO = { sid: `AC${"a".repeat(32)}`, token: "organisation-a-token", number: "+16175550101" };
const B_TWILIO = { sid: `AC${"b".repeat(32)}`, token: "organisation-b-token", number: "+16175550202" };
const A_GUEST_PHONE = "+16175550199";

const routes = await appRoutes();
const isAdmin = (route: AppRoute) => route.id === "routes/admin" || route.id.startsWith("routes/admin.");
/** Team-only actions outside /admin: the clerk's console, and bidding for a guest by paddle number. */
const TEAM_ACTIONS_OUTSIDE_ADMIN = ["routes/live", "routes/inroombid"];
/** Team-only pages outside /admin. */
const TEAM_PAGES_OUTSIDE_ADMIN = ["routes/live", "routes/live_.paddle", "routes/design-lab.frame"];
const modules = new Map<string, Record<string, unknown>>(
  await Promise.all(
    routes
      .filter(
        (route) => isAdmin(route) || [...TEAM_ACTIONS_OUTSIDE_ADMIN, ...TEAM_PAGES_OUTSIDE_ADMIN].includes(route.id),
      )
      .map(async (route) => [route.id, (await import(route.file)) as Record<string, unknown>] as const),
  ),
);
const actionRoutes = routes.filter(
  (route) =>
    (isAdmin(route) || TEAM_ACTIONS_OUTSIDE_ADMIN.includes(route.id)) &&
    typeof modules.get(route.id)?.action === "function",
);
const pageRoutes = routes.filter(
  (route) =>
    (isAdmin(route) || TEAM_PAGES_OUTSIDE_ADMIN.includes(route.id)) &&
    typeof modules.get(route.id)?.loader === "function",
);

/** A form field or query parameter naming a row, by its name: which of A's tables it is given an id of. */
const NAMED_ROWS: Record<string, string> = {
  item: "auction_item",
  item_id: "auction_item",
  itemId: "auction_item",
  lot: "auction_item",
  invoice: "invoice",
  invoice_id: "invoice",
  payment: "payment",
  paymentId: "payment",
  payment_id: "payment",
  registrant: "registrant",
  registrantId: "registrant",
  registrant_id: "registrant",
  pass: "pass",
  pass_id: "pass",
  table: "tbl",
  to: "tbl",
  raise: "paddle_raise",
  pledge: "pledge",
  level: "paddle_raise_level",
  drawing: "raffle_drawing",
  prize: "raffle_prize",
  line: "invoice_line",
  usr_id: "usr",
  statement: "usr",
  category_id: "category",
  promo_code_id: "promo_code",
  ticket_id: "ticket",
  donor: "donor",
  duel: "duel",
  broadcast: "message_broadcast",
  gift: "donation",
  image_id: "inventory_image",
  inventoryId: "inventory",
};

/** Plausible values of the other fields, by name. */
const PLAUSIBLE: Record<string, string> = {
  amount: "25",
  quantity: "1",
  received: "25",
  title: "Taken over by B",
  name: "Taken over by B",
  first_name: "Taken",
  last_name: "Over",
  email: "taken-over@b.example.org",
  description: "Taken over by B",
  story: "Taken over by B",
  reason: "Tenancy drill",
  method: "cash",
  check_number: "1234",
  field: "title",
  value: "Taken over by B",
  days: "1",
  direction: "up",
  status: "published",
  until: "2030-01-01T10:00",
  start_date_time: "2030-01-01T18:00",
  end_date_time: "2030-01-01T23:00",
  checkout_opens_at: "",
  code: "TAKEOVER",
  path: "takeover",
  slug: "takeover",
  subdomain: "takeover",
  flag: "can_bill",
  channel: "email",
  outbid_channel: "email",
  outbid_window_minutes: "10",
  audience: "all",
  frequency: "once",
  choice: "25",
  mode: "test",
  currency: "USD",
  year: "2026",
  kind: "cards",
  format: "csv",
  confirm: "yes",
  cover_fee: "no",
  discount: "10",
  unit: "dollars",
  side: "a",
  feature: "silent_auction",
  timezone: "America/Chicago",
  increment_percent: "10",
  increment_policy: "percent",
  soft_close_minutes: "2",
  close_gap_minutes: "2",
  is_auto_bid: "on",
  key: "takeover-key",
  q: "",
  view: "items",
  only: "",
  move: "up",
};

/**
 * Intents of a public page that anyone signed in may use at any event, as a guest: joining an auction (which gives a
 * paddle number there) and watching an item. They are the guest's own, not the team's, so B's organiser may.
 */
const GUESTS_OWN_INTENTS: Record<string, string[]> = {
  "routes/inroombid": ["join", "watch", "unwatch"],
  // The style guide's demo of a slow action waits 1.5 seconds and saves nothing; its other demos are sent.
  "routes/admin._hub.eric.components": ["slow"],
};

/** Names that are not form fields (headers, settings the route's modules read). */
const NOT_FIELDS = /^(Content-Type|Content-Length|Cookie|[A-Z][A-Z0-9_]+|redirectTo|returnTo|id|eventId|event_id)$/;

interface World {
  a: { eventId: number; clientId: number; paddle: number };
  b: { eventId: number; cookie: string };
  /** A few of A's row ids per table (the lowest), for the fields that name rows. */
  ids: Map<string, number[]>;
  fingerprint: TenantFingerprint;
  stripeKeys: { a: string; b: string };
}
let world: World;

/** Receives the fake Stripe's webhooks at /<event id>, and hands them to the app's webhook route as Remix would. */
const deliveries: Array<{ eventId: number; payload: string; signature: string; status: number }> = [];
let receiver: Server;
let receiverUrl = "";
let gateway: { close(callback: () => void): void };

beforeAll(async () => {
  const port = await freePort();
  gateway = await startTwilioSandbox({
    port,
    accounts: { [A_TWILIO.sid]: A_TWILIO.token, [B_TWILIO.sid]: B_TWILIO.token },
    numbers: { [A_TWILIO.sid]: [A_TWILIO.number], [B_TWILIO.sid]: [B_TWILIO.number] },
  });
  vi.stubEnv("TWILIO_API_URL", `http://127.0.0.1:${port}`);
  const webhook = (await import("~/routes/billing.stripe-webhook.$eventId")).action as RouteFunction;
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const eventId = request.url!.slice(1);
      const payload = Buffer.concat(chunks).toString("utf8");
      const signature = String(request.headers["stripe-signature"]);
      const forwarded = new Request(`http://localhost:3000/billing/stripe-webhook/${eventId}`, {
        method: "POST",
        headers: { "stripe-signature": signature, "content-type": "application/json" },
        body: payload,
      });
      void send(webhook, forwarded, { eventId }).then((sent) => {
        const status = "outcome" in sent ? sent.outcome.status : 500;
        deliveries.push({ eventId: Number(eventId), payload, signature, status });
        response.writeHead(status < 500 ? 200 : 500).end();
      });
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}`;
  const built = Date.now();
  world = await buildWorld();
  phases["world"] = Date.now() - built;
}, 120_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
  await fake.close();
});

function rowsOf<Row>(result: unknown): Row[] {
  return (Array.isArray(result) ? result : (result as { rows: Row[] }).rows) as Row[];
}

/** Organisation A: the demo (every feature of a gala, with guests, bids and payments) and some money and messages. */
async function buildA() {
  const { seedDemo, DEMO_CLIENT_SLUG } = await import("~/demo/seed.server");
  await seedDemo(db);
  const [organisation] = await db.select().from(client).where(eq(client.slug, DEMO_CLIENT_SLUG));
  const events = await db
    .select({ id: event.event_id, archived: event.is_archived })
    .from(event)
    .where(eq(event.client_id, organisation.client_id))
    .orderBy(event.event_id);
  const gala = events.find((row) => !row.archived)!.id;

  // Payments through A's own Stripe account at the fake: an invoice, a saved card, a charge, an open hosted page.
  const { saveBillingSettings } = await import("~/billing/settings.server");
  const { invoiceIdFor, chargeCardOnFile, recordManualPayment } = await import("~/billing/charges.server");
  const { startInvoiceCheckout } = await import("~/billing/checkout.server");
  const { refundPayment } = await import("~/billing/refunds.server");
  const { startCardSetup, finishCardSetup } = await import("~/billing/cards.server");
  const key = `sk_test_a_${gala}_${Math.random().toString(36).slice(2)}`;
  await saveBillingSettings(gala, { ...BILLING_DEFAULTS, test_secret_key: key }, `${receiverUrl}/${gala}`);
  const staff = await makeUser(db);
  const charged = await makeWinner(db, gala, 9_000);
  const pageUrl = await startCardSetup(gala, charged.usrId, {
    successUrl: "http://gavel.test/done?session_id={CHECKOUT_SESSION_ID}",
    cancelUrl: "http://gavel.test/cancelled",
  });
  const { location } = await fillHostedPage(pageUrl, "4242424242424242");
  await finishCardSetup(gala, new URL(location!).searchParams.get("session_id")!);
  const chargedInvoice = (await invoiceIdFor(gala, charged.usrId))!;
  await chargeCardOnFile(gala, chargedInvoice, { byUsrId: staff.usr_id, amount: 5_000 });
  const paid = (await db.select().from(payment).where(eq(payment.invoice_id, chargedInvoice)))[0];
  await refundPayment(gala, paid.payment_id, { amount: 1_000, reason: "Part refund", byUsrId: staff.usr_id });
  const pending = await makeWinner(db, gala, 7_000);
  const pendingInvoice = (await invoiceIdFor(gala, pending.usrId))!;
  await startInvoiceCheckout(gala, pendingInvoice, {
    coverFee: false,
    saveCard: false,
    pages: { successUrl: "http://gavel.test/invoice?session={CHECKOUT_SESSION_ID}", cancelUrl: "http://gavel.test/" },
  });
  const cash = await makeWinner(db, gala, 4_000);
  const cashInvoice = (await invoiceIdFor(gala, cash.usrId))!;
  await recordManualPayment(gala, cashInvoice, {
    method: "cash",
    amount: 2_000,
    checkNumber: null,
    byUsrId: staff.usr_id,
    submissionKey: "a-cash",
  });

  // A's texts: its confirmed Twilio account and number, and a guest who replied STOP to it.
  const { sealSecret } = await import("~/security/secret-box.server");
  await db.insert(message_settings).values({
    event_id: gala,
    twilio_account_sid: A_TWILIO.sid,
    twilio_auth_token_encrypted: sealSecret(A_TWILIO.token, gala),
    twilio_from_number: A_TWILIO.number,
    twilio_verified_at: new Date(),
  });
  await db
    .insert(text_opt_out)
    .values({ twilio_account_sid: A_TWILIO.sid, from_number: A_TWILIO.number, phone: A_GUEST_PHONE, opted_out: true });
  await db.update(usr).set({ phone: A_GUEST_PHONE }).where(eq(usr.usr_id, charged.usrId));

  // The marker: in every title of A's rows, and in the names of A's people.
  const titled = rowsOf<{ table_name: string }>(
    await db.execute(sql`
      select t.table_name from information_schema.columns t
      where t.table_schema = 'public' and t.column_name = 'title'
        and exists (select 1 from information_schema.columns o where o.table_name = t.table_name
          and o.table_schema = 'public' and o.column_name in ('event_id', 'client_id'))`),
  );
  for (const { table_name: table } of titled) {
    const owner = table === "client" || !(await hasColumn(table, "event_id")) ? "client_id" : "event_id";
    const values = owner === "client_id" ? `${organisation.client_id}` : events.map((row) => row.id).join(",");
    await db.execute(
      sql.raw(
        `update "${table}" set title = title || ' ${MARKER}' where ${owner} in (${values}) and title is not null`,
      ),
    );
  }
  const eventIds = events.map((row) => row.id);
  const people = [
    ...(await db
      .select({ id: usr_event_role.usr_id })
      .from(usr_event_role)
      .where(inArray(usr_event_role.event_id, eventIds))),
    ...(await db
      .select({ id: usr_event_paddle.usr_id })
      .from(usr_event_paddle)
      .where(inArray(usr_event_paddle.event_id, eventIds))),
  ].map((row) => row.id);
  const usrIds = [...new Set([...people, staff.usr_id])];
  await db
    .update(usr)
    .set({ last_name: sql`coalesce(${usr.last_name}, '') || ' ' || ${MARKER}` })
    .where(inArray(usr.usr_id, usrIds));
  const [paddle] = await db
    .select({ paddle: usr_event_paddle.paddle })
    .from(usr_event_paddle)
    .where(eq(usr_event_paddle.event_id, gala))
    .orderBy(usr_event_paddle.paddle)
    .limit(1);
  const tenant: Tenant = { clientId: organisation.client_id, eventIds, usrIds, twilioAccountSid: A_TWILIO.sid };
  return { gala, clientId: organisation.client_id, paddle: paddle.paddle, tenant, stripeKey: key };
}

async function hasColumn(table: string, column: string) {
  const found = rowsOf(
    await db.execute(
      sql`select 1 from information_schema.columns where table_schema = 'public' and table_name = ${table} and column_name = ${column}`,
    ),
  );
  return found.length > 0;
}

/** The lowest ids of A's rows in every table that has a single-column <table>_id key, reached from A's tenant. */
async function idsOf(tenant: Tenant): Promise<Map<string, number[]>> {
  const tables = rowsOf<{ table_name: string }>(
    await db.execute(sql`
      select c.table_name from information_schema.columns c
      where c.table_schema = 'public' and c.column_name = c.table_name || '_id'`),
  ).map((row) => row.table_name);
  const ids = new Map<string, number[]>();
  const events = tenant.eventIds.join(",");
  for (const table of tables) {
    let where: string | undefined;
    if (await hasColumn(table, "event_id")) where = `event_id in (${events})`;
    else if (await hasColumn(table, "client_id")) where = `client_id = ${tenant.clientId}`;
    else if (table === "usr") where = `usr_id in (${tenant.usrIds.join(",")})`;
    else {
      // A child table: through its first key to a table that has an event_id.
      const parent = rowsOf<{ column_name: string; target: string }>(
        await db.execute(sql`
          select a.attname as column_name, tl.relname as target from pg_constraint c
          join pg_class cl on cl.oid = c.conrelid join pg_class tl on tl.oid = c.confrelid
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
          where c.contype = 'f' and cl.relname = ${table}`),
      ).find((key) => key.target !== table && key.target !== "usr");
      if (parent && (await hasColumn(parent.target, "event_id")))
        where = `"${parent.column_name}" in (select "${parent.target}_id" from "${parent.target}" where event_id in (${events}))`;
    }
    if (!where) continue;
    const rows = rowsOf<{ id: number }>(
      await db.execute(sql.raw(`select "${table}_id" as id from "${table}" where ${where} order by 1 limit 2`)),
    );
    if (rows.length > 0)
      ids.set(
        table,
        rows.map((row) => Number(row.id)),
      );
  }
  return ids;
}

async function buildWorld(): Promise<World> {
  const a = await buildA();
  // Organisation B: a gala of its own with auctions, an item, its own Stripe account and Twilio number.
  const b = await makeEvent(db, { title: "Organisation B's gala" });
  await openAuctions(db, b.event_id);
  await makeAuctionItem(db, b.event_id, { title: "B's own item" });
  const { saveBillingSettings } = await import("~/billing/settings.server");
  const bKey = `sk_test_b_${b.event_id}_${Math.random().toString(36).slice(2)}`;
  await saveBillingSettings(b.event_id, { ...BILLING_DEFAULTS, test_secret_key: bKey }, `${receiverUrl}/${b.event_id}`);
  const { sealSecret } = await import("~/security/secret-box.server");
  await db.insert(message_settings).values({
    event_id: b.event_id,
    twilio_account_sid: B_TWILIO.sid,
    twilio_auth_token_encrypted: sealSecret(B_TWILIO.token, b.event_id),
    twilio_from_number: B_TWILIO.number,
    twilio_verified_at: new Date(),
  });
  const organiser = await makeUser(db, { selected_event: b.event_id });
  await giveRole(db, organiser.usr_id, b.event_id, OWNER_ROLE);
  await db.insert(usr_event_paddle).values({ usr_id: organiser.usr_id, event_id: b.event_id, paddle: 900 });
  return {
    a: { eventId: a.gala, clientId: a.clientId, paddle: a.paddle },
    b: { eventId: b.event_id, cookie: await sessionCookie(organiser.usr_id) },
    ids: await idsOf(a.tenant),
    fingerprint: await TenantFingerprint.of(db, a.tenant),
    stripeKeys: { a: a.stripeKey, b: bKey },
  };
}

/** The tables a route's source and the app modules it imports mention, that hold rows of A: what its ids may name. */
function tablesNamedBy(route: AppRoute, fieldNames: readonly string[]): string[] {
  const source = sourcesOf(route.file, 1);
  const named = [...world.ids.keys()].filter((table) => new RegExp(`\\b${table}\\b`).test(source));
  for (const name of fieldNames) if (NAMED_ROWS[name] && world.ids.has(NAMED_ROWS[name])) named.push(NAMED_ROWS[name]);
  return [...new Set(named)];
}

const APP_DIRECTORY = nodePath.join(PROJECT_ROOT, "app");
const sourceCache = new Map<string, string>();

/** The app modules a module imports. */
function importsOf(file: string, text: string): string[] {
  return [...text.matchAll(/from\s+["'](~\/[^"']+|\.[^"']*)["']/g)].flatMap((match) => {
    const base = match[1].startsWith("~/")
      ? nodePath.join(APP_DIRECTORY, match[1].slice(2))
      : nodePath.resolve(nodePath.dirname(file), match[1]);
    const found = [`${base}.ts`, `${base}.tsx`, nodePath.join(base, "index.ts")].find(
      (candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate),
    );
    return found ? [found] : [];
  });
}

/**
 * The route module's source with the app modules it imports, and theirs (two levels: the route, its domain module
 * and that module's forms and schemas): where its form fields and tables are named.
 */
function sourcesOf(file: string, levels = 2): string {
  const cached = `${levels}:${file}`;
  if (sourceCache.has(cached)) return sourceCache.get(cached)!;
  const seen = new Set([file]);
  let level = [file];
  for (let depth = 0; depth < levels; depth++) {
    level = level.flatMap((module) => importsOf(module, readFileSync(module, "utf8"))).filter((m) => !seen.has(m));
    for (const module of level) seen.add(module);
  }
  const all = [...seen].map((module) => readFileSync(module, "utf8")).join("\n");
  sourceCache.set(cached, all);
  return all;
}

/** Form fields the route's modules name (as form-vocabulary.ts reads them, two levels of imports deep). */
function fieldNamesOf(route: AppRoute): string[] {
  const source = sourcesOf(route.file);
  const patterns = [
    /\bname=\{?["'`]([A-Za-z_][\w.-]{0,60})["'`]/g,
    /\.(?:get|getAll)\(\s*["'`]([A-Za-z_][\w.-]{0,60})["'`]\s*\)/g,
    /\b([a-z_][A-Za-z0-9_]{0,60}):\s*z\./g,
  ];
  const found = patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]));
  // A grid's edit in place names its column and value (app/grid/grid-forms.server.ts).
  return [...new Set([...formVocabulary(route.file).fieldNames, ...found, "field", "value"])]
    .filter((name) => !NOT_FIELDS.test(name))
    .sort();
}

let taken = 0;

/** The value a field gets in a submission whose generic row ids come from `table`. */
function fieldValue(name: string, table: string | undefined, index: number): string | undefined {
  const named = NAMED_ROWS[name];
  if (named) return String(world.ids.get(named)?.[0] ?? world.ids.get(table ?? "")?.[0] ?? 1);
  if (/(_id|Id)$/.test(name)) return String(world.ids.get(table ?? "")?.[index] ?? 1);
  if (name === "paddle") return String(world.a.paddle);
  if (name === "submission") return `tenancy-${Math.random().toString(36).slice(2)}`;
  // Names and titles unique to the submission: a screen refuses a second row of the same name before its id is read.
  if (PLAUSIBLE[name]?.startsWith("Taken over")) return `${PLAUSIBLE[name]} ${++taken}`;
  if (PLAUSIBLE[name] !== undefined) return PLAUSIBLE[name];
  if (/(_date_time|_at|_date)$/.test(name)) return "2030-01-01T18:00";
  if (/^(is|has|show|allow)_|_enabled$/.test(name)) return "on";
  return "1";
}

interface Submission {
  label: string;
  eventQuery: number;
  params: Record<string, string>;
  fields: Array<[string, string]>;
}

/** Every intent of the route, once per table of A its ids may name, with A's ids: in A's event and in B's own. */
function submissionsFor(route: AppRoute): Submission[] {
  const vocabulary = formVocabulary(route.file);
  const names = fieldNamesOf(route);
  const tables = tablesNamedBy(route, names);
  const paramNames = (route.path ?? "").split("/").filter((segment) => segment.startsWith(":"));
  const params = Object.fromEntries(
    paramNames.map((segment) => {
      const name = segment.slice(1);
      return [name, String(world.ids.get(NAMED_ROWS[name] ?? "")?.[0] ?? 1)];
    }),
  );
  const intents = (vocabulary.intents.length > 0 ? vocabulary.intents : [""]).filter(
    (intent) => !GUESTS_OWN_INTENTS[route.id]?.includes(intent),
  );
  const submissions: Submission[] = [];
  for (const intent of intents) {
    for (const table of tables.length > 0 ? tables : [undefined]) {
      const ids = world.ids.get(table ?? "") ?? [];
      const fields: Array<[string, string]> = [];
      if (intent) fields.push(["intent", intent]);
      // The row the form is about, as grids and dialogs name it, and every selected row.
      for (const id of ids) fields.push(["id", String(id)]);
      fields.push(["eventId", String(world.a.eventId)], ["event_id", String(world.a.eventId)]);
      for (const name of names) {
        if (name === "intent") continue;
        const value = fieldValue(name, table, 0);
        if (value !== undefined) fields.push([name, value]);
      }
      for (const eventQuery of [world.a.eventId, world.b.eventId]) {
        submissions.push({
          label: `${eventQuery === world.a.eventId ? "A's event" : "B's event"} intent=${intent || "(none)"} ids of ${table ?? "(none)"}`,
          eventQuery,
          params,
          fields,
        });
      }
    }
  }
  return submissions;
}

function requestFor(route: AppRoute, submission: Submission, multipart: boolean): Request {
  const url = new URL(
    `${routePath(routes, route.id, Object.values(submission.params)[0] ?? "1")}?id=${submission.eventQuery}`,
    "http://localhost:3000",
  );
  const headers = new Headers({ Cookie: world.b.cookie });
  let body: BodyInit;
  if (multipart) {
    const form = new FormData();
    for (const [name, value] of submission.fields) form.append(name, value);
    body = form;
  } else {
    body = new URLSearchParams(submission.fields);
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  }
  return new Request(url, { method: "POST", headers, body });
}

/**
 * Whether an answer to B refuses: sent home (or to sign in), a 4xx, or (on a public page, which answers its own
 * forms with the page) a 2xx reporting an error.
 */
function refuses(outcome: Outcome): boolean {
  if (outcome.status >= 300 && outcome.status < 400)
    return outcome.location === "/" || (outcome.location ?? "").startsWith("/auth/");
  if (outcome.status >= 400 && outcome.status < 500) return true;
  return reportsAnError(outcome.data);
}

/** Everything of an answer a person could read: its data, its body when it is text, its redirect and its toast. */
async function readableAnswer(outcome: Outcome, { readBody }: { readBody: boolean }): Promise<string> {
  const parts: string[] = [];
  if (outcome.data !== undefined) parts.push(JSON.stringify(outcome.data));
  if (outcome.location) parts.push(decodeURIComponent(outcome.location));
  const response = outcome.response;
  if (response) {
    for (const cookie of response.headers.getSetCookie()) {
      const value = decodeURIComponent(cookie.split(";")[0].split("=").slice(1).join("="));
      for (const piece of value.split(".")) {
        try {
          parts.push(Buffer.from(piece, "base64").toString("utf8"));
        } catch {
          // Not base64: the signature.
        }
      }
    }
    const type = response.headers.get("Content-Type") ?? "";
    // A live stream is left to its request's signal, which the caller aborts (as a browser leaving the page).
    if (readBody && !response.bodyUsed && response.body && !type.includes("event-stream")) {
      if (/^(text\/|application\/json)/.test(type) || type === "") parts.push(await response.text());
      else await response.body.cancel();
    }
  }
  return parts.join("\n");
}

interface Finding {
  submission: string;
  problem: string;
}

const tally = { actionRoutes: 0, submissions: 0, refusedInOwnEvent: 0, acceptedInOwnEvent: 0, pages: 0, reads: 0 };
const startedAt = Date.now();
const phases: Record<string, number> = {};
const slowest: Array<[string, number]> = [];
function spent(phase: string, id: string, began: number) {
  const ms = Date.now() - began;
  phases[phase] = (phases[phase] ?? 0) + ms;
  slowest.push([id, ms]);
}

describe(`tenancy drill on ${process.env.TEST_DB_ENGINE}: the fingerprint of A`, () => {
  it("sees a change of A's row, and a row of B made to point at one of A's", async () => {
    const before = await world.fingerprint.take();
    const [itemId] = world.ids.get("auction_item")!;
    const [title] = await db
      .select({ title: auction_item.title })
      .from(auction_item)
      .where(eq(auction_item.auction_item_id, itemId));
    await db.update(auction_item).set({ title: "Changed" }).where(eq(auction_item.auction_item_id, itemId));
    expect(await world.fingerprint.changedSince(before)).toEqual(["auction_item"]);
    await db.update(auction_item).set(title).where(eq(auction_item.auction_item_id, itemId));

    const restored = await world.fingerprint.take();
    const pointing = await makeAuctionItem(db, world.b.eventId, { xinv_category_id: world.ids.get("category")![0] });
    expect(await world.fingerprint.changedSince(restored)).toEqual(["auction_item"]);
    await db.delete(auction_item).where(eq(auction_item.auction_item_id, pointing.auction_item_id));
    expect(await world.fingerprint.changedSince(restored)).toEqual([]);
  });
});

describe(`tenancy drill on ${process.env.TEST_DB_ENGINE}: B's webhooks name A's ids`, () => {
  const aPayments = async () =>
    db.select().from(payment).where(eq(payment.event_id, world.a.eventId)).orderBy(payment.payment_id);

  it("Stripe: events from B's own account about A's intents, sessions, refunds and payments change nothing of A", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const payments = await aPayments();
    const withIntent = payments.filter((row) => row.provider_ref?.startsWith("pi_"));
    const withSession = payments.filter((row) => row.provider_ref?.startsWith("cs_") || row.status === "pending");
    expect(withIntent.length, "A has a card payment at the fake").toBeGreaterThan(0);
    const [card] = await db.select().from(card_on_file).where(eq(card_on_file.event_id, world.a.eventId));
    const refundIds = (world.ids.get("refund") ?? []).map(String);
    const before = await world.fingerprint.take();
    const sentBefore = deliveries.length;
    const objects: Array<[string, Record<string, unknown> & { id: string }]> = [];
    for (const row of payments) {
      const intent = row.provider_ref?.startsWith("pi_") ? row.provider_ref : `pi_forged_${row.payment_id}`;
      const named = {
        id: intent,
        object: "payment_intent",
        amount: row.amount,
        currency: "usd",
        status: "succeeded",
        customer: card?.customer_id ?? null,
        metadata: { gavel_payment: String(row.payment_id), gavel_event: String(world.a.eventId) },
        last_payment_error: null,
      };
      objects.push(["payment_intent.succeeded", named]);
      objects.push([
        "payment_intent.payment_failed",
        { ...named, status: "requires_payment_method", last_payment_error: { message: "declined" } },
      ]);
      objects.push([
        "charge.refunded",
        {
          id: `ch_forged_${row.payment_id}`,
          object: "charge",
          payment_intent: intent,
          amount: row.amount,
          amount_refunded: row.amount,
          refunds: {
            object: "list",
            data: [
              {
                id: `re_forged_${row.payment_id}`,
                object: "refund",
                amount: row.amount,
                metadata: { gavel_refund: refundIds[0] ?? "1" },
              },
            ],
          },
        },
      ]);
      objects.push([
        "charge.dispute.created",
        { id: `dp_forged_${row.payment_id}`, object: "dispute", amount: row.amount, payment_intent: intent },
      ]);
    }
    for (const row of withSession) {
      if (!row.provider_ref) continue;
      objects.push([
        "checkout.session.completed",
        { id: row.provider_ref, object: "checkout.session", metadata: { gavel_payment: String(row.payment_id) } },
      ]);
    }
    objects.push([
      "invoice.paid",
      {
        id: "in_forged",
        object: "invoice",
        amount_paid: 2_500,
        billing_reason: "subscription_cycle",
        parent: { subscription_details: { subscription: "sub_forged" } },
      },
    ]);
    for (const [type, object] of objects) await fake.sendEvent(world.stripeKeys.b, type, object);
    const ours = deliveries.slice(sentBefore);
    expect(ours.length).toBe(objects.length);
    expect(ours.every((delivery) => delivery.eventId === world.b.eventId)).toBe(true);
    expect(ours.filter((delivery) => delivery.status >= 500)).toEqual([]);

    // The same posts, signed with B's secret, sent to A's webhook address: refused (400), nothing applied.
    const action = (await import("~/routes/billing.stripe-webhook.$eventId")).action as RouteFunction;
    for (const delivery of ours) {
      const request = new Request(`http://localhost:3000/billing/stripe-webhook/${world.a.eventId}`, {
        method: "POST",
        headers: { "stripe-signature": delivery.signature, "content-type": "application/json" },
        body: delivery.payload,
      });
      const sent = await send(action, request, { eventId: String(world.a.eventId) });
      expect("outcome" in sent && sent.outcome.status).toBe(400);
    }
    expect(await world.fingerprint.changedSince(before)).toEqual([]);
    expect(await aPayments()).toEqual(payments);
  });

  it("Twilio: replies signed with B's own token, naming A's account or number, change nothing of A", async () => {
    const { action } = await import("~/routes/webhooks.twilio.sms");
    const before = await world.fingerprint.take();
    const post = async (params: Record<string, string>, token: string) => {
      const { messageOrigin } = await import("~/messages/links.server");
      const url = `${messageOrigin()}/webhooks/twilio/sms`;
      const request = new Request("http://localhost:3000/webhooks/twilio/sms", {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "X-Twilio-Signature": twilio.getExpectedTwilioSignature(token, url, params),
        },
        body: new URLSearchParams(params),
      });
      const sent = await send(action as RouteFunction, request, {});
      return "outcome" in sent ? sent.outcome.status : 500;
    };
    const statuses: Record<string, number> = {};
    for (const body of ["STOP", "START", "HELP", "UNSTOP"]) {
      const base = { From: A_GUEST_PHONE, Body: body, MessageSid: `SM${body}` };
      // B's account with A's number; A's account with B's token; A's account and number with B's token.
      statuses[`${body} B's account to A's number`] = await post(
        { ...base, AccountSid: B_TWILIO.sid, To: A_TWILIO.number },
        B_TWILIO.token,
      );
      statuses[`${body} A's account to B's number`] = await post(
        { ...base, AccountSid: A_TWILIO.sid, To: B_TWILIO.number },
        B_TWILIO.token,
      );
      statuses[`${body} A's account and number`] = await post(
        { ...base, AccountSid: A_TWILIO.sid, To: A_TWILIO.number },
        B_TWILIO.token,
      );
      // B's own account and number, from A's guest's phone: B's opt-out, not A's.
      expect(await post({ ...base, AccountSid: B_TWILIO.sid, To: B_TWILIO.number }, B_TWILIO.token)).toBe(200);
    }
    expect(
      Object.values(statuses).every((status) => status === 403),
      JSON.stringify(statuses),
    ).toBe(true);
    expect(await world.fingerprint.changedSince(before)).toEqual([]);
    const optOuts = await db.select().from(text_opt_out).where(eq(text_opt_out.twilio_account_sid, A_TWILIO.sid));
    expect(optOuts).toMatchObject([{ phone: A_GUEST_PHONE, opted_out: true }]);
  });
});

describe(`tenancy drill on ${process.env.TEST_DB_ENGINE}: B's organiser replays A's forms`, () => {
  it.each(actionRoutes.map((route) => [route.id, route] as const))("%s", async (_id, route) => {
    const began = Date.now();
    onTestFinished(() => spent("actions", route.id, began));
    const action = modules.get(route.id)!.action as RouteFunction;
    const multipart = /multipart|parseMultipart|uploadHandler/i.test(sourcesOf(route.file));
    const findings: Finding[] = [];
    const submissions = submissionsFor(route);
    tally.actionRoutes++;

    const sendOne = async (submission: Submission) => {
      const sent = await send(action, requestFor(route, submission, multipart), submission.params);
      tally.submissions++;
      if ("problem" in sent) return findings.push({ submission: submission.label, problem: sent.problem });
      const outcome = sent.outcome;
      const shown = await readableAnswer(outcome, { readBody: true });
      if (shown.includes(MARKER))
        findings.push({ submission: submission.label, problem: `answered ${outcome.status} showing A's data` });
      if (submission.eventQuery === world.a.eventId) {
        if (!refuses(outcome))
          findings.push({
            submission: submission.label,
            problem: `answered ${outcome.status}${outcome.location ? ` to ${outcome.location}` : ""} in A's event`,
          });
      } else if (refuses(outcome)) tally.refusedInOwnEvent++;
      else tally.acceptedInOwnEvent++;
    };

    const before = await world.fingerprint.take();
    for (const submission of submissions) await sendOne(submission);
    const changed = await world.fingerprint.changedSince(before);
    if (changed.length > 0) {
      // Something of A changed: find which submissions did it, one by one.
      for (const submission of submissions) {
        const ahead = await world.fingerprint.take();
        await send(action, requestFor(route, submission, multipart), submission.params);
        const now = await world.fingerprint.changedSince(ahead);
        if (now.length > 0) findings.push({ submission: submission.label, problem: `changed A's ${now.join(", ")}` });
      }
      if (!findings.some((finding) => finding.problem.startsWith("changed")))
        findings.push({ submission: "(all)", problem: `changed A's ${changed.join(", ")}` });
    }
    expect(findings).toEqual([]);
  });
});

describe(`tenancy drill on ${process.env.TEST_DB_ENGINE}: B's organiser reads A's pages`, () => {
  it.each(pageRoutes.map((route) => [route.id, route] as const))("%s", async (_id, route) => {
    const began = Date.now();
    onTestFinished(() => spent("pages", route.id, began));
    const loader = modules.get(route.id)!.loader as RouteFunction;
    const stream = /stream/.test(route.id);
    const names = fieldNamesOf(route);
    const tables = tablesNamedBy(route, names);
    const paramNames = (route.path ?? "").split("/").filter((segment) => segment.startsWith(":"));
    const params = Object.fromEntries(
      paramNames.map((segment) => [
        segment.slice(1),
        String(world.ids.get(NAMED_ROWS[segment.slice(1)] ?? "")?.[0] ?? 1),
      ]),
    );
    const path = routePath(routes, route.id, Object.values(params)[0] ?? "1");
    const findings: Finding[] = [];
    tally.pages++;
    const before = await world.fingerprint.take();

    const read = async (query: URLSearchParams, label: string, mustRefuse: boolean) => {
      const leave = new AbortController();
      const request = new Request(new URL(`${path}?${query}`, "http://localhost:3000"), {
        headers: { Cookie: world.b.cookie },
        signal: leave.signal,
      });
      const sent = await send(loader, request, params);
      tally.reads++;
      if ("problem" in sent) return findings.push({ submission: label, problem: sent.problem });
      const shown = await readableAnswer(sent.outcome, { readBody: !stream });
      leave.abort();
      if (mustRefuse && !refuses(sent.outcome))
        findings.push({ submission: label, problem: `answered ${sent.outcome.status} for A's event` });
      if (shown.includes(MARKER)) findings.push({ submission: label, problem: `showed A's data` });
    };

    await read(new URLSearchParams({ id: String(world.a.eventId) }), "?id=A's event", true);
    // One read per distinct query: the tables differ only in the parameters no name maps to a table.
    const queries = new Map<string, string>();
    for (const table of tables.length > 0 ? tables : [undefined]) {
      const query = new URLSearchParams({ id: String(world.b.eventId) });
      for (const name of names) {
        const value = fieldValue(name, table, 0);
        if (value !== undefined && name !== "format" && !/^Taken over/.test(value)) query.set(name, value);
      }
      if (!queries.has(String(query))) queries.set(String(query), table ?? "(none)");
    }
    for (const [query, table] of queries)
      await read(new URLSearchParams(query), `?id=B's event with ids of ${table}: ${query}`, false);
    expect(await world.fingerprint.changedSince(before), "a page changed A's rows").toEqual([]);
    expect(findings).toEqual([]);
  });
});

describe("the drill's coverage", () => {
  it("covers every admin action and page, and says what it sent", () => {
    const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
    phases["fingerprints"] = Math.round(world.fingerprint.spentMs);
    // Printed for docs/reliability.md: how much the drill sent and how long it took on this engine.
    console.info(
      `[tenancy drill] ${process.env.TEST_DB_ENGINE}: ${tally.actionRoutes} action routes, ${tally.submissions} submissions ` +
        `(${tally.refusedInOwnEvent} refused and ${tally.acceptedInOwnEvent} accepted in B's own event), ` +
        `${tally.pages} pages read ${tally.reads} times, in ${seconds} s (ms: ${JSON.stringify(phases)}; slowest: ` +
        `${JSON.stringify(slowest.sort((x, y) => y[1] - x[1]).slice(0, 5))})`,
    );
    expect(tally.actionRoutes).toBe(actionRoutes.length);
    expect(actionRoutes.filter(isAdmin).length).toBe(
      Object.values(ADMIN_ROUTE_ACCESS).filter((access) => access.action !== undefined).length,
    );
  });
});
