/**
 * `npm run db:migrate | db:seed | db:reset`: the database chores, on the database the app would use
 * (DATABASE_URL, else the embedded one in DATA_DIR). Bundled to build/cli/db.js by scripts/build-cli.mjs.
 */
import { config } from "~/config.server";
import { connection } from "~/db.server";
import { resetDatabase, seedDemo } from "~/demo/seed.server";

const usage = "Usage: node build/cli/db.js migrate | seed | reset";

const demoSignIn = (demo: { organiserEmail: string; volunteerEmail: string; password: string }) =>
  `Sign in as ${demo.organiserEmail} (organiser) or ${demo.volunteerEmail} (volunteer) with the password ${demo.password}.`;

async function run(command: string | undefined) {
  switch (command) {
    case "migrate":
      await connection.migrate();
      console.log("Migrations are up to date.");
      return;
    case "seed": {
      await connection.migrate();
      const demo = await seedDemo(connection.db);
      console.log(
        demo.created ? `Demo data loaded. ${demoSignIn(demo)}` : "Demo data already present: nothing changed.",
      );
      return;
    }
    case "reset": {
      await resetDatabase(connection.db);
      await connection.migrate();
      console.log("Database emptied and migrated.");
      if (config.SEED_DEMO) {
        console.log(`Demo data loaded. ${demoSignIn(await seedDemo(connection.db))}`);
      }
      return;
    }
    default:
      throw new Error(usage);
  }
}

try {
  await run(process.argv[2]);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await connection.close();
}
