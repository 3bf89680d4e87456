/** The event's currency (ISO 4217), in which its amounts are kept and shown. */
import { eq } from "drizzle-orm";
import { db } from "~/db.server";
import { event } from "~drizzle/schema";
import type { Database } from "~/db/connection.server";

/** Read on the handle given (a station's transaction, say), else on the app's database. */
export async function eventCurrency(eventId: number, database: Database = db): Promise<string> {
  const [row] = await database.select({ currency: event.currency }).from(event).where(eq(event.event_id, eventId));
  if (!row) throw new Response("This event no longer exists.", { status: 404 });
  return row.currency;
}
