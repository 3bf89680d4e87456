/**
 * A TCP proxy in front of the app that cuts live streams in the middle of a message, as a connection lost while a
 * server-sent event is on its way does. A browser context pointed at it (its baseURL) gets everything through, until
 * `cutNextMessage()`: then each live stream open at that moment (a response of type text/event-stream) passes on its
 * next snapshot or delta only up to the middle of its `data:` line, holds that half a moment so the page has it, and
 * closes, leaving the browser with a message cut short. Heartbeats pass: they carry no state. Connections made after
 * the cut, the page's own reconnection among them, go through whole.
 */
import { createConnection, createServer, type Socket } from "node:net";

/** A stream that was cut: its request's path, and when. */
export interface Cut {
  path: string;
  at: number;
}

interface Connection {
  client: Socket;
  upstream: Socket;
  /** The request line's path, read from the client's first bytes. */
  path: string;
  /** Whether the answer is a live stream. */
  stream: boolean;
  /** The last `event:` name the stream sent: a data line belongs to it (remix-utils writes the two lines apart). */
  event: string;
  armed: boolean;
  /** Cut: the client keeps its half message a moment before its connection closes. */
  cut: boolean;
}

/** How long the half message stays with the browser before the connection closes. */
const HOLD_MS = 200;

export async function streamCutter(targetPort: number) {
  const connections = new Set<Connection>();
  const cuts: Cut[] = [];
  /** Each stream's path every time one opens, in order: a stream opened again after a cut shows here twice. */
  const opened: string[] = [];
  const server = createServer((client) => {
    const upstream = createConnection({ host: "127.0.0.1", port: targetPort });
    const connection: Connection = { client, upstream, path: "", stream: false, event: "", armed: false, cut: false };
    connections.add(connection);
    for (const socket of [client, upstream]) {
      socket.on("error", () => socket.destroy());
      socket.on("close", () => {
        connections.delete(connection);
        if (connection.cut) return;
        client.destroy();
        upstream.destroy();
      });
    }
    client.on("data", (bytes: Buffer) => {
      if (!connection.stream) connection.path = /^[A-Z]+ (\S+)/.exec(bytes.toString("latin1"))?.[1] ?? connection.path;
      upstream.write(bytes);
    });
    upstream.on("data", (bytes: Buffer) => {
      const text = bytes.toString("latin1");
      if (!connection.stream && /\r\ncontent-type: text\/event-stream/i.test(text)) {
        connection.stream = true;
        opened.push(connection.path);
      }
      if (connection.stream) {
        const cutAt = connection.armed ? halfOfData(connection, text) : null;
        if (cutAt !== null) {
          connection.armed = false;
          connection.cut = true;
          cuts.push({ path: connection.path, at: Date.now() });
          upstream.destroy();
          client.write(bytes.subarray(0, cutAt));
          setTimeout(() => client.end(), HOLD_MS);
          return;
        }
        for (const [, name] of text.matchAll(/(?:^|\n)event: (\w+)/g)) connection.event = name;
      }
      client.write(bytes);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("The proxy has no port");
  return {
    // By the app's host name (APP_HOST): the app sends a bare address to its main host.
    url: `http://localhost:${address.port}`,
    cuts,
    opened,
    /** Arms every live stream open now: each is cut in the middle of its next snapshot or delta. */
    cutNextMessage() {
      let armed = 0;
      for (const connection of connections) {
        if (!connection.stream) continue;
        connection.armed = true;
        armed += 1;
      }
      return armed;
    },
    async close() {
      for (const connection of connections) {
        connection.client.destroy();
        connection.upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Where to cut these bytes: halfway along the first `data:` line of a snapshot or a delta (the event's name may have
 * come in an earlier chunk), or null when they hold none. Every `event:` line before it updates the stream's event.
 */
function halfOfData(connection: Connection, text: string): number | null {
  const lines = /(?:^|\n)(event: (\w+)|data: [^\n]*)/g;
  for (const match of text.matchAll(lines)) {
    if (match[2]) {
      connection.event = match[2];
      continue;
    }
    if (connection.event !== "snapshot" && connection.event !== "delta") continue;
    const start = match.index + match[0].indexOf("data: ");
    const length = match[0].length - (match[0].startsWith("\n") ? 1 : 0);
    return start + Math.floor(length / 2);
  }
  return null;
}
