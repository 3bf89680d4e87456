// The reports benchmark (issue 17): `npm run bench:reports`. Starts the built app on a fresh database of the
// PostgreSQL server DATABASE_URL names, loads an event of BENCH_GUESTS guests, BENCH_ITEMS items, BENCH_BIDS bids
// and BENCH_PAYMENTS payments (a third for tickets paid when bought, the rest on invoices), then times
// GET /admin/setup/reporting/revenue (BENCH_RUNS times, after one warm-up that also makes the invoices) and the tax
// statements of every guest as one PDF (GET …/reporting/download?report=tax&statement=all).
// References, in the same run: the plain SQL aggregates the revenue report stands on (lines by source, payments,
// refunds), and the plain fetch of every invoice line the statements print, timed on their own connection.
// Results and method: docs/benchmarks.md ("Reports").
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { requireBenchSetup, sessionCookie, startApp, throwawayDatabase, type App } from "./support/app";
import { endRun, runBench } from "./support/run";
import { envNumber, ms, summary } from "./support/stats";

const GUESTS = envNumber("BENCH_GUESTS", 2000, { whole: true });
const ITEMS = envNumber("BENCH_ITEMS", 500, { whole: true });
const BIDS = envNumber("BENCH_BIDS", 20_000, { whole: true });
const PAYMENTS = envNumber("BENCH_PAYMENTS", 3000, { whole: true });
const RUNS = envNumber("BENCH_RUNS", 20, { whole: true });
const adminUrl = requireBenchSetup("bench:reports");

/** The event, its organiser and its money, written straight into the database (as the night would leave it). */
async function loadEvent(sql: postgres.Sql) {
  const tag = randomBytes(3).toString("hex");
  const [org] =
    await sql`insert into client (slug, title) values (${`bench-${tag}`}, 'Bench Fund') returning client_id`;
  const start = new Date(Date.now() - 6 * 3_600_000);
  const [gala] = await sql`insert into event (client_id, slug, title, timezone, start_date_time, end_date_time)
    values (${org.client_id}, ${`bench-gala-${tag}`}, 'Bench Gala', 'America/New_York', ${start},
      ${new Date(start.getTime() + 5 * 3_600_000)}) returning event_id`;
  const eventId: number = gala.event_id;
  const [organiser] = await sql`insert into usr (email_address, first_name, last_name)
    values (${`organiser.${tag}@bench.test`}, 'Bench', 'Organiser') returning usr_id`;
  await sql`insert into usr_event_role (usr_id, event_id, is_team_member, can_report, can_view_stats)
    values (${organiser.usr_id}, ${eventId}, true, true, true)`;
  await sql`update usr set selected_event = ${eventId} where usr_id = ${organiser.usr_id}`;

  await sql`insert into usr (email_address, first_name, last_name)
    select 'guest' || g || '.' || ${tag} || '@bench.test', 'Guest', 'Number ' || g from generate_series(1, ${GUESTS}) g`;
  await sql`create temporary table guest as
    select row_number() over (order by usr_id) as n, usr_id from usr where email_address like ${`%.${tag}@bench.test`}
      and email_address like 'guest%'`;
  await sql`insert into usr_event_paddle (usr_id, event_id, paddle) select usr_id, ${eventId}, 100 + n from guest`;
  await sql`insert into registrant (event_id, usr_id, name, paddle, attended, checked_in_at)
    select ${eventId}, usr_id, 'Guest ' || n, 100 + n, n % 5 <> 0,
      case when n % 5 <> 0 then ${start}::timestamptz + (n % 90) * interval '1 minute' end from guest`;

  const [category] =
    await sql`insert into category (client_id, title) values (${org.client_id}, 'Travel') returning category_id`;
  const [donor] = await sql`insert into donor (client_id, first_name, last_name, email)
    values (${org.client_id}, 'Dana', 'Donor', ${`dana.${tag}@bench.test`}) returning donor_id`;
  // A tenth live, a tenth for sale, the rest silent.
  await sql`insert into auction_item (event_id, title, lot, type, status, value, xinv_category_id, xinv_donor_id)
    select ${eventId}, 'Item ' || g, g, case when g % 10 = 0 then 'live' when g % 10 = 1 then 'sale' else 'silent' end,
      'published', 10000 + (g % 40) * 2500, ${category.category_id}, ${donor.donor_id}
    from generate_series(1, ${ITEMS}) g`;
  await sql`create temporary table item as
    select row_number() over (order by auction_item_id) as n, auction_item_id, type from auction_item
    where event_id = ${eventId} and type <> 'sale'`;
  const [{ count: biddable }] = await sql`select count(*)::int as count from item`;
  await sql`insert into bid (event_id, usr_id, auction_item_id, bid, status, created_at)
    select ${eventId}, guest.usr_id, item.auction_item_id, 5000 + g * 10, 'outbid',
      ${start}::timestamptz + (g * 14400 / ${BIDS}) * interval '1 second'
    from generate_series(1, ${BIDS}) g
    join guest on guest.n = (g * 7) % ${GUESTS} + 1
    join item on item.n = g % ${biddable} + 1`;
  await sql`insert into winner (event_id, auction_item_id, unit, usr_id, bid_id, amount, created_at)
    select distinct on (auction_item_id) ${eventId}, auction_item_id, 1, usr_id, bid_id, bid, created_at
    from bid where event_id = ${eventId} order by auction_item_id, bid desc`;
  const [raise] = await sql`insert into paddle_raise (event_id, title) values (${eventId}, 'Fund a need')
    returning paddle_raise_id`;
  await sql`insert into pledge (event_id, paddle_raise_id, usr_id, amount, created_at)
    select ${eventId}, ${raise.paddle_raise_id}, usr_id, 25000 * (1 + n % 4), ${start}::timestamptz + interval '3 hours'
    from guest where n % 4 = 0`;
  await sql`insert into purchase (event_id, auction_item_id, usr_id, quantity, unit_price, amount)
    select ${eventId}, ai.auction_item_id, guest.usr_id, 1, 4000, 4000
    from auction_item ai join guest on guest.n = ai.lot
    where ai.event_id = ${eventId} and ai.type = 'sale'`;
  // A third of the payments: tickets paid when bought, outside any invoice.
  const [dinner] = await sql`insert into ticket (event_id, title, price) values (${eventId}, 'Dinner', 15000)
    returning ticket_id`;
  const outside = Math.floor(PAYMENTS / 3);
  await sql`with paid as (
      insert into payment (event_id, usr_id, amount, method, status, created_at)
      select ${eventId}, usr_id, 13500, 'card', 'paid', ${start}::timestamptz - (n % 30) * interval '1 day'
      from guest where n <= ${outside} returning payment_id, amount, created_at)
    insert into ticket_payment (ticket_id, event_id, payment_id, quantity, status, amount, discount, created_at)
    select ${dinner.ticket_id}, ${eventId}, payment_id, 1, 'paid', amount, 1500, created_at from paid`;
  return { eventId, organiserId: organiser.usr_id as number, outside };
}

/** The rest of the payments, on the invoices the report made, in up to three instalments each (the last may be missing). */
async function payInvoices(sql: postgres.Sql, eventId: number, count: number) {
  await sql`insert into payment (event_id, usr_id, invoice_id, amount, method, status, created_at)
    select ${eventId}, i.usr_id, i.invoice_id, t.total / 3, 'card', 'paid', now() - k * interval '10 minutes'
    from invoice i join (select invoice_id, sum(amount) as total from invoice_line group by invoice_id) t
      on t.invoice_id = i.invoice_id
    cross join generate_series(1, 3) k
    where i.event_id = ${eventId} order by k, i.invoice_id limit ${count}`;
  const [{ n }] = await sql`select count(*)::int as n from payment where event_id = ${eventId}`;
  return n as number;
}

async function timed(run: () => Promise<void>, times: number) {
  const values: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await run();
    values.push(performance.now() - started);
  }
  return summary(values);
}

async function get(app: App, path: string, cookie: string) {
  const response = await fetch(`${app.url}${path}`, { headers: { Cookie: cookie } });
  const body = await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return body.byteLength;
}

async function main() {
  const database = await throwawayDatabase(adminUrl);
  const sessionSecret = randomBytes(32).toString("hex");
  let app: App | null = null;
  let sql: postgres.Sql | null = null;
  try {
    console.log(database.describe);
    app = await startApp(database.url, sessionSecret);
    console.log(`App: node server.js at ${app.url} (pid ${app.child.pid}), Node ${process.version}`);
    sql = postgres(database.url, { max: 1, onnotice: () => {} });
    const loaded = performance.now();
    const { eventId, organiserId, outside } = await loadEvent(sql);
    const cookie = await sessionCookie(sessionSecret, organiserId);
    const revenue = `/admin/setup/reporting/revenue?id=${eventId}`;
    const warm = performance.now();
    await get(app, revenue, cookie); // makes every guest's invoice (once), as opening billing would
    console.log(
      `First revenue report (making the invoice of every guest who owes): ${ms(performance.now() - warm)} ms`,
    );
    const payments = await payInvoices(sql, eventId, PAYMENTS - outside);
    // Autovacuum analyzes tables soon after bulk writes like these; the bench does not wait for it.
    await sql`analyze`;
    const [counts] = await sql`select
      (select count(*) from registrant where event_id = ${eventId})::int as guests,
      (select count(*) from auction_item where event_id = ${eventId})::int as items,
      (select count(*) from bid where event_id = ${eventId})::int as bids,
      (select count(*) from invoice_line where event_id = ${eventId})::int as lines`;
    console.log(
      `Event ${eventId}: ${counts.guests} guests, ${counts.items} items, ${counts.bids} bids, ${payments} payments, ` +
        `${counts.lines} invoice lines (loaded in ${ms(performance.now() - loaded)} ms)`,
    );

    const report = await timed(() => get(app!, revenue, cookie).then(() => undefined), RUNS);
    const aggregate = await timed(async () => {
      await sql!`select source, sum(amount) from invoice_line where event_id = ${eventId} group by source`;
      await sql!`select invoice_id is null, sum(amount) from payment
        where event_id = ${eventId} and status in ('paid', 'disputed') group by 1`;
      await sql!`select sum(amount) from refund where event_id = ${eventId} and status = 'succeeded'`;
    }, RUNS);
    const line = (label: string, s: ReturnType<typeof summary>) =>
      console.log(`  ${label.padEnd(44)} p50 ${ms(s.p50)} ms  p95 ${ms(s.p95)} ms  max ${ms(s.max)} ms`);
    console.log(`\nRevenue report, ${RUNS} runs:`);
    line("GET /admin/setup/reporting/revenue", report);
    line("reference: the plain SQL aggregates", aggregate);
    console.log(`  p50 ratio to the reference: ${(report.p50 / aggregate.p50).toFixed(1)}×`);

    let size = 0;
    const statements = await timed(async () => {
      size = await get(app!, `/admin/setup/reporting/download?report=tax&id=${eventId}&statement=all`, cookie);
    }, 1);
    const fetchLines = await timed(async () => {
      await sql!`select l.* from invoice_line l join invoice i using (invoice_id) where l.event_id = ${eventId}`;
    }, 3);
    console.log(`\nTax statements of every guest as one PDF (${(size / 1_048_576).toFixed(1)} MB):`);
    line("GET …/reporting/download?report=tax&statement=all", statements);
    line("reference: fetching every invoice line", fetchLines);
    console.log(`  ratio to the reference: ${(statements.p50 / fetchLines.p50).toFixed(0)}×`);

    const met = report.p95 < 300 && statements.max < 30_000;
    console.log(
      `\nGoal: ${met ? "met   " : "MISSED"} revenue report p95 < 300 ms (${ms(report.p95)}); ` +
        `every statement < 30 s (${ms(statements.max)} ms)`,
    );
    process.exitCode = met ? 0 : 1;
  } finally {
    await endRun({ sql, app, database });
  }
}

runBench(main);
