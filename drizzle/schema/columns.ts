import { integer, timestamp } from "drizzle-orm/pg-core";

/** Every table's surrogate key: an identity column that seeds and imports may still set explicitly. */
export const id = () => integer().primaryKey().generatedByDefaultAsIdentity();

/** Money is always an integer number of minor units (cents) in the event's currency. */
export const cents = () => integer();

export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
