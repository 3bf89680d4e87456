/**
 * An organisation with two events (both in UTC) and donors who gave at them, for the tax statements' tests: a gift
 * is a paid payment outside any invoice with its donation, deductible whole.
 */
import { eq } from "drizzle-orm";
import { client, donation, event, payment } from "~drizzle/schema";
import { makeEvent, makeUser } from "./people";
import type { Database } from "~/db/connection.server";

export async function makeTaxOrganisation(db: Database) {
  const spring = await makeEvent(db, { title: "Spring Gala" });
  await db.update(event).set({ timezone: "UTC" }).where(eq(event.event_id, spring.event_id));
  const [organisation] = await db.select().from(client).where(eq(client.client_id, spring.client_id));
  const [autumn] = await db
    .insert(event)
    .values({ client_id: spring.client_id, slug: `${organisation.slug}-autumn`, title: "Autumn Gala", timezone: "UTC" })
    .returning({ event_id: event.event_id });
  return { clientId: spring.client_id, springId: spring.event_id, autumnId: autumn.event_id };
}

/** A gift paid at `at`, counted whole as deductible. */
export async function giveAt(db: Database, eventId: number, usrId: number, amount: number, at: string) {
  const [paid] = await db
    .insert(payment)
    .values({ event_id: eventId, usr_id: usrId, amount, method: "card", status: "paid", created_at: new Date(at) })
    .returning();
  await db.insert(donation).values({
    event_id: eventId,
    usr_id: usrId,
    amount,
    status: "paid",
    method: "card",
    payment_id: paid.payment_id,
    created_at: new Date(at),
  });
}

export async function makeDonors(db: Database, count: number) {
  return Promise.all(Array.from({ length: count }, (_, index) => makeUser(db, { first_name: `Donor${index}` })));
}
