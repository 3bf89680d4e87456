import { sql } from "drizzle-orm";
import { db } from "~/db.server";

/**
 * How long /health waits for the database: while the server is away, a new connection may wait for its own timeout
 * (30 s), and a health check must answer before the checker gives up on it (Docker's HEALTHCHECK, a load balancer).
 */
const DATABASE_CHECK_MS = 1_500;

/** GET /health: 200 when the app can query its database, 503 otherwise (used by Docker's HEALTHCHECK). */
export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      db.execute(sql`select 1`),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${DATABASE_CHECK_MS} ms`)), DATABASE_CHECK_MS);
      }),
    ]);
    return Response.json({ status: "ok", database: "ok" }, { headers });
  } catch (error) {
    console.error("[health] database check failed", error);
    return Response.json({ status: "error", database: "unreachable" }, { status: 503, headers });
  } finally {
    clearTimeout(timer);
  }
}
