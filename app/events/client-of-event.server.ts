import { eq } from "drizzle-orm";
import { db, type Transaction } from "~/db.server";
import { event } from "~drizzle/schema";

/**
 * The organisation (client) that runs an event: categories, donors, sponsors and staff belong to it and are
 * shared by all its events (decision 004), so the catalogue screens of one event work on the client's lists.
 */
export async function clientOfEvent(eventId: number, tx: Pick<Transaction, "select"> = db): Promise<number> {
  const [row] = await tx.select({ client_id: event.client_id }).from(event).where(eq(event.event_id, eventId));
  if (!row) throw new Response("This event no longer exists.", { status: 404 });
  return row.client_id;
}
