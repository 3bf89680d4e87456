// The runtime's floor for bench/floor.ts: plain node:http processes (node:cluster, as many as PROCESSES, sharing PORT)
// that answer every request with one `select 1` through postgres.js (a pool of POOL connections each, as the app's),
// and nothing else: no framework, no session, no ORM.
import cluster from "node:cluster";
import http from "node:http";
import postgres from "postgres";

const processes = Number(process.env.PROCESSES);
if (cluster.isPrimary) {
  for (let index = 0; index < processes; index += 1) cluster.fork();
  for (const signal of ["SIGTERM", "SIGINT"])
    process.once(signal, () => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
      process.exit();
    });
} else {
  const sql = postgres(process.env.DATABASE_URL, { max: Number(process.env.POOL), onnotice: () => {} });
  http
    .createServer((request, response) => {
      request.resume();
      sql`select 1`.then(
        () => {
          response.writeHead(200, { "Content-Type": "application/json" });
          response.end('{"status":"ok"}');
        },
        (error) => {
          response.writeHead(503, { "Content-Type": "text/plain" });
          response.end(String(error));
        },
      );
    })
    .listen(Number(process.env.PORT), "127.0.0.1", () => process.send?.("listening"));
}
