import { rmSync } from "node:fs";

/** Removes the embedded database the end-to-end server used, and the mail it sent. */
export default function teardown() {
  for (const folder of [process.env.E2E_DATA_DIR, process.env.E2E_MAIL_DIR]) {
    if (folder) rmSync(folder, { recursive: true, force: true });
  }
}
