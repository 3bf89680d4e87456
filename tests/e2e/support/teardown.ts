import { rmSync } from "node:fs";

/** Removes the images the end-to-end server stored and the mail it sent (support/database.ts drops the database). */
export default function teardown() {
  for (const folder of [process.env.E2E_DATA_DIR, process.env.E2E_MAIL_DIR]) {
    if (folder) rmSync(folder, { recursive: true, force: true });
  }
}
