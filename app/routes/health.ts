import { sql } from "drizzle-orm";
import { db } from "~/db.server";

/** GET /health: 200 when the app can query its database, 503 otherwise (used by Docker's HEALTHCHECK). */
export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  try {
    await db.execute(sql`select 1`);
    return Response.json({ status: "ok", database: "ok" }, { headers });
  } catch (error) {
    console.error("[health] database check failed", error);
    return Response.json({ status: "error", database: "unreachable" }, { status: 503, headers });
  }
}
