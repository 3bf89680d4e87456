// Drops the end-to-end run's database (E2E_DATABASE_NAME) on E2E_POSTGRES_ADMIN_URL's server: run by
// support/database.ts as the runner exits, once Playwright has stopped the app server that used it.
import postgres from "postgres";

const admin = postgres(process.env.E2E_POSTGRES_ADMIN_URL, { max: 1, onnotice: () => {} });
try {
  await admin.unsafe(`DROP DATABASE IF EXISTS ${process.env.E2E_DATABASE_NAME} WITH (FORCE)`);
} finally {
  await admin.end();
}
