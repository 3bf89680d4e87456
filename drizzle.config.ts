import { defineConfig } from "drizzle-kit";

// Only `npm run db:generate` reads this: it diffs drizzle/schema against the last snapshot and writes
// a new SQL migration. The app applies migrations itself (app/db/migrate.server.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./drizzle/schema/index.ts",
  out: "./drizzle/migrations",
});
