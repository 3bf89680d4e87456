import { performance } from "node:perf_hooks";
import type http from "node:http";

/**
 * Reads a stream's server-sent events as they arrive: `onEvent` gets each event's name ("message" when it has none),
 * its data and performance.now() when its chunk arrived. An event without data is passed over.
 */
export function readServerSentEvents(
  response: http.IncomingMessage,
  onEvent: (event: string, data: string, at: number) => void,
) {
  let buffer = "";
  response.setEncoding("utf8");
  response.on("data", (chunk: string) => {
    const at = performance.now();
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (data) onEvent(/^event: (.*)$/m.exec(block)?.[1] ?? "message", data, at);
    }
  });
}
