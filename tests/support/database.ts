import type { DatabaseConnection } from "~/db/connection.server";

/** The fresh database that tests/support/database-setup.ts installed for this test file. */
export function testDatabase(): DatabaseConnection {
  const connection = globalThis.__gavelDatabase;
  if (!connection) throw new Error("No test database: is tests/support/database-setup.ts in setupFiles?");
  return connection;
}
