import { createServer } from "node:net";

// Below Linux's ephemeral range (32768–60999 by default), from which the kernel picks the local port of every
// outgoing connection: a port found free there can be taken by a database or browser connection before the server
// started seconds later listens on it (CI once failed so: EADDRINUSE on the e2e app's port).
const STABLE_PORTS = { from: 20_000, to: 32_000 };

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** `count` distinct TCP ports on 127.0.0.1 that nothing listens on and no outgoing connection is given meanwhile. */
export async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  for (let tries = 0; ports.size < count; tries++) {
    if (tries > 1_000) throw new Error(`No ${count} free ports between ${STABLE_PORTS.from} and ${STABLE_PORTS.to}`);
    const port = STABLE_PORTS.from + Math.floor(Math.random() * (STABLE_PORTS.to - STABLE_PORTS.from));
    if (!ports.has(port) && (await canListen(port))) ports.add(port);
  }
  return [...ports];
}

/** One such port. */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port;
}
