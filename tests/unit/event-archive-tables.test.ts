// What an event archive holds (decision 039): every table of the schema is in it or left out with a reason, a row's
// references point at a table written before it (or an earlier row of its own), and no secret column travels. The
// tar layout its files are written in reads back as written, and a cut or foreign file is refused.
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import {
  ARCHIVE_TABLES,
  archivedColumns,
  CLIENT_REFERENCE,
  EVENT_REFERENCE,
  LEFT_OUT,
} from "~/event-archive/archive-tables.server";
import { KIND_LABELS } from "~/event-archive/kind-labels";
import { readTar, tarEnd, tarEntry, TarFormatError } from "~/event-archive/tar.server";
import * as schema from "~drizzle/schema";

const tableNames = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => value instanceof PgTable)
  .map((table) => getTableConfig(table).name);

describe("the archive's tables", () => {
  it("carries every table of the schema, or says why not", () => {
    const archived = ARCHIVE_TABLES.map((table) => table.name);
    expect(new Set(archived).size).toBe(archived.length);
    expect([...archived, ...Object.keys(LEFT_OUT)].sort()).toEqual([...tableNames].sort());
  });

  it("writes a table after every table its rows point at (the event's live auction is set at the end)", () => {
    const order = ARCHIVE_TABLES.map((table) => table.name);
    const later: string[] = [];
    ARCHIVE_TABLES.forEach((table, index) => {
      for (const [column, target] of Object.entries(table.refs)) {
        if (target === EVENT_REFERENCE || target === CLIENT_REFERENCE) continue;
        expect(order, `${table.name}.${column} points at ${target}`).toContain(target);
        if (order.indexOf(target) > index) later.push(`${table.name}.${column}`);
      }
    });
    expect(later).toEqual(["event.traditional_auction_id"]);
  });

  it("names every kind on the import's check", () => {
    expect(ARCHIVE_TABLES.map((table) => table.name).filter((name) => !KIND_LABELS[name])).toEqual([]);
  });

  it("leaves out keys, tokens and password hashes", () => {
    const columns = ARCHIVE_TABLES.flatMap((table) => archivedColumns(table).map(([name]) => `${table.name}.${name}`));
    for (const secret of [
      "usr.google_id",
      "usr.stripe_id",
      "usr.stripe_test_id",
      "usr.default_payment_source",
      "billing_settings.test_secret_key_encrypted",
      "billing_settings.live_secret_key_encrypted",
      "billing_settings.test_webhook_secret_encrypted",
      "billing_settings.live_webhook_secret_encrypted",
      "message_settings.smtp_url_encrypted",
      "message_settings.twilio_auth_token_encrypted",
      "registrant.checkin_token",
      "registrant.claim_token",
      "message.claim_token",
      "payment.idempotency_key",
    ])
      expect(columns).not.toContain(secret);
    expect(columns.filter((column) => /encrypted|password|token_hash/.test(column))).toEqual([]);
  });
});

async function entriesOf(bytes: Uint8Array) {
  const entries = [];
  async function* once() {
    yield bytes;
  }
  for await (const entry of readTar(once(), 1024 * 1024)) entries.push(entry);
  return entries;
}

describe("the tar layout", () => {
  const files = [
    { name: "manifest.json", bytes: new TextEncoder().encode('{"a":1}') },
    { name: "tables/bid/000001.jsonl", bytes: new Uint8Array(1500).fill(65) },
    { name: "empty.txt", bytes: new Uint8Array(0) },
  ];
  const tar = Buffer.concat([...files.flatMap(tarEntry), tarEnd()]);

  it("reads back what it wrote", async () => {
    const read = await entriesOf(tar);
    expect(read.map((entry) => entry.name)).toEqual(files.map((file) => file.name));
    expect(read.map((entry) => entry.bytes)).toEqual(files.map((file) => file.bytes));
  });

  it("refuses a cut archive and a file that climbs out of its folder", async () => {
    await expect(entriesOf(tar.subarray(0, 1200))).rejects.toThrow(/cut short/);
    const climbing = Buffer.concat([...tarEntry({ name: "../etc/passwd", bytes: new Uint8Array(1) }), tarEnd()]);
    await expect(entriesOf(climbing)).rejects.toBeInstanceOf(TarFormatError);
    async function* once() {
      yield tar;
    }
    const unpackedTooLarge = async () => {
      for await (const entry of readTar(once(), 1024 * 1024, 1000)) void entry;
    };
    await expect(unpackedTooLarge()).rejects.toThrow(/unpacks to more than/);
    const damaged = Buffer.from(tar);
    damaged[10] = 0x7a;
    await expect(entriesOf(damaged)).rejects.toThrow(/damaged/);
  });
});
