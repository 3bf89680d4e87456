/**
 * Writing an event's archive as it is sent (decision 039): the manifest, then each table of ARCHIVE_TABLES in order,
 * a file of at most ROWS_PER_FILE rows per keyset query, then the images the rows name, then the end file. The stream
 * pulls the next file only when the last was taken, so memory holds one file whatever the event's size, and a
 * client that goes away stops the queries. Every query keeps to the event's rows (ARCHIVE_TABLES' `rows`); the
 * people and the organisation's lists are those the event's rows name, never the organisation's others.
 */
import { pipeline, Readable } from "node:stream";
import { createGzip } from "node:zlib";
import { and, asc, eq, gt } from "drizzle-orm";
import { db } from "~/db.server";
import { imageKey, widthsUpTo } from "~/images/image-url";
import { fileStorage } from "~/images/storage.server";
import { event } from "~drizzle/schema";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  currentSchemaVersion,
  END_FILE,
  IMAGE_URL,
  MANIFEST_FILE,
  ROWS_PER_FILE,
  rowsFileName,
  type EndOfArchive,
  type Manifest,
} from "./archive-format.server";
import { ARCHIVE_TABLES, archivedColumns, type ArchiveTable } from "./archive-tables.server";
import { tarEnd, tarEntry } from "./tar.server";

const json = (value: unknown) => new TextEncoder().encode(JSON.stringify(value, null, 2));

async function* batchesOf(table: ArchiveTable, eventId: number): AsyncGenerator<Record<string, unknown>[]> {
  const columns = Object.fromEntries(archivedColumns(table));
  const cursor = columns[table.cursor]!;
  let after: unknown;
  for (;;) {
    const rows = await db
      .select(columns)
      .from(table.table)
      .where(and(table.rows(eventId), after === undefined ? undefined : gt(cursor, after)))
      .orderBy(asc(cursor))
      .limit(ROWS_PER_FILE);
    if (rows.length > 0) yield rows;
    if (rows.length < ROWS_PER_FILE) return;
    after = rows[rows.length - 1]![table.cursor];
  }
}

/** Each file of the archive, in order, as tar blocks. */
async function* archiveBlocks(eventId: number, manifest: Manifest): AsyncGenerator<Buffer> {
  yield* tarEntry({ name: MANIFEST_FILE, bytes: json(manifest) });
  const end: EndOfArchive = { rows: {}, images: 0 };
  // The widest file named per image: the smaller ones follow from it (images/image-url.ts).
  const images = new Map<string, number>();
  for (const table of ARCHIVE_TABLES) {
    let part = 0;
    end.rows[table.name] = 0;
    for await (const rows of batchesOf(table, eventId)) {
      const text = rows.map((row) => JSON.stringify(row)).join("\n") + "\n";
      for (const [, hash, width] of text.matchAll(IMAGE_URL))
        images.set(hash!, Math.max(images.get(hash!) ?? 0, Number(width)));
      end.rows[table.name] += rows.length;
      yield* tarEntry({ name: rowsFileName(table.name, ++part), bytes: new TextEncoder().encode(text) });
    }
  }
  const storage = fileStorage();
  for (const [hash, largest] of images) {
    for (const width of widthsUpTo(largest)) {
      const key = imageKey({ hash, width });
      const file = await storage.get(key);
      // A file missing from storage (removed by hand) is left out; the import says which images it lacks.
      if (!file) continue;
      const bytes = new Uint8Array(await new Response(file.body).arrayBuffer());
      yield* tarEntry({ name: key, bytes });
    }
    end.images += 1;
  }
  yield* tarEntry({ name: END_FILE, bytes: json(end) });
  yield tarEnd();
}

export interface EventArchive {
  fileName: string;
  body: ReadableStream<Uint8Array>;
}

/** The event's archive as a gzip'd tar stream, with the name to save it under. */
export async function exportEventArchive(eventId: number, now = new Date()): Promise<EventArchive> {
  const [row] = await db
    .select({ title: event.title, slug: event.slug })
    .from(event)
    .where(eq(event.event_id, eventId));
  // The route's access check found the event; it can only be gone if deleted since, which is not an answer to give.
  if (!row) throw new Error(`Event ${eventId} no longer exists.`);
  const manifest: Manifest = {
    format: ARCHIVE_FORMAT,
    formatVersion: ARCHIVE_FORMAT_VERSION,
    schemaVersion: currentSchemaVersion(),
    exportedAt: now.toISOString(),
    event: row,
    tables: ARCHIVE_TABLES.map((table) => table.name),
  };
  const gzip = createGzip();
  // pipeline, not pipe: a failed query ends the download with an error, and a download cancelled stops the queries.
  pipeline(Readable.from(archiveBlocks(eventId, manifest), { objectMode: false, highWaterMark: 1 }), gzip, () => {});
  return {
    fileName: `${row.slug}-${now.toISOString().slice(0, 10)}.gavel.tar.gz`,
    body: Readable.toWeb(gzip) as ReadableStream<Uint8Array>,
  };
}
