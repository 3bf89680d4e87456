// The whole event, portable (issue 38 item 3, decision 039): an event's archive is exported, imported into another
// organisation as a new event, and exported again with the same content (ids aside); it carries none of another
// organisation's rows and none of the secrets; a bad archive is refused with its file, line and field, and changes
// nothing; both screens are can_configure_event.
import { createHash } from "node:crypto";
import { rm } from "node:fs/promises";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import { config } from "~/config.server";
import { ARCHIVE_TABLES } from "~/event-archive/archive-tables.server";
import { readTar, tarEnd, tarEntry } from "~/event-archive/tar.server";
import { imageKey, imageUrl } from "~/images/image-url";
import { fileStorage } from "~/images/storage.server";
import * as importRoute from "~/routes/admin._hub.events_.import";
import * as archiveRoute from "~/routes/admin._workspace.setup.event_.archive";
import {
  auction_item,
  auction_item_image,
  bid,
  billing_settings,
  card_on_file,
  category,
  donation,
  donor,
  event,
  event_path,
  invoice,
  invoice_line,
  landing,
  message,
  message_settings,
  pass,
  payment,
  promo_code,
  refund,
  registrant,
  ticket,
  ticket_payment,
  traditional_auction,
  usr,
  usr_password,
} from "~drizzle/schema";
import { makeAuctionItem, makeBidder, openAuctions } from "../support/auction";
import { makePledge, makeWinner } from "../support/billing";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRole } from "../support/people";
import { call, makeRequest } from "../support/route-calls";

const { db } = testDatabase();

const SECRET = "SECRET-must-never-leave";

type Archive = { files: Map<string, Uint8Array>; rows: Map<string, Record<string, unknown>[]> };

async function readArchive(bytes: Uint8Array): Promise<Archive> {
  const files = new Map<string, Uint8Array>();
  const rows = new Map<string, Record<string, unknown>[]>();
  async function* once() {
    yield gunzipSync(bytes);
  }
  for await (const entry of readTar(once(), 64 * 1024 * 1024)) {
    files.set(entry.name, entry.bytes);
    const match = /^tables\/(\w+)\//.exec(entry.name);
    if (match) {
      const lines = new TextDecoder().decode(entry.bytes).split("\n").filter(Boolean);
      rows.set(match[1]!, [...(rows.get(match[1]!) ?? []), ...lines.map((line) => JSON.parse(line))]);
    }
  }
  return { files, rows };
}

async function organiserOf(eventId: number) {
  const organiser = await makeUser(db, { selected_event: eventId });
  await giveRole(db, organiser.usr_id, eventId, { ...OWNER_ROLE });
  return { usrId: organiser.usr_id, cookie: await sessionCookie(organiser.usr_id) };
}

async function download(cookie: string) {
  const outcome = await call(archiveRoute.loader, makeRequest("/admin/setup/event/archive", { cookie }));
  expect(outcome.status).toBe(200);
  return new Uint8Array(await outcome.response!.arrayBuffer());
}

function uploadRequest(cookie: string, bytes: Uint8Array, name = "gala.gavel.tar.gz") {
  const form = new FormData();
  form.set("file", new File([Buffer.from(bytes)], name, { type: "application/gzip" }));
  return new Request("http://localhost:3000/admin/events/import", {
    method: "POST",
    headers: { Cookie: cookie },
    body: form,
  });
}

type CheckAnswer = {
  archiveCheck: {
    kinds: { table: string; rows: number; reused: number }[];
    problems: { file: string; line?: number; field?: string; message: string }[];
    notes: string[];
    images: number;
  };
  token: string | null;
};

async function checkUpload(cookie: string, bytes: Uint8Array) {
  const outcome = await call(importRoute.action, uploadRequest(cookie, bytes));
  return { status: outcome.status, answer: outcome.data as CheckAnswer };
}

/** Checks then imports; the new event's id. */
async function importArchive(cookie: string, bytes: Uint8Array): Promise<number> {
  const checked = await checkUpload(cookie, bytes);
  expect(checked.answer.archiveCheck.problems).toEqual([]);
  const imported = await call(
    importRoute.action,
    makeRequest("/admin/events/import", { cookie, form: { intent: "import", token: checked.answer.token! } }),
  );
  expect(imported.status).toBe(302);
  // The same form posted again (a double click without JavaScript) imports nothing more.
  const again = await call(
    importRoute.action,
    makeRequest("/admin/events/import", { cookie, form: { intent: "import", token: checked.answer.token! } }),
  );
  expect(again).toMatchObject({ status: 400, data: { error: expect.stringMatching(/imported already/) } });
  return Number(new URL(imported.location!, "http://localhost").searchParams.get("id"));
}

/**
 * The archive's content with ids replaced by each row's place in its table (references by their target's place) and
 * images by a digest of their bytes: two archives of the same event content are equal whatever their ids.
 * Left aside, what the import changes on purpose when the original is in the same Gavel: the event's slug and
 * subdomain, Stripe references and short addresses (the original keeps them).
 */
function canonical(archive: Archive) {
  const places = new Map<string, Map<unknown, number>>();
  for (const table of ARCHIVE_TABLES) {
    const rows = archive.rows.get(table.name) ?? [];
    if (table.key) places.set(table.name, new Map(rows.map((row, i) => [row[table.key!], i])));
  }
  const imageDigest = (hash: string, width: string) => {
    const bytes = archive.files.get(imageKey({ hash, width: Number(width) }));
    return bytes ? createHash("sha256").update(bytes).digest("hex").slice(0, 12) : `missing ${hash}`;
  };
  const withImages = (value: unknown): unknown =>
    value === null || value === undefined
      ? value
      : JSON.parse(
          JSON.stringify(value).replace(
            /\/images\/([0-9a-f]{32})\/w(\d+)\.webp/g,
            (_url, hash: string, width: string) => `image:${imageDigest(hash, width)}`,
          ),
        );
  const ignored: Record<string, string[]> = {
    event: ["slug", "subdomain"],
    payment: ["provider_ref", "checkout_session_id"],
    refund: ["provider_ref"],
  };
  const out: Record<string, unknown[]> = {};
  for (const table of ARCHIVE_TABLES) {
    if (table.name === "event_path") continue;
    out[table.name] = (archive.rows.get(table.name) ?? []).map((row) => {
      const value: Record<string, unknown> = {};
      for (const [field, cell] of Object.entries(row)) {
        if (ignored[table.name]?.includes(field)) continue;
        const target = field === table.key ? table.name : table.refs[field];
        if (target === "event" || target === "client") value[field] = target;
        else if (target && cell !== null) value[field] = `${target}#${places.get(target)!.get(cell)}`;
        else value[field] = withImages(cell);
      }
      if (table.name === "promo_code")
        value.ticket_ids = (row.ticket_ids as number[]).map((id) => `ticket#${places.get("ticket")!.get(id)}`);
      if (table.name === "invoice_line")
        value.source_key = String(row.source_key).replace(
          /^(\w+):(\d+)/,
          (_key, kind: string, id: string) =>
            `${kind}:#${places.get(kind === "line" ? "invoice_line" : kind)!.get(Number(id))}`,
        );
      return value;
    });
  }
  return out;
}

let sourceEventId: number;
let source: { usrId: number; cookie: string };
let otherEventId: number;
let imageRef: { hash: string; width: number };

/** A rich event: settings, pages, a catalogue with images, guests, tickets, bids, money and messages sent. */
async function seedRichEvent() {
  const made = await makeEvent(db, { title: "Spring Gala", subdomain: `spring-${Date.now()}` });
  sourceEventId = made.event_id;
  source = await organiserOf(sourceEventId);
  await openAuctions(db, sourceEventId);
  // An image, stored as the uploader stores it.
  const bytes = await sharp({ create: { width: 200, height: 120, channels: 3, background: "#c03" } })
    .webp()
    .toBuffer();
  imageRef = { hash: createHash("sha256").update(bytes).digest("hex").slice(0, 32), width: 200 };
  await fileStorage().put(imageKey(imageRef), bytes);
  // The landing page's settings name the image inside its JSON, the description inside its HTML.
  const hero = { heroSection: { image: { value: imageUrl(imageRef), useDefault: false } } };
  const [page] = await db
    .insert(landing)
    .values({ primary_color: "#112233", meta: hero as unknown as typeof landing.$inferInsert.meta })
    .returning();
  await db
    .update(event)
    .set({ landing_id: page.landing_id, description: `<p>Our gala</p><img src="${imageUrl(imageRef)}" alt="">` })
    .where(eq(event.event_id, sourceEventId));
  const [live] = await db.insert(traditional_auction).values({ event_id: sourceEventId, capacity: 80 }).returning();
  await db
    .update(event)
    .set({ traditional_auction_id: live.traditional_auction_id })
    .where(eq(event.event_id, sourceEventId));
  await db.insert(event_path).values({ path: `spring${Date.now()}`, event_id: sourceEventId, shows: "giving" });
  await db.insert(billing_settings).values({
    event_id: sourceEventId,
    test_secret_key_encrypted: SECRET,
    test_webhook_secret_encrypted: SECRET,
    test_publishable_key: `pk_test_${SECRET}`,
    receipt_text: "Thank you",
    cover_fee_enabled: true,
  });
  await db.insert(message_settings).values({
    event_id: sourceEventId,
    sender_name: "Spring Gala",
    smtp_url_encrypted: SECRET,
    twilio_account_sid: `AC${SECRET}`,
    twilio_auth_token_encrypted: SECRET,
  });

  const clientId = made.client_id;
  const [wine] = await db.insert(category).values({ client_id: clientId, title: "Wine" }).returning();
  const [giver] = await db
    .insert(donor)
    .values({ client_id: clientId, first_name: "Dana", last_name: "Donor", email: "dana@example.org" })
    .returning();
  const item = await makeAuctionItem(db, sourceEventId, {
    lot: 1,
    featured_image: imageUrl(imageRef),
    xinv_category_id: wine.category_id,
    xinv_donor_id: giver.donor_id,
  });
  await db.insert(auction_item_image).values({ auction_item_id: item.auction_item_id, url: imageUrl(imageRef) });

  const bidder = await makeBidder(db, sourceEventId);
  await db
    .update(usr)
    .set({ google_id: `google-${SECRET}`, stripe_id: `cus_${SECRET}` })
    .where(eq(usr.usr_id, bidder.usrId));
  await db.insert(usr_password).values({ usr_id: bidder.usrId, password_hash: `$argon2id$${SECRET}` });
  await db.insert(card_on_file).values({
    event_id: sourceEventId,
    usr_id: bidder.usrId,
    mode: "test",
    customer_id: `cus_${SECRET}`,
    payment_method_id: `pm_${SECRET}`,
  });
  const [first] = await db
    .insert(bid)
    .values({
      event_id: sourceEventId,
      usr_id: bidder.usrId,
      auction_item_id: item.auction_item_id,
      bid: 100_00,
      status: "outbid",
      idempotency_key: SECRET,
    })
    .returning();
  const second = await makeBidder(db, sourceEventId);
  await db
    .insert(bid)
    .values({ event_id: sourceEventId, usr_id: second.usrId, auction_item_id: item.auction_item_id, bid: 110_00 });
  void first;

  // Guests and tickets, paid by card with a refund.
  const [dinner] = await db
    .insert(ticket)
    .values({ event_id: sourceEventId, title: "Dinner", price: 150_00 })
    .returning();
  await db
    .insert(promo_code)
    .values({ event_id: sourceEventId, code: "FRIENDS", discount: 10, ticket_ids: [dinner.ticket_id] });
  const [bill] = await db
    .insert(invoice)
    .values({ event_id: sourceEventId, usr_id: bidder.usrId, number: 1 })
    .returning();
  const [paid] = await db
    .insert(payment)
    .values({
      event_id: sourceEventId,
      usr_id: bidder.usrId,
      amount: 300_00,
      method: "checkout",
      status: "paid",
      provider_ref: `pi_${Date.now()}`,
      invoice_id: bill.invoice_id,
      idempotency_key: SECRET,
    })
    .returning();
  const [order] = await db
    .insert(ticket_payment)
    .values({
      event_id: sourceEventId,
      ticket_id: dinner.ticket_id,
      payment_id: paid.payment_id,
      quantity: 2,
      amount: 300_00,
      status: "paid",
    })
    .returning();
  const [party] = await db
    .insert(pass)
    .values({
      event_id: sourceEventId,
      ticket_id: dinner.ticket_id,
      payment_id: paid.payment_id,
      names: ["Ann", "Bob"],
      seat_count: 2,
    })
    .returning();
  for (const name of ["Ann", "Bob"])
    await db.insert(registrant).values({
      event_id: sourceEventId,
      pass_id: party.pass_id,
      ticket_id: dinner.ticket_id,
      usr_id: name === "Ann" ? bidder.usrId : null,
      first_name: name,
      last_name: "Guest",
      email: `${name.toLowerCase()}@example.org`,
      paddle: name === "Ann" ? bidder.paddle : null,
    });
  const [refunded] = await db
    .insert(refund)
    .values({
      event_id: sourceEventId,
      payment_id: paid.payment_id,
      amount: 50_00,
      reason: "One guest fewer",
      status: "succeeded",
      idempotency_key: `refund-${SECRET}-${Date.now()}`,
    })
    .returning();
  const [line] = await db
    .insert(invoice_line)
    .values({
      invoice_id: bill.invoice_id,
      event_id: sourceEventId,
      source: "unpaid_tickets",
      source_key: `ticket_payment:${order.ticket_payment_id}`,
      description: "2 × Dinner",
      amount: 300_00,
    })
    .returning();
  await db.insert(invoice_line).values({
    invoice_id: bill.invoice_id,
    event_id: sourceEventId,
    source: "refunds",
    source_key: `refund:${refunded.refund_id}`,
    description: "Refund",
    amount: -50_00,
    reverses_line_id: line.invoice_line_id,
  });
  await makeWinner(db, sourceEventId, 120_00);
  await makePledge(db, sourceEventId, second.usrId, 500_00);
  await db
    .insert(donation)
    .values({ event_id: sourceEventId, usr_id: second.usrId, first_name: "Sam", amount: 25_00, method: "cash" });
  await db.insert(message).values({
    event_id: sourceEventId,
    template: "outbid",
    channel: "email",
    to_usr_id: bidder.usrId,
    to_email: bidder.email,
    data: { item: "Weekend in Napa" },
    idempotency_key: `outbid-${SECRET}-${Date.now()}`,
    status: "sent",
    claim_token: SECRET,
    sent_at: new Date(),
  });
  return { bidder };
}

beforeAll(async () => {
  const { bidder } = await seedRichEvent();
  // Another organisation's event, with a guest who also bids at the gala: none of its rows may travel.
  const other = await makeEvent(db, { title: "Other organisation's ball" });
  otherEventId = other.event_id;
  await makeAuctionItem(db, otherEventId, { title: "Other organisation's item" });
  await db.insert(registrant).values({ event_id: otherEventId, first_name: "Otto", email: "otto@other.example" });
  await db.insert(card_on_file).values({
    event_id: otherEventId,
    usr_id: bidder.usrId,
    mode: "test",
    customer_id: "cus_other",
    payment_method_id: "pm_other",
  });
  await db.insert(category).values({ client_id: other.client_id, title: "Other organisation's category" });
});

// The archives checked and never imported wait a day in the staging folder: the test data folder keeps none.
afterAll(() => rm(path.join(config.dataDir, "archive-imports"), { recursive: true, force: true }));

describe("the event archive", () => {
  let first: Uint8Array;

  it("holds the event's rows and images, and none of another organisation's rows nor any secret", async () => {
    first = await download(source.cookie);
    const archive = await readArchive(first);
    const manifest = JSON.parse(new TextDecoder().decode(archive.files.get("manifest.json")));
    expect(manifest).toMatchObject({
      format: "gavel-event-archive",
      formatVersion: 1,
      event: { title: "Spring Gala" },
    });
    expect(manifest.schemaVersion).toMatch(/^\d{4}_/);
    expect([...archive.files.keys()].at(-1)).toBe("end.json");
    expect(archive.files.has(imageKey(imageRef))).toBe(true);
    expect(archive.rows.get("registrant")).toHaveLength(2);
    expect(archive.rows.get("bid")).toHaveLength(2);
    expect(archive.rows.get("invoice_line")).toHaveLength(2);

    const text = [...archive.files.values()].map((bytes) => Buffer.from(bytes).toString("latin1")).join("\n");
    expect(text).not.toContain("SECRET");
    expect(text).not.toContain("Other organisation");
    expect(text).not.toContain("otto@other.example");
    expect(archive.rows.has("card_on_file")).toBe(false);
    expect(archive.rows.get("registrant")!.every((row) => !("checkin_token" in row) && !("claim_token" in row))).toBe(
      true,
    );
    // People the event names, and only them.
    const usrIds = new Set(archive.rows.get("usr")!.map((row) => row.usr_id));
    expect(usrIds.has(source.usrId)).toBe(false);
  });

  it("imports into another organisation as a new event, and exports again with the same content", async () => {
    const target = await makeEvent(db, { title: "Target's own gala" });
    const importer = await organiserOf(target.event_id);
    const checked = await checkUpload(importer.cookie, first);
    expect(checked.status).toBe(200);
    expect(checked.answer.archiveCheck.kinds).toEqual(
      expect.arrayContaining([
        { table: "registrant", label: "Guests", rows: 2, reused: 0 },
        // The people are this Gavel's already (the same database): found by email, not made twice.
        expect.objectContaining({
          table: "usr",
          reused: checked.answer.archiveCheck.kinds.find((k) => k.table === "usr")!.rows,
        }),
      ]),
    );
    // Said before anything changes: the gala's silent items are still open, and the taken subdomain is left out.
    expect(checked.answer.archiveCheck.notes).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^2 silent or virtual items are still open/),
        "Event: 1 subdomain already another's here, left empty.",
      ]),
    );

    const newEventId = await importArchive(importer.cookie, first);
    const [created] = await db.select().from(event).where(eq(event.event_id, newEventId));
    expect(created).toMatchObject({ title: "Spring Gala", client_id: target.client_id });
    expect(newEventId).not.toBe(sourceEventId);
    // The image is this organisation's own copy, under a key of its own.
    const [item] = await db.select().from(auction_item).where(eq(auction_item.event_id, newEventId));
    expect(item.featured_image).not.toBe(imageUrl(imageRef));
    expect(await fileStorage().has(item.featured_image!.slice(1))).toBe(true);
    // The importer owns it and works on it now; registrants got new tokens.
    const [guest] = await db.select().from(registrant).where(eq(registrant.event_id, newEventId)).limit(1);
    expect(guest.checkin_token).toMatch(/^[0-9a-f]{32}$/);

    const second = await download(importer.cookie);
    expect(canonical(await readArchive(second))).toEqual(canonical(await readArchive(first)));
  });

  it("copies the event in its own organisation, reusing its donors and categories", async () => {
    const clientId = (await db.select({ id: event.client_id }).from(event).where(eq(event.event_id, sourceEventId)))[0]!
      .id;
    const donorsBefore = await db.select({ n: count() }).from(donor).where(eq(donor.client_id, clientId));
    const checked = await checkUpload(source.cookie, first);
    const kind = (table: string) => checked.answer.archiveCheck.kinds.find((k) => k.table === table);
    expect(kind("donor")).toMatchObject({ rows: 1, reused: 1 });
    expect(kind("category")).toMatchObject({ rows: 1, reused: 1 });
    const copyId = await importArchive(source.cookie, first);
    const [copy] = await db.select().from(event).where(eq(event.event_id, copyId));
    expect(copy.client_id).toBe(clientId);
    expect(copy.slug).not.toBe((await db.select().from(event).where(eq(event.event_id, sourceEventId)))[0]!.slug);
    expect(await db.select({ n: count() }).from(donor).where(eq(donor.client_id, clientId))).toEqual(donorsBefore);
  });

  it("makes the people another Gavel does not know, without their sign-in or payment identities", async () => {
    // As if exported from another Gavel: its people's emails are new here.
    const archive = await readArchive(first);
    const repacked: Buffer[] = [];
    for (const [name, bytes] of archive.files) {
      let content = bytes;
      if (name.startsWith("tables/usr/"))
        content = new TextEncoder().encode(
          new TextDecoder().decode(bytes).replace(/"email_address":"([^"@]+)@/g, '"email_address":"moved-$1@'),
        );
      repacked.push(...tarEntry({ name, bytes: content }));
    }
    repacked.push(tarEnd());
    const target = await makeEvent(db, { title: "Elsewhere" });
    const importer = await organiserOf(target.event_id);
    const newEventId = await importArchive(importer.cookie, gzipSync(Buffer.concat(repacked)));
    const guests = await db
      .select({ email: usr.email_address, google: usr.google_id, stripe: usr.stripe_id, paddle: registrant.paddle })
      .from(registrant)
      .innerJoin(usr, eq(usr.usr_id, registrant.usr_id))
      .where(eq(registrant.event_id, newEventId));
    expect(guests).toHaveLength(1);
    expect(guests[0]!.email).toMatch(/^moved-/);
    expect(guests[0]).toMatchObject({ google: null, stripe: null });
    const [{ bids }] = await db.select({ bids: count() }).from(bid).where(eq(bid.event_id, newEventId));
    expect(bids).toBe(2);
  });

  it("refuses a damaged archive with its file, line and field, and changes nothing", async () => {
    const archive = await readArchive(first);
    const tampered: Buffer[] = [];
    for (const [name, bytes] of archive.files) {
      let content = bytes;
      if (name === "tables/bid/000001.jsonl") {
        const lines = new TextDecoder().decode(bytes).split("\n");
        const row = JSON.parse(lines[1]!);
        lines[1] = JSON.stringify({ ...row, bid: "a lot", usr_id: 987654321 });
        content = new TextEncoder().encode(lines.join("\n"));
      }
      if (name === "tables/category/000001.jsonl") {
        // A hand-made second category of the same title: one title per organisation here.
        const row = JSON.parse(new TextDecoder().decode(bytes).split("\n")[0]!);
        content = new TextEncoder().encode(`${JSON.stringify(row)}\n${JSON.stringify({ ...row, category_id: 999 })}\n`);
      }
      tampered.push(...tarEntry({ name, bytes: content }));
    }
    tampered.push(tarEnd());
    const importer = await organiserOf((await makeEvent(db)).event_id);
    const [{ events: before }] = await db.select({ events: count() }).from(event);
    const checked = await checkUpload(importer.cookie, gzipSync(Buffer.concat(tampered)));
    expect(checked.status).toBe(400);
    expect(checked.answer.token).toBeNull();
    expect(checked.answer.archiveCheck.problems).toEqual(
      expect.arrayContaining([
        { file: "tables/bid/000001.jsonl", line: 2, field: "bid", message: "bid must be a whole number." },
        {
          file: "tables/category/000001.jsonl",
          line: 2,
          field: "title",
          message: "title repeats an earlier row's (tables/category/000001.jsonl, line 1).",
        },
      ]),
    );

    const cut = first.subarray(0, Math.floor(first.length / 2));
    expect((await checkUpload(importer.cookie, cut)).answer.archiveCheck.problems[0]!.message).toMatch(
      /cut short|damaged/,
    );
    const notAnArchive = new TextEncoder().encode("title,lot\nA,1\n");
    expect((await checkUpload(importer.cookie, notAnArchive)).answer.archiveCheck.problems[0]!.message).toMatch(
      /not a Gavel event archive/,
    );

    const newer = archive.files.get("manifest.json")!;
    const manifest = JSON.parse(new TextDecoder().decode(newer));
    const future = Buffer.concat([
      ...tarEntry({
        name: "manifest.json",
        bytes: new TextEncoder().encode(JSON.stringify({ ...manifest, schemaVersion: "9999_future" })),
      }),
      tarEnd(),
    ]);
    expect((await checkUpload(importer.cookie, gzipSync(future))).answer.archiveCheck.problems[0]!.message).toMatch(
      /newer Gavel/,
    );
    const [{ events: after }] = await db.select({ events: count() }).from(event);
    expect(after).toBe(before);
  });

  it("is can_configure_event, to download and to import", async () => {
    const reporter = await makeUser(db, { selected_event: sourceEventId });
    await giveRole(db, reporter.usr_id, sourceEventId, teamRole("can_report", "can_edit_event"));
    const cookie = await sessionCookie(reporter.usr_id);
    expect((await call(archiveRoute.loader, makeRequest("/admin/setup/event/archive", { cookie }))).status).toBe(403);
    expect((await call(importRoute.action, uploadRequest(cookie, first))).status).toBe(403);
    expect((await call(importRoute.loader, makeRequest("/admin/events/import", { cookie }))).status).toBe(403);
  });

  it("writes a large event a file of 500 rows at a time", async () => {
    const big = await makeEvent(db, { title: "Big gala" });
    const owner = await organiserOf(big.event_id);
    const rows = Array.from({ length: 1_201 }, (_, i) => ({ event_id: big.event_id, first_name: `Guest ${i}` }));
    for (let i = 0; i < rows.length; i += 400) await db.insert(registrant).values(rows.slice(i, i + 400));
    const archive = await readArchive(await download(owner.cookie));
    const files = [...archive.files.keys()].filter((name) => name.startsWith("tables/registrant/"));
    expect(files).toEqual([
      "tables/registrant/000001.jsonl",
      "tables/registrant/000002.jsonl",
      "tables/registrant/000003.jsonl",
    ]);
    expect(archive.rows.get("registrant")).toHaveLength(1_201);
  });
});
