import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MIGRATIONS_FOLDER } from "~/db/connection.server";
import { describeUniqueViolation, uniqueViolation } from "~/db/errors.server";
import { selectRows } from "~/db/rows.server";
import { client, event, usr, usr_event_paddle, usr_event_role } from "~drizzle/schema";
import fixture from "../fixtures/data-model.json";
import { testDatabase } from "../support/database";

const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as {
  entries: unknown[];
};

async function appliedMigrations() {
  const [row] = await selectRows<{ count: number }>(
    testDatabase().db,
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  );
  return row.count;
}

describe(`data model on ${process.env.TEST_DB_ENGINE}`, () => {
  it("has applied every migration, and applying them again changes nothing", async () => {
    expect(await appliedMigrations()).toBe(journal.entries.length);
    await testDatabase().migrate();
    expect(await appliedMigrations()).toBe(journal.entries.length);
  });

  it("has every table and field of the spec and of the designed data areas", async () => {
    const columns = await selectRows<{ table_name: string; column_name: string }>(
      testDatabase().db,
      sql`select table_name, column_name from information_schema.columns where table_schema = 'public'`,
    );
    const actual = new Set(columns.map((c) => `${c.table_name}.${c.column_name}`));
    const expected = Object.entries({ ...fixture.spec, ...fixture.designed }).flatMap(([table, fields]) =>
      fields.map((field) => `${table}.${field}`),
    );
    expect(expected.filter((column) => !actual.has(column))).toEqual([]);
  });

  it("stores timestamps with time zone", async () => {
    const columns = await selectRows<{ column: string }>(
      testDatabase().db,
      sql`select table_name || '.' || column_name as column from information_schema.columns
          where table_schema = 'public' and data_type = 'timestamp without time zone'`,
    );
    expect(columns).toEqual([]);
  });

  describe("unique constraints refuse duplicates with a message a person understands", () => {
    async function organisation(suffix: string) {
      const { db } = testDatabase();
      const [org] = await db
        .insert(client)
        .values({ slug: `org-${suffix}`, title: `Org ${suffix}` })
        .returning();
      const [gala] = await db
        .insert(event)
        .values({ client_id: org.client_id, title: "Gala", slug: `gala-${suffix}`, subdomain: `gala-${suffix}` })
        .returning();
      const [person] = await db
        .insert(usr)
        .values({ email_address: `person-${suffix}@example.org` })
        .returning();
      return { org, gala, person };
    }

    async function violation(write: Promise<unknown>) {
      const error = await write.then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error, "the write should have been refused").toBeDefined();
      return { constraint: uniqueViolation(error), described: describeUniqueViolation(error) };
    }

    it("one role per user and event", async () => {
      const { db } = testDatabase();
      const { gala, person } = await organisation("roles");
      await db.insert(usr_event_role).values({ usr_id: person.usr_id, event_id: gala.event_id, can_bid: true });
      const refused = await violation(
        db.insert(usr_event_role).values({ usr_id: person.usr_id, event_id: gala.event_id }),
      );
      expect(refused.constraint).toBe("usr_event_role_usr_event_key");
      expect(refused.described?.message).toBe("This person already has a role on this event.");
    });

    // A couple may share a paddle number, so the number itself is kept unique by app/registration/paddles.server.ts.
    it("one paddle number per person and event", async () => {
      const { db } = testDatabase();
      const first = await organisation("paddle-a");
      await db
        .insert(usr_event_paddle)
        .values({ usr_id: first.person.usr_id, event_id: first.gala.event_id, paddle: 101 });
      const refused = await violation(
        db.insert(usr_event_paddle).values({ usr_id: first.person.usr_id, event_id: first.gala.event_id, paddle: 102 }),
      );
      expect(refused.described).toEqual({
        field: "usr_id",
        message: "This person already has a paddle number at this event.",
      });
    });

    it("event slug and subdomain", async () => {
      const { db } = testDatabase();
      const { org } = await organisation("slugs");
      const slug = await violation(
        db.insert(event).values({ client_id: org.client_id, title: "Copy", slug: "gala-slugs" }),
      );
      expect(slug.described?.field).toBe("slug");
      const subdomain = await violation(
        db.insert(event).values({ client_id: org.client_id, title: "Copy", slug: "other", subdomain: "gala-slugs" }),
      );
      expect(subdomain.described?.field).toBe("subdomain");
    });

    it("email addresses, whatever their case", async () => {
      const { db } = testDatabase();
      await db.insert(usr).values({ email_address: "Sam@Example.org" });
      const refused = await violation(db.insert(usr).values({ email_address: "sam@example.ORG" }));
      expect(refused.constraint).toBe("usr_email_address_lower_key");
    });
  });

  it("keeps the spec's defaults on a new event and a new traditional auction", async () => {
    const { db } = testDatabase();
    const [org] = await db.insert(client).values({ slug: "defaults", title: "Defaults" }).returning();
    const [created] = await db
      .insert(event)
      .values({ client_id: org.client_id, title: "New", slug: "new" })
      .returning();
    expect(created).toMatchObject({
      primary_color: "#37474f",
      secondary_color: "#307697",
      accent_color: "#d5c9b3",
      text_color: "#161616",
      heading_font: "Roboto",
      heading_weight: 600,
      subheading_weight: 500,
      body_weight: 400,
      is_archived: false,
      data_version: 0,
    });
  });
});
