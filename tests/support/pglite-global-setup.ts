// Once per run of the integration-pglite project: migrate one in-memory PGlite and keep its data
// folder as a tarball that each test file loads, instead of migrating once per file.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { openDatabase } from "~/db/connection.server";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplateFile: string;
  }
}

export default async function setup(project: TestProject) {
  const client = new PGlite();
  const connection = openDatabase({ engine: "pglite", client });
  await connection.migrate();
  const dump = await client.dumpDataDir("none");
  await connection.close();

  const dir = path.join(tmpdir(), `gavel-pglite-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "template.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplateFile", file);

  return () => rmSync(dir, { recursive: true, force: true });
}
