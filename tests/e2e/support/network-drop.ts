/**
 * A TCP proxy in front of the app whose network can drop, for screens that must recover by themselves. A browser
 * context pointed at it (its baseURL) loses the network on `drop()`: connections open at that moment stay open but
 * carry nothing more, as when a Wi-Fi access point goes away (the browser is not told), and new ones are refused.
 * `restore()` lets new connections through again and resets the stalled ones, as a router that lost their state
 * answers their next packet (the browser would otherwise reuse its pooled keep-alive connections into the void).
 */
import { createConnection, createServer, type Socket } from "node:net";

export async function networkThatDrops(targetPort: number) {
  let dropped = false;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    if (dropped) return client.destroy();
    const upstream = createConnection({ host: "127.0.0.1", port: targetPort });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => socket.destroy());
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("The proxy has no port");
  return {
    // By the app's host name (APP_HOST): the app sends a bare address to its main host.
    url: `http://localhost:${address.port}`,
    drop() {
      dropped = true;
      for (const socket of sockets) {
        socket.unpipe();
        socket.pause();
      }
    },
    restore() {
      dropped = false;
      for (const socket of sockets) socket.destroy();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
