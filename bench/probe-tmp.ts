import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { requireBenchSetup, sessionCookie, startApp, throwawayDatabase } from "./support/app";
import { sleep } from "./support/stats";
const adminUrl = requireBenchSetup("probe");
async function main() {
  const database = await throwawayDatabase(adminUrl);
  const secret = randomBytes(32).toString("hex");
  const app = await startApp(database.url, secret, { WEB_CONCURRENCY: "1" });
  const sql = postgres(database.url, { max: 2, onnotice: () => {} });
  try {
    const [client] = await sql`insert into client (slug, title) values ('p', 'P') returning client_id`;
    const w = { s: new Date(Date.now() - 3600e3), e: new Date(Date.now() + 4 * 3600e3) };
    const [silent] = await sql`insert into silent_auction (start_date_time, end_date_time) values (${w.s}, ${w.e}) returning silent_auction_id`;
    const [event] = await sql`insert into event (client_id, slug, title, silent_auction_id, is_silent_auction_enabled, is_silent_auction_testing) values (${client.client_id}, 'p', 'P gala', ${silent.silent_auction_id}, true, false) returning event_id`;
    const items = await sql`insert into auction_item (event_id, title, type, status, starting_bid, increment, value) select ${event.event_id}, 'Lot ' || n, 'silent', 'published', 1000, 100, 25000 from generate_series(1, ${Number(process.env.N ?? 1)}) n returning auction_item_id`;
    const [u] = await sql`insert into usr (email_address, first_name, last_name) values ('b@example.org','B','One') returning usr_id`;
    await sql`insert into usr_event_paddle (usr_id, event_id, paddle) values (${u.usr_id}, ${event.event_id}, 101)`;
    const cookie = await sessionCookie(secret, u.usr_id);
    const page = `${app.url}/inroombid?id=${event.event_id}&item=${items[0].auction_item_id}`;
    for (let i = 0; i < 5; i++) await (await fetch(page, { headers: { Cookie: cookie } })).text();
    const path = process.env.PROBE_PATH ?? "page";
    await sql.unsafe(`alter database ${database.name} set log_statement = 'all'`);
    await sql.unsafe(`alter database ${database.name} set log_min_duration_statement = -1`);
    await sleep(300);
    console.log("MARK-START", database.name);
    // new connections pick up the setting: restart app pool by making the app open fresh ones is hard; use a new app
    app.stop();
    const app2 = await startApp(database.url, secret, { WEB_CONCURRENCY: "1" });
    const page2 = page.replace(app.url, app2.url);
    for (let i = 0; i < 3; i++) await (await fetch(page2, { headers: { Cookie: cookie } })).text();
    await sleep(200);
    console.log("MARK-GO");
    const marker = postgres(database.url, { max: 1, onnotice: () => {} });
    await marker.unsafe(`select 'PROBE-BEGIN'`);
    if (path === "page") await (await fetch(page2, { headers: { Cookie: cookie } })).text();
    else {
      const r = await fetch(page2, { method: "POST", redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: app2.url, Cookie: cookie }, body: new URLSearchParams({ intent: "place", amount: "10.00", key: randomBytes(8).toString("hex") }) });
      console.log("post status", r.status, r.headers.get("location"));
    }
    await sleep(200);
    await marker.unsafe(`select 'PROBE-END'`);
    await marker.end();
    await sleep(300);
    app2.stop();
  } finally {
    await sql.end();
    await database.drop();
  }
}
main();
