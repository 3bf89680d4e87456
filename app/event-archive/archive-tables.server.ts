/**
 * What an event archive holds (decision 039): the tables, in the order they are written and imported (a row's
 * references always point at a table before it, or at an earlier row of its own), which rows of each belong to the
 * event, the columns left out (secrets, tokens, a submission's key), and the references that import must renumber.
 * References are read from the schema's own foreign keys, plus the few id columns the schema keeps without one, so a
 * new foreign key is carried without a change here; `tests/unit/event-archive-tables.test.ts` checks that every
 * table of the schema is either here or named in LEFT_OUT with its reason, and that the order holds.
 */
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import { getTableConfig, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import * as schema from "~drizzle/schema";

/** Where a reference points when it is not at a table of the archive: the new event, or the importing organisation. */
export const EVENT_REFERENCE = "event";
export const CLIENT_REFERENCE = "client";

export interface ArchiveTable {
  name: string;
  table: PgTable;
  /** Its own id, renumbered on import; absent for a table keyed by its references (settings, preferences). */
  key?: string;
  /** The column the export reads it by, in batches: unique within the event. */
  cursor: string;
  /** This event's rows of the table. */
  rows: (eventId: number) => SQL;
  /** Columns never written to the archive (secrets, bearer tokens, keys of one submission). */
  omit: readonly string[];
  /** Integer columns that name a row: column → the archive table it points at (or EVENT/CLIENT_REFERENCE). */
  refs: Readonly<Record<string, string>>;
  /**
   * Columns unique across the whole Gavel (a Stripe reference, a subdomain): an imported value that this Gavel already
   * holds is left empty, since the original row keeps it.
   */
  globallyUnique: readonly string[];
  /**
   * Rows shared by the organisation's events (people, donors, categories): one already there with the same values in
   * these columns is reused rather than copied. The first column is the one looked up (a person's email, case aside).
   */
  matchBy?: readonly string[];
  /** The first matchBy column is unique in the target (a person's email, a category's title in the organisation). */
  matchIsUnique?: boolean;
}

/** Tables of the schema that an archive never carries, and why (the unit test reads this list). */
export const LEFT_OUT: Readonly<Record<string, string>> = {
  client: "the organisation: an archive is imported into the importer's own",
  usr_event_role: "the team: access to the imported event is given in its new Gavel, by invitation",
  usr_password: "password hashes",
  auth_token: "one-time links",
  paced_attempt: "sign-in pacing",
  sign_in_device: "sign-in devices",
  ended_session: "sessions",
  sign_in_code: "sign-in codes",
  card_on_file: "saved cards: payment method tokens of one Stripe account",
  processed_stripe_event: "the payment provider's webhook log",
  charge_run: "runs of “charge all cards”, a process of the night",
  charge_run_guest: "runs of “charge all cards”, a process of the night",
  message_attempt: "the message providers' answers to each try",
  outbid_window: "the outbid throttle's open windows",
  text_opt_out: "STOP replies, kept per Twilio account and number, which the archive does not carry",
  item_import_column: "the organisation's column choices for item imports",
  tax_statement_send: "the organisation's yearly tax statements",
  station_entry: "the staff stations' delivery receipts, which make a replayed entry count once on the night",
};

type Columns = Record<string, PgColumn>;
const columnsOf = (table: PgTable) => getTableColumns(table) as unknown as Columns;

const byEvent = (table: PgTable) => (eventId: number) => sql`${columnsOf(table).event_id} = ${eventId}`;

/** Rows whose `column` names a row of `parent` that belongs to the event. */
const through =
  (table: PgTable, column: string, parent: PgTable, parentKey: string, parentRows: (eventId: number) => SQL) =>
  (eventId: number) =>
    sql`${columnsOf(table)[column]} in (select ${columnsOf(parent)[parentKey]} from ${parent} where ${parentRows(eventId)})`;

/** The event's own settings rows, which the event row names (landing_id, registration_id, …). */
const namedByEvent = (table: PgTable, key: string) => (eventId: number) =>
  sql`${columnsOf(table)[key]} = (select ${columnsOf(schema.event)[key]} from ${schema.event} where ${schema.event.event_id} = ${eventId})`;

const REFERENCED = Symbol("referenced by the event's rows");

interface Declaration {
  table: PgTable;
  key?: string;
  cursor?: string;
  rows: ((eventId: number) => SQL) | typeof REFERENCED;
  omit?: readonly string[];
  extraRefs?: Readonly<Record<string, string>>;
  globallyUnique?: readonly string[];
  matchBy?: readonly string[];
  matchIsUnique?: boolean;
}

const keyed = (table: PgTable, key: string, rest: Omit<Declaration, "table" | "key">): Declaration => ({
  table,
  key,
  ...rest,
});
const eventTable = (table: PgTable, key: string, rest: Omit<Declaration, "table" | "key" | "rows"> = {}) =>
  keyed(table, key, { rows: byEvent(table), ...rest });

const { auction_item, inventory, paddle_raise, raffle, raffle_purchase, message } = schema;
const SUBMISSION_KEY = ["idempotency_key"];

const DECLARATIONS: readonly Declaration[] = [
  // People and the organisation's lists, as far as the event's rows name them.
  keyed(schema.usr, "usr_id", {
    rows: REFERENCED,
    omit: ["google_id", "stripe_id", "stripe_test_id", "default_payment_source", "selected_event", "session_version"],
    matchBy: ["email_address"],
    matchIsUnique: true,
  }),
  // Staff, donors and sponsors have no unique key: reused only when every descriptive field is the same (a copy of an
  // event in its own organisation), so two donors sharing an email stay two.
  keyed(schema.staff, "staff_id", { rows: REFERENCED, matchBy: ["email", "first_name", "last_name"] }),
  keyed(schema.category, "category_id", { rows: REFERENCED, matchBy: ["title"], matchIsUnique: true }),
  keyed(schema.donor, "donor_id", {
    rows: REFERENCED,
    matchBy: ["email", "first_name", "last_name", "title", "phone", "website"],
  }),
  keyed(schema.sponsor, "sponsor_id", { rows: REFERENCED, matchBy: ["title", "level", "logo", "website"] }),
  // The event and its settings.
  keyed(schema.landing, "landing_id", { rows: namedByEvent(schema.landing, "landing_id") }),
  keyed(schema.silent_auction, "silent_auction_id", {
    rows: namedByEvent(schema.silent_auction, "silent_auction_id"),
  }),
  keyed(schema.virtual_auction, "virtual_auction_id", {
    rows: namedByEvent(schema.virtual_auction, "virtual_auction_id"),
  }),
  keyed(schema.registration, "registration_id", { rows: namedByEvent(schema.registration, "registration_id") }),
  keyed(schema.event, "event_id", {
    rows: byEvent(schema.event),
    globallyUnique: ["subdomain"],
    // A count of this database's saves that tells each process its copy of the settings is stale (decision 043): the
    // copy starts its own.
    omit: ["settings_version"],
  }),
  eventTable(schema.traditional_auction, "traditional_auction_id"),
  { table: schema.event_path, cursor: "path", rows: byEvent(schema.event_path) },
  {
    table: schema.billing_settings,
    cursor: "event_id",
    rows: byEvent(schema.billing_settings),
    omit: [
      "test_publishable_key",
      "test_secret_key_encrypted",
      "test_secret_key_last4",
      "test_webhook_secret_encrypted",
      "live_publishable_key",
      "live_secret_key_encrypted",
      "live_secret_key_last4",
      "live_webhook_secret_encrypted",
    ],
  },
  {
    table: schema.message_settings,
    cursor: "event_id",
    rows: byEvent(schema.message_settings),
    omit: [
      "smtp_url_encrypted",
      "twilio_account_sid",
      "twilio_auth_token_encrypted",
      "twilio_from_number",
      "twilio_verified_at",
    ],
  },
  eventTable(schema.event_sponsor, "event_sponsor_id"),
  eventTable(schema.tbl, "tbl_id"),
  eventTable(schema.meal, "meal_id"),
  eventTable(schema.ticket, "ticket_id"),
  eventTable(schema.question, "question_id"),
  eventTable(schema.promo_code, "promo_code_id"),
  eventTable(schema.monitor, "monitor_id"),
  // The catalogue.
  eventTable(schema.auction_item, "auction_item_id"),
  keyed(schema.auction_item_image, "auction_item_image_id", {
    rows: through(schema.auction_item_image, "auction_item_id", auction_item, "auction_item_id", byEvent(auction_item)),
  }),
  eventTable(schema.inventory, "inventory_id"),
  keyed(schema.inventory_image, "inventory_image_id", {
    rows: through(schema.inventory_image, "inventory_id", inventory, "inventory_id", byEvent(inventory)),
  }),
  eventTable(schema.category_close, "category_close_id"),
  eventTable(schema.live_lot, "live_lot_id"),
  eventTable(schema.fundraiser, "fundraiser_id"),
  // Bids and money.
  eventTable(schema.invoice, "invoice_id"),
  eventTable(schema.bid, "bid_id", { omit: SUBMISSION_KEY }),
  eventTable(schema.bid_maximum, "bid_maximum_id"),
  keyed(schema.watch, "watch_id", {
    rows: through(schema.watch, "auction_item_id", auction_item, "auction_item_id", byEvent(auction_item)),
  }),
  eventTable(schema.payment, "payment_id", {
    omit: [...SUBMISSION_KEY, "client_address"],
    extraRefs: { invoice_id: "invoice" },
    globallyUnique: ["provider_ref", "checkout_session_id"],
  }),
  eventTable(schema.refund, "refund_id", { omit: SUBMISSION_KEY, globallyUnique: ["provider_ref"] }),
  // Registration.
  eventTable(schema.ticket_payment, "ticket_payment_id"),
  eventTable(schema.pass, "pass_id"),
  eventTable(schema.registrant, "registrant_id", { omit: ["checkin_token", "claim_token"] }),
  eventTable(schema.check_in, "check_in_id"),
  eventTable(schema.usr_event_paddle, "usr_event_paddle_id"),
  { table: schema.message_preference, cursor: "usr_id", rows: byEvent(schema.message_preference) },
  // What guests won, bought, gave and pledged.
  eventTable(schema.winner, "winner_id"),
  eventTable(schema.purchase, "purchase_id", { omit: SUBMISSION_KEY }),
  eventTable(schema.donation, "donation_id", { omit: SUBMISSION_KEY }),
  eventTable(schema.paddle_raise, "paddle_raise_id"),
  keyed(schema.paddle_raise_level, "paddle_raise_level_id", {
    rows: through(schema.paddle_raise_level, "paddle_raise_id", paddle_raise, "paddle_raise_id", byEvent(paddle_raise)),
  }),
  eventTable(schema.pledge, "pledge_id", { omit: SUBMISSION_KEY }),
  eventTable(schema.raffle, "raffle_id"),
  ...(["raffle_ticket_bundle", "raffle_prize"] as const).map((name) =>
    keyed(schema[name], `${name}_id`, {
      rows: through(schema[name], "raffle_id", raffle, "raffle_id", byEvent(raffle)),
    }),
  ),
  eventTable(schema.raffle_purchase, "raffle_purchase_id", { omit: SUBMISSION_KEY }),
  keyed(schema.raffle_ticket, "raffle_ticket_id", {
    rows: through(
      schema.raffle_ticket,
      "raffle_purchase_id",
      raffle_purchase,
      "raffle_purchase_id",
      byEvent(raffle_purchase),
    ),
  }),
  keyed(schema.raffle_drawing, "raffle_drawing_id", {
    rows: through(schema.raffle_drawing, "raffle_id", raffle, "raffle_id", byEvent(raffle)),
  }),
  eventTable(schema.live_entry, "live_entry_id"),
  eventTable(schema.duel, "duel_id"),
  eventTable(schema.duel_gift, "duel_gift_id", { omit: SUBMISSION_KEY }),
  eventTable(schema.invoice_line, "invoice_line_id", {
    extraRefs: { auction_item_id: "auction_item", reverses_line_id: "invoice_line" },
  }),
  // Messages sent.
  eventTable(schema.message_broadcast, "message_broadcast_id", { extraRefs: { tbl_id: "tbl" } }),
  eventTable(message, "message_id", { omit: [...SUBMISSION_KEY, "claim_token"] }),
];

function foreignKeyRefs(table: PgTable): Record<string, string> {
  const refs: Record<string, string> = {};
  for (const foreignKey of getTableConfig(table).foreignKeys) {
    const reference = foreignKey.reference();
    refs[reference.columns[0]!.name] = getTableConfig(reference.foreignTable).name;
  }
  return refs;
}

function declared(declaration: Declaration): Omit<ArchiveTable, "rows"> & { rows: Declaration["rows"] } {
  const name = getTableConfig(declaration.table).name;
  const refs = { ...foreignKeyRefs(declaration.table), ...declaration.extraRefs };
  // The event's own row names its settings rows; it is not a reference to itself.
  if (name === "event") delete refs.event_id;
  return {
    name,
    table: declaration.table,
    ...(declaration.key ? { key: declaration.key } : {}),
    cursor: declaration.cursor ?? declaration.key!,
    rows: declaration.rows,
    omit: declaration.omit ?? [],
    refs,
    globallyUnique: declaration.globallyUnique ?? [],
    ...(declaration.matchBy ? { matchBy: declaration.matchBy, matchIsUnique: declaration.matchIsUnique ?? false } : {}),
  };
}

const drafts = DECLARATIONS.map(declared);

/** A row the event's rows point at: the union of every exported reference to its table. */
function referencedRows(name: string, key: PgColumn) {
  return (eventId: number) => {
    const sources = drafts.flatMap((source) =>
      typeof source.rows === "function"
        ? Object.entries(source.refs)
            .filter(([, target]) => target === name)
            .map(([column]) => {
              const rows = source.rows as (eventId: number) => SQL;
              return sql`select ${columnsOf(source.table)[column]} from ${source.table} where ${rows(eventId)}`;
            })
        : [],
    );
    return sql`${key} in (${sql.join(sources, sql` union `)})`;
  };
}

/** Every table of the archive, in the order written and imported. */
export const ARCHIVE_TABLES: readonly ArchiveTable[] = drafts.map((draft) => ({
  ...draft,
  rows: draft.rows === REFERENCED ? referencedRows(draft.name, columnsOf(draft.table)[draft.key!]!) : draft.rows,
}));

export const ARCHIVE_TABLE_NAMES = new Set(ARCHIVE_TABLES.map((table) => table.name));

/** The columns a table's archive rows carry: all but those left out and those the database computes. */
export function archivedColumns(table: ArchiveTable): [string, PgColumn][] {
  return Object.entries(columnsOf(table.table)).filter(
    ([name, column]) => !table.omit.includes(name) && !(column as unknown as { generated?: unknown }).generated,
  );
}
