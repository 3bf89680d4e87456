/**
 * A CSV download written while it is sent: the header line, then one batch of rows at a time as the reader asks for
 * more, so that a 5,000-guest event's export holds one batch in memory, never the file (decision 038). The stream
 * pulls a batch only when the previous one has been taken (highWaterMark 0), and a client that goes away stops the
 * queries (cancel ends the batches).
 */
import { csvLines, type CsvValue } from "~/grid/grid-csv";

export type CsvBatch = readonly (readonly CsvValue[])[];

export function streamedCsv(fileName: string, headers: readonly string[], batches: AsyncIterable<CsvBatch>): Response {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  let headerSent = false;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true;
          // The byte order mark makes Excel read the file as UTF-8 (accents in names), as the reports' CSV does.
          controller.enqueue(encoder.encode(`\uFEFF${csvLines([headers])}\r\n`));
          return;
        }
        const next = await iterator.next();
        if (next.done) controller.close();
        else if (next.value.length > 0) controller.enqueue(encoder.encode(`${csvLines(next.value)}\r\n`));
      },
      async cancel() {
        await iterator.return?.();
      },
    },
    { highWaterMark: 0 },
  );
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
    },
  });
}

/** How many rows an export reads per query. */
export const EXPORT_BATCH = 500;

/**
 * Rows read by keyset (`key` greater than the last batch's), each batch one query of at most `size` rows, until a
 * batch comes back short.
 */
export async function* keysetBatches<Row extends { key: number }>(
  read: (after: number, limit: number) => Promise<Row[]>,
  size = EXPORT_BATCH,
): AsyncGenerator<Row[]> {
  let after = 0;
  for (;;) {
    const rows = await read(after, size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = rows[rows.length - 1]!.key;
  }
}
