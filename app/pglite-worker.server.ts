/**
 * The embedded database's thread (app/db/pglite-worker/worker.server.ts) with the procedures it runs for the products
 * (app/db/procedures.server.ts): bundled to build/pglite-worker.js by scripts/pglite-worker-build.mjs.
 */
import { recordBidAlone } from "~/bidding/record-bid.server";
import { runProcedures } from "~/db/pglite-worker/worker.server";

runProcedures([recordBidAlone]);
