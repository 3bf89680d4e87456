import { performance } from "node:perf_hooks";
import type http from "node:http";

/**
 * Reads a stream's server-sent events as they arrive: `onEvent` gets each event's name ("message" when it has none),
 * its data and performance.now() when its chunk arrived. An event without data is passed over.
 * `hold` makes the reader only note each chunk and its time of arrival, and `flush` reads what was held: a benchmark
 * reading thousands of streams at once then times their arrivals without its own parsing in the figures.
 */
export function readServerSentEvents(
  response: http.IncomingMessage,
  onEvent: (event: string, data: string, at: number) => void,
) {
  let buffer = "";
  let held: { at: number; chunk: string }[] | null = null;
  const read = (chunk: string, at: number) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (data) onEvent(/^event: (.*)$/m.exec(block)?.[1] ?? "message", data, at);
    }
  };
  response.setEncoding("utf8");
  response.on("data", (chunk: string) => {
    const at = performance.now();
    if (held) held.push({ at, chunk });
    else read(chunk, at);
  });
  return {
    hold() {
      held ??= [];
    },
    /** How many chunks are held. */
    held: () => held?.length ?? 0,
    flush() {
      const chunks = held ?? [];
      held = null;
      for (const { at, chunk } of chunks) read(chunk, at);
    },
  };
}
