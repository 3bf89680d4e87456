import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";

/**
 * An organisation that runs events; it owns staff, categories, donors and sponsors. In a module of its own because
 * the events (event.ts) and the people (people.ts) both point at it, and people point at events.
 */
export const client = pgTable("client", {
  client_id: id(),
  slug: text().notNull().unique(),
  title: text().notNull(),
  created_at: createdAt(),
});
