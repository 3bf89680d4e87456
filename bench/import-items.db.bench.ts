// How long the CSV import of /admin/auction_items/rawdata takes for a 1,000-row catalogue: the check (dry run)
// and the import itself, on the engine of the project it runs in. `npm run bench`; results in docs/benchmarks.md.
import { bench, describe } from "vitest";
import { checkItemImport, importItems } from "~/catalogue/item-import.server";
import { category } from "~drizzle/schema";
import { testDatabase } from "../tests/support/database";
import { makeEvent } from "../tests/support/people";

const { db } = testDatabase();
const ROWS = 1000;

function catalogue(lotFrom: number): string {
  const lines = ["Lot,Title,Type,Value,Category,Tag,Description"];
  for (let i = 0; i < ROWS; i++) {
    lines.push(
      `${lotFrom + i},"Item ${i}, signed",${i % 10 === 0 ? "live" : "silent"},${100 + i},Travel,T${i % 7},"A fine thing.\n\nTwo paragraphs."`,
    );
  }
  return lines.join("\n");
}

async function freshEvent() {
  const made = await makeEvent(db);
  await db.insert(category).values({ client_id: made.client_id, title: "Travel" });
  return made.event_id;
}

describe(`CSV import of ${ROWS} items on ${process.env.TEST_DB_ENGINE}`, () => {
  let eventId = 0;
  let lot = 1;

  bench(
    "check the file (dry run)",
    async () => {
      await checkItemImport(eventId, catalogue(1), { numberLots: false, columnMap: {} });
    },
    { setup: async () => void (eventId = await freshEvent()), iterations: 10, time: 0 },
  );

  bench(
    "import the file",
    async () => {
      const { imported } = await importItems(eventId, catalogue(lot), { numberLots: false, columnMap: {} });
      if (imported !== ROWS) throw new Error(`imported ${imported}`);
      lot += ROWS;
    },
    { setup: async () => void (eventId = await freshEvent()), iterations: 10, time: 0 },
  );
});
