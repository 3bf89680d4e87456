/**
 * The CRM export (decision 038, docs/exports.md): an event's guests, item donors, gifts and purchases as rows of
 * Salesforce Nonprofit Success Pack's Data Import object (DataImport__c), in its API field names, for the NPSP Data
 * Importer. A person is Contact1 (and their company Account1); a gift or purchase is a Donation with its amount,
 * date, stage and the event as its campaign. Every query names the event; each reads one batch by keyset
 * (csv-stream.server.ts), so the file is written while it is read.
 */
import { sql, type SQL } from "drizzle-orm";
import { queryRows } from "~/billing/query-rows.server";
import { db } from "~/db.server";
import { keysetBatches, type CsvBatch } from "./csv-stream.server";
import type { ReportScope } from "./filters.server";

export const NPSP_COLUMNS = [
  "Contact1_Firstname__c",
  "Contact1_Lastname__c",
  "Contact1_Personal_Email__c",
  "Contact1_Home_Phone__c",
  "Home_Street__c",
  "Home_City__c",
  "Home_State_Province__c",
  "Home_Zip_Postal_Code__c",
  "Home_Country__c",
  "Account1_Name__c",
  "Campaign_Member_Status__c",
  "Donation_Donor__c",
  "Donation_Amount__c",
  "Donation_Date__c",
  "Donation_Name__c",
  "Donation_Description__c",
  "Donation_Stage__c",
  "Donation_Record_Type_Name__c",
  "Donation_Campaign_Name__c",
  "Payment_Method__c",
  "Payment_Check_Reference_Number__c",
] as const;

type NpspField = (typeof NPSP_COLUMNS)[number];
type NpspRow = Partial<Record<NpspField, string | number | null>>;

/** A person as the row's Contact1, with their home address when Gavel has one. */
interface Person {
  key: number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

/** Money as NPSP's currency fields take it: units with two decimals, no symbol. */
const units = (cents: number | string) => (Number(cents) / 100).toFixed(2);

const PAYMENT_METHODS: Record<string, string> = {
  card: "Credit Card",
  checkout: "Credit Card",
  cash: "Cash",
  check: "Check",
};

function contact(person: Omit<Person, "key">): NpspRow {
  return {
    Contact1_Firstname__c: person.first_name,
    // NPSP needs a last name to make a contact: a guest known only by one name (or an email) gives it here.
    Contact1_Lastname__c: person.last_name || person.first_name || person.email,
    Contact1_Personal_Email__c: person.email,
    Contact1_Home_Phone__c: person.phone,
    Home_Street__c: person.address,
    Home_City__c: person.city,
    Home_State_Province__c: person.state,
    Home_Zip_Postal_Code__c: person.zip,
  };
}

function line(row: NpspRow): (string | number | null)[] {
  return NPSP_COLUMNS.map((field) => row[field] ?? null);
}

/** A money row read with its person, its amount in cents, its day in the event's time zone and what it was. */
interface MoneyRow extends Person {
  amount: string;
  day: string;
  what: string;
  paid: boolean;
  method: string | null;
  check_number: string | null;
}

function donation(scope: ReportScope, row: MoneyRow, name: string, recordType: string | null): NpspRow {
  return {
    ...contact(row),
    Donation_Donor__c: "Contact1",
    Donation_Amount__c: units(row.amount),
    Donation_Date__c: row.day,
    Donation_Name__c: `${scope.title}: ${name}`,
    Donation_Description__c: row.what,
    Donation_Stage__c: row.paid ? "Closed Won" : "Pledged",
    Donation_Record_Type_Name__c: recordType,
    Donation_Campaign_Name__c: scope.title,
    Payment_Method__c: row.paid && row.method ? (PAYMENT_METHODS[row.method] ?? null) : null,
    Payment_Check_Reference_Number__c: row.check_number,
  };
}

const read = <Row>(query: SQL) => queryRows<Row>(db, query);

/** The guest's user, for rows that point at one. */
const USER_PERSON = sql`u.first_name, u.last_name, u.email_address as email, u.phone, u.address, u.city, u.state, u.zip`;
const day = (scope: ReportScope, column: SQL) => sql`to_char(${column} at time zone ${scope.timeZone}, 'YYYY-MM-DD')`;

/** The export's rows, batch by batch: guests, item donors, gifts, paddle pledges, purchases, items won, tickets. */
export async function* npspBatches(scope: ReportScope): AsyncGenerator<CsvBatch> {
  const eventId = scope.eventId;
  const parts: AsyncGenerator<(string | number | null)[][]>[] = [
    mapped(
      keysetBatches((after, limit) =>
        read<Person & { company: string | null; country: string | null; attended: boolean }>(sql`
          select registrant_id as key, coalesce(first_name, name) as first_name, last_name, email, phone, address,
            city, state, zip, country, company, (checked_in_at is not null or attended) as attended
          from registrant where event_id = ${eventId} and registrant_id > ${after}
            -- A seat of a pass not yet claimed names nobody: no contact to make.
            and coalesce(first_name, name, last_name, email) is not null
          order by registrant_id limit ${limit}`),
      ),
      (guest) => ({
        ...contact(guest),
        Home_Country__c: guest.country,
        Account1_Name__c: guest.company,
        Campaign_Member_Status__c: guest.attended ? "Attended" : "Registered",
        Donation_Campaign_Name__c: scope.title,
      }),
    ),
    mapped(
      keysetBatches((after, limit) =>
        read<Person & { title: string | null; value: string; items: string; first_day: string }>(sql`
          select d.donor_id as key, d.first_name, d.last_name, d.email, d.phone, null as address, null as city,
            null as state, null as zip, d.title, coalesce(sum(ai.value), 0)::bigint as value,
            string_agg(ai.title, '; ' order by ai.auction_item_id) as items,
            ${day(scope, sql`min(ai.created_at)`)} as first_day
          from donor d join auction_item ai on ai.xinv_donor_id = d.donor_id and ai.event_id = ${eventId}
          where d.client_id = ${scope.clientId} and d.donor_id > ${after}
          group by d.donor_id order by d.donor_id limit ${limit}`),
      ),
      (donor) => {
        // A donor may be an organisation alone (its name in title): then the gift is the account's.
        const isPerson = Boolean(donor.first_name || donor.last_name);
        return {
          ...(isPerson ? contact(donor) : {}),
          Account1_Name__c: donor.title,
          // What they gave is an in-kind gift worth the items' fair market value, when it was given one.
          ...(Number(donor.value) > 0
            ? {
                Donation_Donor__c: isPerson ? "Contact1" : "Account1",
                Donation_Amount__c: units(donor.value),
                Donation_Date__c: donor.first_day,
                Donation_Name__c: `${scope.title}: items donated`,
                Donation_Description__c: donor.items,
                Donation_Stage__c: "Closed Won",
                Donation_Record_Type_Name__c: "In-Kind Gift",
              }
            : {}),
          Donation_Campaign_Name__c: scope.title,
        };
      },
    ),
    mapped(
      keysetBatches((after, limit) =>
        read<MoneyRow & { anonymised: boolean }>(sql`
          select d.donation_id as key,
            case when d.anonymised_at is null then coalesce(d.first_name, u.first_name) end as first_name,
            case when d.anonymised_at is null then coalesce(d.last_name, u.last_name) end as last_name,
            case when d.anonymised_at is null then coalesce(d.email, u.email_address) end as email,
            null as phone, null as address, null as city, null as state, null as zip,
            (d.amount + d.fee)::bigint as amount, ${day(scope, sql`d.created_at`)} as day,
            case when d.frequency = 'monthly' then 'Monthly gift' else 'Gift' end
              || coalesce(' in ' || case d.tribute_kind when 'memory' then 'memory' else 'honour' end
                || ' of ' || d.tribute_name, '') as what,
            d.status = 'paid' as paid, coalesce(p.method, d.method) as method, p.check_number,
            d.anonymised_at is not null as anonymised
          from donation d
          left join usr u on u.usr_id = d.usr_id
          left join payment p on p.payment_id = d.payment_id and p.event_id = ${eventId}
          where d.event_id = ${eventId} and d.status in ('paid', 'pledged') and d.donation_id > ${after}
          order by d.donation_id limit ${limit}`),
      ),
      (gift) =>
        gift.anonymised
          ? {
              ...donation(scope, gift, "gift", "Donation"),
              // The donor's name was erased at their request: the gift stays, under an account that names no one.
              Donation_Donor__c: "Account1",
              Account1_Name__c: "Anonymous donors",
            }
          : donation(scope, gift, "gift", "Donation"),
    ),
    moneyPart(
      scope,
      "paddle raise pledge",
      "Donation",
      (after, limit) => sql`
        select g.pledge_id as key, ${USER_PERSON}, g.amount::bigint as amount, ${day(scope, sql`g.created_at`)} as day,
          'Paddle raise: ' || r.title as what, coalesce(p.status = 'paid', false) as paid, p.method, p.check_number
        from pledge g join paddle_raise r on r.paddle_raise_id = g.paddle_raise_id and r.event_id = ${eventId}
        left join usr u on u.usr_id = g.usr_id
        left join payment p on p.payment_id = g.payment_id and p.event_id = ${eventId}
        where g.event_id = ${eventId} and g.status = 'pledged' and g.pledge_id > ${after}
        order by g.pledge_id limit ${limit}`,
    ),
    moneyPart(
      scope,
      "item bought",
      null,
      (after, limit) => sql`
        select s.purchase_id as key, ${USER_PERSON}, s.amount::bigint as amount, ${day(scope, sql`s.created_at`)} as day,
          s.quantity || ' × ' || ai.title as what, coalesce(p.status = 'paid', false) as paid, p.method, p.check_number
        from purchase s join auction_item ai on ai.auction_item_id = s.auction_item_id and ai.event_id = ${eventId}
        left join usr u on u.usr_id = s.usr_id
        left join payment p on p.payment_id = s.payment_id and p.event_id = ${eventId}
        where s.event_id = ${eventId} and s.purchase_id > ${after}
        order by s.purchase_id limit ${limit}`,
    ),
    moneyPart(
      scope,
      "item won",
      null,
      (after, limit) => sql`
        select w.winner_id as key, ${USER_PERSON}, w.amount::bigint as amount, ${day(scope, sql`w.created_at`)} as day,
          'Won: ' || coalesce('lot ' || ai.lot || ', ', '') || ai.title as what,
          coalesce(p.status = 'paid', false) as paid, p.method, p.check_number
        from winner w join auction_item ai on ai.auction_item_id = w.auction_item_id and ai.event_id = ${eventId}
        left join usr u on u.usr_id = w.usr_id
        left join payment p on p.payment_id = w.payment_id and p.event_id = ${eventId}
        where w.event_id = ${eventId} and w.winner_id > ${after}
        order by w.winner_id limit ${limit}`,
    ),
    moneyPart(
      scope,
      "tickets",
      null,
      (after, limit) => sql`
        select t.ticket_payment_id as key, coalesce(t.first_name, u.first_name) as first_name,
          coalesce(t.last_name, u.last_name) as last_name, coalesce(t.email, u.email_address) as email,
          coalesce(t.phone, u.phone) as phone, u.address, u.city, u.state, u.zip, t.amount::bigint as amount,
          ${day(scope, sql`t.created_at`)} as day, t.quantity || ' × ' || k.title as what,
          coalesce(p.status = 'paid', false) as paid, p.method, p.check_number
        from ticket_payment t join ticket k on k.ticket_id = t.ticket_id and k.event_id = ${eventId}
        left join payment p on p.payment_id = t.payment_id and p.event_id = ${eventId}
        left join usr u on u.usr_id = p.usr_id
        where t.event_id = ${eventId} and t.status <> 'cancelled' and t.amount > 0 and t.ticket_payment_id > ${after}
        order by t.ticket_payment_id limit ${limit}`,
    ),
  ];
  for (const part of parts) yield* part;
}

function moneyPart(
  scope: ReportScope,
  name: string,
  recordType: string | null,
  query: (after: number, limit: number) => SQL,
) {
  return mapped(
    keysetBatches((after, limit) => read<MoneyRow>(query(after, limit))),
    (row) => donation(scope, row, name, recordType),
  );
}

async function* mapped<Row>(batches: AsyncGenerator<Row[]>, toRow: (row: Row) => NpspRow) {
  for await (const batch of batches) yield batch.map((row) => line(toRow(row)));
}
