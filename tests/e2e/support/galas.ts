/**
 * Each end-to-end test's own data, written straight into the run's database (docs/decisions/020-e2e-isolation.md):
 * - makeGala: a copy of the demo gala (its catalogue, tickets, guests, bids, team, and last year's archived gala)
 *   under names of its own, for tests of screens that need an event full of things (without the demo's short paths,
 *   which are the whole app's: claimShortPath gives one to a copy);
 * - makeOrganiser: an organisation with one empty event and its owner, for tests that need only someone signed in.
 */
import { randomBytes } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { hashPassword } from "~/auth/password.server";
import { NOTIFY_FLAGS, PERMISSIONS } from "~/auth/permissions";
import {
  DEMO_CLIENT_SLUG,
  DEMO_ORGANISER_EMAIL,
  DEMO_PASSWORD,
  DEMO_VOLUNTEER_EMAIL,
  seedDemo,
} from "~/demo/seed.server";
import {
  client,
  donor,
  event,
  event_path,
  fundraiser,
  registrant,
  staff,
  usr,
  usr_event_role,
  usr_password,
} from "~drizzle/schema";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "~/db/connection.server";

/** Someone who signs in with a password. */
export interface Person {
  email: string;
  password: string;
}

export interface Gala {
  id: number;
  slug: string;
  subdomain: string;
  /** Morgan Ellis: every permission on the gala and on last year's. */
  organiser: Person;
  /** Priya Shah: checks guests in and registers them, on the gala only. */
  volunteer: Person;
  /** The copy's address for one the demo gives (its people's addresses carry the copy's tag). */
  address(demoAddress: string): string;
}

// Copies are made one at a time: each is the demo loaded under its fixed names, renamed before anyone sees it.
const DEMO_COPY_LOCK = 727_465_020;

const uniqueTag = () => randomBytes(4).toString("hex");
const tagged = (address: string, tag: string) => address.replace("@", `+${tag}@`);

/** A copy of the demo organisation with its gala; every name another test could meet carries a tag of its own. */
export async function makeGala(db: Database): Promise<Gala> {
  const tag = uniqueTag();
  const gala = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_COPY_LOCK})`);
    // seedDemo runs its load as a nested transaction (a savepoint) of this one.
    await seedDemo(tx as unknown as Database);
    const [demo] = await tx
      .update(client)
      .set({ slug: `${DEMO_CLIENT_SLUG}-${tag}` })
      .where(eq(client.slug, DEMO_CLIENT_SLUG))
      .returning({ id: client.client_id });
    const events = await tx
      .update(event)
      .set({ slug: sql`${event.slug} || ${`-${tag}`}`, subdomain: sql`${event.subdomain} || ${tag}` })
      .where(eq(event.client_id, demo.id))
      .returning({ id: event.event_id, slug: event.slug, subdomain: event.subdomain });
    const eventIds = events.map((row) => row.id);
    // Short paths and /wranglers are addresses of the whole app: a copy has none (a test claims one: claimShortPath).
    await tx.delete(event_path).where(inArray(event_path.event_id, eventIds));
    await tx.update(fundraiser).set({ is_wranglers: false }).where(inArray(fundraiser.event_id, eventIds));
    const people = tx
      .select({ id: usr_event_role.usr_id })
      .from(usr_event_role)
      .where(inArray(usr_event_role.event_id, eventIds))
      .union(
        tx
          .select({ id: sql<number>`${registrant.usr_id}` })
          .from(registrant)
          .where(inArray(registrant.event_id, eventIds)),
      );
    const taggedAddress = (column: AnyPgColumn) => sql`replace(${column}, '@', ${`+${tag}@`})`;
    await tx
      .update(usr)
      .set({ email_address: taggedAddress(usr.email_address) })
      .where(inArray(usr.usr_id, people));
    await tx
      .update(donor)
      .set({ email: taggedAddress(donor.email) })
      .where(eq(donor.client_id, demo.id));
    await tx
      .update(staff)
      .set({ email: taggedAddress(staff.email) })
      .where(eq(staff.client_id, demo.id));
    return events.find((row) => row.subdomain !== null)!;
  });
  return {
    id: gala.id,
    slug: gala.slug,
    subdomain: gala.subdomain!,
    organiser: { email: tagged(DEMO_ORGANISER_EMAIL, tag), password: DEMO_PASSWORD },
    volunteer: { email: tagged(DEMO_VOLUNTEER_EMAIL, tag), password: DEMO_PASSWORD },
    address: (demoAddress) => tagged(demoAddress, tag),
  };
}

export interface Organiser extends Person {
  eventId: number;
  eventSubdomain: string;
}

const EVERY_PERMISSION = Object.fromEntries([...PERMISSIONS, ...NOTIFY_FLAGS].map((flag) => [flag, true]));

/** An organisation with one event and its owner (every permission), that event chosen as theirs. */
export async function makeOrganiser(db: Database): Promise<Organiser> {
  const tag = uniqueTag();
  const password = `password of ${tag}`;
  const password_hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [organisation] = await tx
      .insert(client)
      .values({ slug: `fund-${tag}`, title: `Fund ${tag}` })
      .returning({ id: client.client_id });
    const [gala] = await tx
      .insert(event)
      .values({ client_id: organisation.id, slug: `gala-${tag}`, subdomain: `gala${tag}`, title: `Gala ${tag}` })
      .returning({ id: event.event_id, subdomain: event.subdomain });
    const [person] = await tx
      .insert(usr)
      .values({
        email_address: `organiser.${tag}@example.test`,
        first_name: "Olive",
        last_name: `Organiser ${tag}`,
        selected_event: gala.id,
      })
      .returning({ id: usr.usr_id, email: usr.email_address });
    await tx.insert(usr_password).values({ usr_id: person.id, password_hash });
    await tx
      .insert(usr_event_role)
      .values({ usr_id: person.id, event_id: gala.id, is_team_member: true, ...EVERY_PERMISSION });
    return { email: person.email, password, eventId: gala.id, eventSubdomain: gala.subdomain! };
  });
}

/**
 * Gives the event a short path the demo uses (/woa2025give, /cisnew), taking it from whichever copy held it: only one
 * test may claim a given path in a run.
 */
export async function claimShortPath(db: Database, eventId: number, path: string, shows: "giving" | "bidding") {
  await db
    .insert(event_path)
    .values({ path, event_id: eventId, shows })
    .onConflictDoUpdate({ target: event_path.path, set: { event_id: eventId, shows } });
}

/** Adds `count` published silent items to the gala ("Extra lot 1", …): a gallery longer than the demo's. */
export async function addSilentItems(db: Database, gala: Gala, count: number) {
  await db.execute(sql`
    insert into auction_item (event_id, title, type, status, starting_bid, increment)
    select ${gala.id}, 'Extra lot ' || n, 'silent', 'published', 5000, 500 from generate_series(1, ${count}) n`);
}
