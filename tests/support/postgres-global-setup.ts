// Once per run of the integration-postgres project: a server, and a migrated template database
// that each test file copies (CREATE DATABASE … TEMPLATE is far faster than migrating again).
import postgres from "postgres";
import { openDatabase } from "~/db/connection.server";
import { databaseUrl, startPostgresServer } from "./postgres-server";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startPostgresServer();
  const template = `gavel_template_${process.pid}`;
  const admin = postgres(server.adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${template}`);
    await admin.unsafe(`CREATE DATABASE ${template}`);
  } catch (error) {
    await admin.end();
    server.stop();
    throw new Error(`Could not create a test database on ${redact(server.adminUrl)}: ${(error as Error).message}`);
  }
  const templateDb = openDatabase({
    engine: "postgres",
    url: databaseUrl(server.adminUrl, template),
    maxConnections: 2,
  });
  await templateDb.migrate();
  await templateDb.close();

  project.provide("postgresAdminUrl", server.adminUrl);
  project.provide("postgresTemplate", template);

  return async () => {
    // The files' copies (tests/support/database-setup.ts) a worker had made for a next file, or was dropping as it
    // ended, then the template. A copy the server was still making as its worker ended is waited for.
    for (let tries = 0; tries < 100; tries++) {
      const [{ copying }] = await admin<{ copying: number }[]>`
        select count(*)::int as copying from pg_stat_activity
        where state = 'active' and starts_with(query, ${`CREATE DATABASE ${template}_`})`;
      if (copying === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const copies = await admin<{ datname: string }[]>`
      select datname from pg_database where starts_with(datname, ${`${template}_`})`;
    for (const { datname } of copies) await admin.unsafe(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.unsafe(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
    server.stop();
  };
}

function redact(url: string) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}
