/**
 * Reading an event archive into the importer's organisation as a new event (decision 039). The same reading serves
 * the check (a dry run: nothing is written, every problem is listed with its file, line and field) and the import
 * (one transaction; any problem rolls it all back). Rows get new ids from their tables' sequences and every
 * reference is renumbered; the organisation's lists and the people are matched to those already there.
 *
 * The archive is read a file at a time from the staged upload, twice on import: first its images (checked to be
 * WebP, stored under keys of this organisation's own, decision 039), then its rows, whose image addresses are
 * rewritten to those keys. Memory holds one file and the maps from old ids to new, whatever the event's size.
 */
import { createHash, randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { createGunzip } from "node:zlib";
import { and, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { OWNER_ROLE } from "~/auth/permissions";
import { selectRows } from "~/db/rows.server";
import { db, type Transaction } from "~/db.server";
import { imageKey } from "~/images/image-url";
import { fileStorage } from "~/images/storage.server";
import { publishOwnChange } from "~/realtime/data-area-changes.server";
import { RICH_TEXT_MAX_LENGTH } from "~/rich-text/limits";
import { event, fundraiser, event_path, usr, usr_event_role } from "~drizzle/schema";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  currentSchemaVersion,
  END_FILE,
  IMAGE_URL,
  MANIFEST_FILE,
  parseImageFileName,
  parseRowsFileName,
  schemaNumber,
  type EndOfArchive,
  type Manifest,
} from "./archive-format.server";
import {
  ARCHIVE_TABLES,
  archivedColumns,
  CLIENT_REFERENCE,
  EVENT_REFERENCE,
  type ArchiveTable,
} from "./archive-tables.server";
import { KIND_LABELS } from "./kind-labels";
import { readTar, TarFormatError, type TarEntry } from "./tar.server";
import type { PgColumn } from "drizzle-orm/pg-core";

/** The largest file an archive may hold: a file of rows is far smaller, an image at most the uploader's limit. */
const MAX_ENTRY_BYTES = 64 * 1024 * 1024;
/** All of an archive's files, unpacked: a 60 MB upload of rows and images is far below it. */
const MAX_UNPACKED_BYTES = 2 * 1024 * 1024 * 1024;
/** Problems listed before the check stops counting them. */
const MAX_PROBLEMS = 100;

export interface ArchiveProblem {
  file: string;
  line?: number;
  field?: string;
  message: string;
}

export interface ArchiveKindCount {
  table: string;
  label: string;
  rows: number;
  /** Rows matched to one the organisation (or, for people, this Gavel) already has. */
  reused: number;
}

export interface ArchiveCheck {
  event: { title: string; slug: string } | null;
  schemaVersion: string | null;
  exportedAt: string | null;
  kinds: ArchiveKindCount[];
  images: number;
  /** Notes on what the import does differently from the archive (a taken address left out). */
  notes: string[];
  problems: ArchiveProblem[];
  /** More problems than listed. */
  moreProblems: boolean;
}

const EVENT_TABLE = ARCHIVE_TABLES.find((table) => table.name === "event")!;

/** The values unique across the Gavel, as the check's notes name them. */
const TAKEN_VALUES: Readonly<Record<string, string>> = {
  subdomain: "subdomain",
  provider_ref: "Stripe reference(s)",
  checkout_session_id: "Stripe checkout session(s)",
};

const labelOf = (table: string) => KIND_LABELS[table] ?? table;

/** Refused as a whole: not an archive, or one this Gavel cannot read. */
class ArchiveRefused extends Error {}

type Row = Record<string, unknown>;

interface Writing {
  tx: Transaction;
  importerUsrId: number;
}

/** The image key an archived image gets in this organisation: its own namespace, so an archive cannot plant a file under a key an upload would use. */
export function importedImageHash(clientId: number, archivedHash: string): string {
  return createHash("sha256").update(`gavel-event-archive:${clientId}:${archivedHash}`).digest("hex").slice(0, 32);
}

function columnProblem(column: PgColumn, value: unknown): string | null {
  if (value === null) return column.notNull && !column.hasDefault ? "must not be empty" : null;
  switch (column.dataType) {
    case "number":
      if (column.columnType === "PgInteger")
        return Number.isSafeInteger(value) && Math.abs(value as number) < 2 ** 31 ? null : "must be a whole number";
      return typeof value === "number" && Number.isFinite(value) ? null : "must be a number";
    case "string":
      if (typeof value !== "string") return "must be text";
      // No form of Gavel takes more than a rich text's limit: a longer value is not from a Gavel.
      if (value.length > RICH_TEXT_MAX_LENGTH)
        return `is longer than ${RICH_TEXT_MAX_LENGTH.toLocaleString("en")} characters`;
      return value.includes("\u0000") ? "holds a NUL character" : null;
    case "boolean":
      return typeof value === "boolean" ? null : "must be true or false";
    case "date":
      return typeof value === "string" && !Number.isNaN(Date.parse(value)) ? null : "must be a date and time";
    case "json":
      return JSON.stringify(value).includes("\\u0000") ? "holds a NUL character" : null;
    case "array": {
      const base = (column as unknown as { baseColumn: PgColumn }).baseColumn;
      if (!Array.isArray(value)) return "must be a list";
      return value.every((item) => columnProblem(base, item) === null) ? null : "holds an item of the wrong kind";
    }
    default:
      return null;
  }
}

/** Ids of this archive's rows, old to new, per table; the new id is negative in a check (nothing is written). */
class IdMaps {
  private readonly maps = new Map<string, Map<number, number>>();
  private placeholder = 0;
  of(table: string): Map<number, number> {
    let map = this.maps.get(table);
    if (!map) this.maps.set(table, (map = new Map()));
    return map;
  }
  nextPlaceholder(): number {
    return --this.placeholder;
  }
}

/** The state of one reading of an archive. */
class ArchiveReader {
  readonly problems: ArchiveProblem[] = [];
  moreProblems = false;
  readonly notes: string[] = [];
  readonly counts = new Map<string, { rows: number; reused: number }>();
  /** Lines read per table, bad ones too: what end.json's counts are checked against. */
  private readonly linesRead = new Map<string, number>();
  readonly ids = new IdMaps();
  manifest: Manifest | null = null;
  end: EndOfArchive | null = null;
  tableIndex = -1;
  archivedEventId: number | null = null;
  newEventId: number | null = null;
  /** Archived image hash → the hash it is stored under here (on import, the images this archive holds). */
  readonly imageHashes = new Map<string, string>();
  readonly imagesNamed = new Set<string>();
  readonly imagesHeld = new Set<string>();
  /** Silent and virtual items still open in the archive: the new event closes them at their times. */
  openItems = 0;
  private readonly deferred: { table: ArchiveTable; id: number; column: string; target: string; old: number }[] = [];
  /** Per table whose match is unique here, the values already met in the archive and where. */
  private readonly matched = new Map<string, Map<string, string>>();

  constructor(
    readonly clientId: number,
    readonly writing: Writing | null,
  ) {}

  problem(problem: ArchiveProblem) {
    if (this.problems.length < MAX_PROBLEMS) this.problems.push(problem);
    else this.moreProblems = true;
  }

  private get executor() {
    return this.writing?.tx ?? db;
  }

  readManifest(entry: TarEntry) {
    let manifest: Manifest;
    try {
      manifest = JSON.parse(new TextDecoder().decode(entry.bytes)) as Manifest;
    } catch {
      throw new ArchiveRefused("The archive's manifest.json is not JSON: the file is damaged.");
    }
    if (manifest.format !== ARCHIVE_FORMAT) throw new ArchiveRefused("This file is not a Gavel event archive.");
    if (manifest.formatVersion !== ARCHIVE_FORMAT_VERSION)
      throw new ArchiveRefused(
        `This archive is in format ${String(manifest.formatVersion)}; this Gavel reads format ${ARCHIVE_FORMAT_VERSION}. Import it into a Gavel of the same version or newer.`,
      );
    const ours = currentSchemaVersion();
    const theirs = schemaNumber(String(manifest.schemaVersion));
    if (!(theirs <= schemaNumber(ours)))
      throw new ArchiveRefused(
        `This archive was written by a newer Gavel (database version ${theirs || String(manifest.schemaVersion)}); this one is at ${schemaNumber(ours)}. Update this Gavel, then import it.`,
      );
    if (typeof manifest.event?.title !== "string" || typeof manifest.event.slug !== "string")
      throw new ArchiveRefused("The archive's manifest.json does not name its event: the file is damaged.");
    this.manifest = manifest;
  }

  async readRows(entry: TarEntry, table: ArchiveTable) {
    const index = ARCHIVE_TABLES.indexOf(table);
    if (index < this.tableIndex) {
      this.problem({ file: entry.name, message: "This file is out of its place in the archive: the file is damaged." });
      return;
    }
    this.tableIndex = index;
    const columns = new Map(archivedColumns(table));
    const rows: { line: number; row: Row }[] = [];
    const lines = new TextDecoder().decode(entry.bytes).split("\n");
    lines.forEach((text, i) => {
      if (text.trim() === "") return;
      this.linesRead.set(table.name, (this.linesRead.get(table.name) ?? 0) + 1);
      const at = { file: entry.name, line: i + 1 };
      let row: unknown;
      try {
        row = JSON.parse(text);
      } catch {
        this.problem({ ...at, message: "This line is not a JSON object." });
        return;
      }
      if (typeof row !== "object" || row === null || Array.isArray(row)) {
        this.problem({ ...at, message: "This line is not a JSON object." });
        return;
      }
      let clean = true;
      for (const [field, value] of Object.entries(row)) {
        const column = columns.get(field);
        const problem = column ? columnProblem(column, value) : `is not a field of ${table.name} that archives carry`;
        if (problem) {
          this.problem({ ...at, field, message: `${field} ${problem}.` });
          clean = false;
        }
      }
      for (const [field, column] of columns)
        if (column.notNull && !column.hasDefault && !(field in row) && field !== table.key) {
          this.problem({ ...at, field, message: `${field} is missing.` });
          clean = false;
        }
      if (clean) rows.push({ line: i + 1, row: row as Row });
    });
    await this.takeRows(entry.name, table, rows);
  }

  private async takeRows(file: string, table: ArchiveTable, rows: { line: number; row: Row }[]) {
    const count = this.counts.get(table.name) ?? { rows: 0, reused: 0 };
    this.counts.set(table.name, count);
    count.rows += rows.length;
    if (table.name === "event") await this.takeEventIds(file, rows);
    const ids = table.key ? this.ids.of(table.name) : null;
    const fresh: { line: number; row: Row; old: number | null }[] = [];
    const reused = table.matchBy ? await this.matchExisting(file, table, rows) : new Map<number, number>();
    for (const { line, row } of rows) {
      let old: number | null = null;
      if (table.key && ids) {
        old = row[table.key] as number;
        if (typeof old !== "number" || ids.has(old)) {
          this.problem({
            file,
            line,
            field: table.key,
            message: `${table.key} is missing or repeats an earlier row's.`,
          });
          continue;
        }
        const existing = reused.get(old);
        if (existing !== undefined) {
          ids.set(old, existing);
          count.reused += 1;
          continue;
        }
        ids.set(old, table.name === "event" ? this.newEventId! : this.ids.nextPlaceholder());
      }
      fresh.push({ line, row, old });
    }
    // New ids for the whole file first, so that a row may name an earlier row of the same file.
    if (this.writing && table.key && table.name !== "event") {
      const newIds = await this.allocateIds(table, fresh.length);
      fresh.forEach(({ old }, i) => ids!.set(old!, newIds[i]!));
    }
    const values: Row[] = [];
    for (const { line, row, old } of fresh) {
      const value = this.translated(file, line, table, row, old);
      if (value) values.push(value);
    }
    await this.clearTakenValues(table, values);
    await this.adjust(table, values);
    if (this.writing && values.length > 0 && this.problems.length === 0) {
      await this.writing.tx.insert(table.table).values(values);
      if (table.name === "event") await this.makeImporterOwner();
    }
  }

  private async takeEventIds(file: string, rows: { line: number; row: Row }[]) {
    if (rows.length !== 1 || this.archivedEventId !== null) {
      this.problem({ file, message: "The archive must hold exactly one event." });
      return;
    }
    this.archivedEventId = rows[0]!.row.event_id as number;
    this.newEventId = this.writing ? (await this.allocateIds(EVENT_TABLE, 1))[0]! : this.ids.nextPlaceholder();
  }

  /** The row as it is inserted here: new ids, references renumbered, images at their new keys, dates as dates. */
  private translated(file: string, line: number, table: ArchiveTable, row: Row, old: number | null): Row | null {
    const value: Row = {};
    const columns = new Map(archivedColumns(table));
    let clean = true;
    const tableIndex = ARCHIVE_TABLES.indexOf(table);
    for (const [field, raw] of Object.entries(row)) {
      const column = columns.get(field)!;
      let cell = raw;
      const target = table.refs[field];
      if (field === table.key) cell = this.ids.of(table.name).get(old!);
      else if (target && cell !== null) {
        if (target === EVENT_REFERENCE) {
          if (cell !== this.archivedEventId) {
            this.problem({
              file,
              line,
              field,
              message: `${field} names event ${String(cell)}, not the archived event.`,
            });
            clean = false;
          }
          cell = this.newEventId;
        } else if (target === CLIENT_REFERENCE) cell = this.clientId;
        else {
          const renumbered = this.ids.of(target).get(cell as number);
          const targetIndex = ARCHIVE_TABLES.findIndex((t) => t.name === target);
          if (renumbered !== undefined) cell = renumbered;
          else if (targetIndex > tableIndex && table.key) {
            this.deferred.push({
              table,
              id: this.ids.of(table.name).get(old!)!,
              column: field,
              target,
              old: cell as number,
            });
            cell = null;
          } else {
            this.problem({
              file,
              line,
              field,
              message: `${field} names ${target} ${String(cell)}, which is not in the archive.`,
            });
            clean = false;
          }
        }
      } else if (typeof cell === "string" || column.dataType === "json") cell = this.withImportedImages(cell);
      if (column.dataType === "date" && typeof cell === "string") cell = new Date(cell);
      value[field] = cell;
    }
    return clean && this.translatedJsonRefs(file, line, table, value) ? value : null;
  }

  /** References kept inside a value: a promo code's ticket types, an invoice line's source ("winner:12:5000"). */
  private translatedJsonRefs(file: string, line: number, table: ArchiveTable, value: Row): boolean {
    if (table.name === "promo_code" && Array.isArray(value.ticket_ids)) {
      const tickets = this.ids.of("ticket");
      const renumbered = (value.ticket_ids as unknown[]).map((id) => tickets.get(id as number));
      if (renumbered.some((id) => id === undefined)) {
        this.problem({
          file,
          line,
          field: "ticket_ids",
          message: "ticket_ids names a ticket type that is not in the archive.",
        });
        return false;
      }
      value.ticket_ids = renumbered;
    }
    if (table.name === "invoice_line" && typeof value.source_key === "string") {
      const match = /^([a-z_]+):(\d+)(.*)$/.exec(value.source_key);
      const target = match && (match[1] === "line" ? "invoice_line" : match[1]!);
      if (match && target && ARCHIVE_TABLES.some((t) => t.name === target)) {
        const renumbered = this.ids.of(target).get(Number(match[2]));
        if (renumbered === undefined) {
          this.problem({
            file,
            line,
            field: "source_key",
            message: `source_key names ${target} ${match[2]}, which is not in the archive.`,
          });
          return false;
        }
        value.source_key = `${match[1]}:${renumbered}${match[3]}`;
      }
    }
    return true;
  }

  private withImportedImages(cell: unknown): unknown {
    const text = JSON.stringify(cell);
    let found = false;
    const rewritten = text.replace(IMAGE_URL, (url: string, hash: string, width: string) => {
      this.imagesNamed.add(hash);
      const imported = this.imageHashes.get(hash);
      if (!imported) return url;
      found = true;
      return `/images/${imported}/w${width}.webp`;
    });
    return found ? JSON.parse(rewritten) : cell;
  }

  /**
   * Rows equal to one already there (a person by email, a category by title, a donor by all its fields): their ids,
   * old → existing. A second row of the archive with a value that must be unique here (a hand-made archive) is a
   * problem, not a second insert.
   */
  private async matchExisting(
    file: string,
    table: ArchiveTable,
    rows: { line: number; row: Row }[],
  ): Promise<Map<number, number>> {
    const [lookedUp, ...others] = table.matchBy!;
    const isPerson = table.name === "usr";
    const normal = (value: unknown) => (isPerson ? String(value).trim().toLowerCase() : String(value));
    const columns = getTableColumns(table.table) as unknown as Record<string, PgColumn>;
    const wanted = [
      ...new Set(
        rows
          .map(({ row }) => row[lookedUp!])
          .filter((v): v is string => typeof v === "string")
          .map(normal),
      ),
    ];
    const existing =
      wanted.length === 0
        ? []
        : ((await this.executor
            .select({
              id: columns[table.key!]!,
              ...Object.fromEntries(table.matchBy!.map((name) => [name, columns[name]!])),
            })
            .from(table.table)
            .where(
              isPerson
                ? inArray(sql`lower(${columns[lookedUp!]!})`, wanted)
                : and(eq(columns.client_id!, this.clientId), inArray(columns[lookedUp!]!, wanted)),
            )
            .orderBy(columns[table.key!]!)) as Row[]);
    const same = (a: Row, b: Row) =>
      normal(a[lookedUp!]) === normal(b[lookedUp!]) && others.every((name) => (a[name] ?? null) === (b[name] ?? null));
    const seen = this.matched.get(table.name) ?? new Map<string, string>();
    this.matched.set(table.name, seen);
    const reused = new Map<number, number>();
    for (const { line, row } of rows) {
      if (typeof row[lookedUp!] !== "string") continue;
      const found = existing.find((candidate) => same(candidate, row));
      if (found) reused.set(row[table.key!] as number, found.id as number);
      else if (table.matchIsUnique) {
        const value = normal(row[lookedUp!]);
        if (seen.has(value))
          this.problem({
            file,
            line,
            field: lookedUp!,
            message: `${lookedUp} repeats an earlier row's (${seen.get(value)}).`,
          });
        else seen.set(value, `${file}, line ${line}`);
      }
    }
    return reused;
  }

  private async allocateIds(table: ArchiveTable, count: number): Promise<number[]> {
    if (count === 0) return [];
    const rows = await selectRows<{ id: number | string }>(
      this.writing!.tx,
      sql`select nextval(pg_get_serial_sequence(${table.name}, ${table.key})) as id from generate_series(1, ${count})`,
    );
    return rows.map((row) => Number(row.id));
  }

  /** A Stripe reference or subdomain this Gavel already holds stays with its row: the imported one is left empty. */
  private async clearTakenValues(table: ArchiveTable, values: Row[]) {
    const columns = getTableColumns(table.table) as unknown as Record<string, PgColumn>;
    for (const field of table.globallyUnique) {
      const held = values.map((value) => value[field]).filter((v): v is string => typeof v === "string");
      if (held.length === 0) continue;
      const taken = new Set(
        (
          await this.executor.select({ value: columns[field]! }).from(table.table).where(inArray(columns[field]!, held))
        ).map((row) => row.value as string),
      );
      let cleared = 0;
      for (const value of values)
        if (typeof value[field] === "string" && taken.has(value[field] as string)) {
          value[field] = null;
          cleared += 1;
        }
      if (cleared > 0)
        this.notes.push(
          `${labelOf(table.name)}: ${cleared} ${TAKEN_VALUES[field] ?? field} already another's here, left empty.`,
        );
    }
  }

  /** What a table's rows need beyond renumbering, to live beside the rows already here. */
  private async adjust(table: ArchiveTable, values: Row[]) {
    switch (table.name) {
      case "event":
        for (const value of values) {
          value.client_id = this.clientId;
          value.slug = await this.freeSlug(String(value.slug));
        }
        return;
      case "event_path": {
        if (values.length === 0) return;
        const taken = new Set(
          (
            await this.executor
              .select({ path: event_path.path })
              .from(event_path)
              .where(
                inArray(
                  event_path.path,
                  values.map((value) => String(value.path)),
                ),
              )
          ).map((row) => row.path),
        );
        for (const path of taken) this.notes.push(`The short address /${path} is another event's here: left out.`);
        values.splice(0, values.length, ...values.filter((value) => !taken.has(String(value.path))));
        return;
      }
      case "fundraiser":
        if (values.some((value) => value.is_wranglers === true)) {
          const [held] = await this.executor
            .select({ id: fundraiser.fundraiser_id })
            .from(fundraiser)
            .where(eq(fundraiser.is_wranglers, true));
          if (held) {
            for (const value of values) value.is_wranglers = false;
            this.notes.push("/wranglers already leads to another page here: the imported page is not its target.");
          }
        }
        return;
      case "auction_item": {
        const open = values.filter(
          (value) =>
            value.status === "published" &&
            value.closed_at == null &&
            (value.type === "silent" || value.type === "virtual"),
        ).length;
        this.openItems += open;
        return;
      }
      case "refund":
        for (const value of values) value.idempotency_key = `archive:${randomUUID()}`;
        return;
      case "invoice_line":
        // Written before migration 0026, a refund's line said "Refund: <reason>": the reason is staff-only and kept
        // in its own column, the line says "Refund" (billing/refunds.server.ts), as 0026 made every stored one say.
        for (const value of values)
          if (
            value.source === "refund" &&
            typeof value.description === "string" &&
            value.description.startsWith("Refund: ")
          ) {
            const said = value.description.slice("Refund: ".length).trim();
            if (typeof value.reason !== "string" || value.reason.trim() === "") value.reason = said || null;
            value.description = "Refund";
          }
        return;
      case "message":
        for (const value of values) {
          value.idempotency_key = `archive:${randomUUID()}`;
          // A message not yet sent is not sent by the import: the archive is a record, not a queue.
          if (value.status === "queued" || value.status === "sending") {
            value.status = "skipped";
            value.last_error = "Imported from an event archive before it was sent.";
          }
        }
        return;
    }
  }

  private async freeSlug(archived: string): Promise<string> {
    const base =
      archived
        .toLowerCase()
        .replace(/[^a-z0-9-]+/g, "-")
        .replace(/^-+|-+$/g, "")
        .slice(0, 60) || "imported-event";
    for (let n = 1; ; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      const [taken] = await this.executor.select({ id: event.event_id }).from(event).where(eq(event.slug, slug));
      if (!taken) {
        if (n > 1) this.notes.push(`The address name “${base}” is another event's here: the event is “${slug}”.`);
        return slug;
      }
    }
  }

  private async makeImporterOwner() {
    const { tx, importerUsrId } = this.writing!;
    await tx.insert(usr_event_role).values({ usr_id: importerUsrId, event_id: this.newEventId!, ...OWNER_ROLE });
    await tx.update(usr).set({ selected_event: this.newEventId }).where(eq(usr.usr_id, importerUsrId));
    await publishOwnChange(tx, importerUsrId);
  }

  /** References to a row written later (the event's live auction): set once every table is in. */
  async finishDeferred() {
    for (const { table, id, column, target, old } of this.deferred) {
      const renumbered = this.ids.of(target).get(old);
      if (renumbered === undefined) {
        this.problem({
          file: `tables/${table.name}`,
          field: column,
          message: `${column} names ${target} ${old}, which is not in the archive.`,
        });
        continue;
      }
      if (this.writing) {
        const columns = getTableColumns(table.table) as unknown as Record<string, PgColumn>;
        // updated_at stays as archived: setting a reference the archive had is not a change of the row.
        const kept = columns.updated_at ? { updated_at: sql`${columns.updated_at}` } : {};
        await this.writing.tx
          .update(table.table)
          .set({ [column]: renumbered, ...kept })
          .where(eq(columns[table.key!]!, id));
      }
    }
  }

  async readImage(entry: TarEntry, ref: { hash: string; width: number }) {
    let valid = false;
    try {
      const metadata = await sharp(entry.bytes).metadata();
      valid = metadata.format === "webp" && metadata.width === ref.width;
    } catch {
      valid = false;
    }
    if (!valid) {
      this.problem({ file: entry.name, message: "This image is not the WebP file its name says." });
      return;
    }
    this.imagesHeld.add(ref.hash);
    const hash = importedImageHash(this.clientId, ref.hash);
    this.imageHashes.set(ref.hash, hash);
    if (!this.writing) return;
    const key = imageKey({ hash, width: ref.width });
    const storage = fileStorage();
    if (!(await storage.has(key))) await storage.put(key, entry.bytes);
  }

  readEnd(entry: TarEntry) {
    try {
      this.end = JSON.parse(new TextDecoder().decode(entry.bytes)) as EndOfArchive;
    } catch {
      this.problem({ file: END_FILE, message: "end.json is not JSON: the file is damaged." });
      return;
    }
    for (const table of ARCHIVE_TABLES) {
      const expected = this.end.rows?.[table.name] ?? 0;
      const read = this.linesRead.get(table.name) ?? 0;
      if (expected !== read)
        this.problem({
          file: END_FILE,
          message: `The archive says it holds ${expected} of “${labelOf(table.name)}”, but ${read} are in it: the file is damaged.`,
        });
    }
  }

  check(): ArchiveCheck {
    if (this.end === null) this.problem({ file: END_FILE, message: "The archive has no end: it was cut short." });
    const missing = [...this.imagesNamed].filter((hash) => !this.imagesHeld.has(hash)).length;
    if (missing > 0)
      this.notes.push(
        `${missing} image${missing === 1 ? "" : "s"} the rows name ${missing === 1 ? "is" : "are"} not in the archive: ${missing === 1 ? "it stays" : "they stay"} as addresses.`,
      );
    if (this.openItems > 0)
      this.notes.push(
        `${this.openItems} silent or virtual item${this.openItems === 1 ? " is" : "s are"} still open: the new event closes ${this.openItems === 1 ? "it" : "them"} at ${this.openItems === 1 ? "its" : "their"} closing time and tells the winners, as the original does. Change the auctions' times after the import if it is a copy.`,
      );
    return {
      event: this.manifest?.event ?? null,
      schemaVersion: this.manifest?.schemaVersion ?? null,
      exportedAt: this.manifest?.exportedAt ?? null,
      kinds: ARCHIVE_TABLES.filter((table) => this.counts.get(table.name)?.rows).map((table) => ({
        table: table.name,
        label: labelOf(table.name),
        ...this.counts.get(table.name)!,
      })),
      images: this.imagesHeld.size,
      notes: this.notes,
      problems: this.problems,
      moreProblems: this.moreProblems,
    };
  }
}

async function* entriesOf(file: string): AsyncGenerator<TarEntry> {
  const gunzip = createReadStream(file).pipe(createGunzip());
  try {
    yield* readTar(gunzip, MAX_ENTRY_BYTES, MAX_UNPACKED_BYTES);
  } finally {
    gunzip.destroy();
  }
}

/** Reads the archive's files in order: `images` reads only its images (the import's first pass). */
async function readArchive(reader: ArchiveReader, file: string, pass: "all" | "images" | "rows") {
  let first = true;
  try {
    for await (const entry of entriesOf(file)) {
      if (first) {
        if (entry.name !== MANIFEST_FILE) throw new ArchiveRefused("This file is not a Gavel event archive.");
        reader.readManifest(entry);
        first = false;
        continue;
      }
      const image = parseImageFileName(entry.name);
      if (image) {
        if (pass !== "rows") await reader.readImage(entry, image);
        continue;
      }
      if (pass === "images") continue;
      const rows = parseRowsFileName(entry.name);
      const table = rows && ARCHIVE_TABLES.find((t) => t.name === rows.table);
      if (table) await reader.readRows(entry, table);
      else if (entry.name === END_FILE) reader.readEnd(entry);
      else
        reader.problem({
          file: entry.name,
          message: "Gavel does not know this file: it is not part of an event archive.",
        });
    }
    if (first) throw new ArchiveRefused("This file is empty.");
  } catch (error) {
    if (error instanceof ArchiveRefused) reader.problem({ file: MANIFEST_FILE, message: error.message });
    else if (error instanceof TarFormatError) reader.problem({ file: "archive", message: error.message });
    else if ((error as { code?: string }).code?.startsWith("Z_"))
      reader.problem({
        file: "archive",
        message: "This file is not a Gavel event archive (it is not a .tar.gz file), or it is damaged.",
      });
    else throw error;
    return false;
  }
  if (pass !== "images") {
    await reader.finishDeferred();
  }
  return true;
}

/** The dry run: what the archive would create in the organisation, and every problem; nothing is written. */
export async function checkEventArchive(file: string, clientId: number): Promise<ArchiveCheck> {
  const reader = new ArchiveReader(clientId, null);
  await readArchive(reader, file, "all");
  return reader.check();
}

export type ArchiveImport = { ok: true; eventId: number; title: string } | { ok: false; check: ArchiveCheck };

class RolledBack extends Error {}

/**
 * Imports the archive as a new event of the organisation, the importer its owner, in one transaction: any problem
 * rolls it back and is answered instead (the images stored first stay, unreferenced, as uploads' orphans do).
 */
export async function importEventArchive(
  file: string,
  clientId: number,
  importerUsrId: number,
): Promise<ArchiveImport> {
  let result: ArchiveImport | undefined;
  try {
    await db.transaction(async (tx) => {
      const reader = new ArchiveReader(clientId, { tx, importerUsrId });
      const read = (await readArchive(reader, file, "images")) && (await readArchive(reader, file, "rows"));
      const check = reader.check();
      if (!read || check.problems.length > 0 || reader.newEventId === null) {
        result = { ok: false, check };
        throw new RolledBack();
      }
      result = { ok: true, eventId: reader.newEventId, title: check.event!.title };
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
  return result!;
}
