// The outbox's email through a real SMTP server (smtp-server, as tests/integration/mail-smtp.test.ts): the outbid
// message in the event's branding with the charity as sender and the item's link and closing time; the team's
// buy-now notice to the members who asked for it and no one else; the registration confirmation (meals, links to the
// seats to be named) and the ticket a guest gets for filling in their details on their personal link.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import {
  event,
  invoice,
  meal,
  message,
  question,
  registrant,
  registration,
  silent_auction,
  ticket,
} from "~drizzle/schema";
import { makeAuctionEvent, makeAuctionItem, makeBidder } from "../support/auction";
import { testDatabase } from "../support/database";
import { decodeQuotedPrintable, linksIn, subjectOf } from "../support/mail-message";
import { giveRole, makeEvent, makeUser } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp-capture";

/** A message's text as a person reads it: quoted-printable undone, its UTF-8 (a "·") read back. */
const readable = (raw: string) => Buffer.from(decodeQuotedPrintable(raw), "latin1").toString("utf8");

let smtp: SmtpCapture;
const { db } = testDatabase();

beforeAll(async () => {
  smtp = await startSmtpCapture();
  vi.stubEnv("SMTP_URL", `smtp://127.0.0.1:${smtp.port}`);
  vi.stubEnv("MAIL_FROM", "Gavel <gala@gavel.example>");
  vi.stubEnv("PUBLIC_URL", "https://gavel.example.org");
  vi.resetModules();
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await smtp.close();
});

it("sends the outbid email with the charity as sender, the item's link and its closing time in the event's zone", async () => {
  const { placeBid } = await import("~/bidding/place-bid.server");
  const { runOutbox } = await import("~/messages/worker.server");
  const gala = await makeAuctionEvent(db);
  await db
    .update(event)
    .set({ company_name: "Harbor Light Foundation", timezone: "America/Los_Angeles", primary_color: "#123456" })
    .where(eq(event.event_id, gala.event_id));
  await db
    .update(silent_auction)
    .set({ end_date_time: new Date("2030-05-17T04:45:00Z") })
    .where(eq(silent_auction.silent_auction_id, gala.silentAuctionId));
  const item = await makeAuctionItem(db, gala.event_id, { title: "Napa weekend" });
  const [ann, ben] = [await makeBidder(db, gala.event_id), await makeBidder(db, gala.event_id)];
  const bid = (usrId: number, amount: number) =>
    placeBid(db, {
      eventId: gala.event_id,
      itemId: item.auction_item_id,
      usrId,
      submission: { kind: "bid", amount, maximum: null },
      idempotencyKey: `${usrId}-${amount}`,
    });
  await bid(ann.usrId, 10_000);
  await bid(ben.usrId, 12_500);
  await runOutbox(db);

  const mail = smtp.received.filter((message) => message.to.includes(ann.email));
  expect(mail).toHaveLength(1);
  const raw = decodeQuotedPrintable(mail[0].raw);
  expect(subjectOf(mail[0].raw)).toBe("You've been outbid on Napa weekend");
  expect(raw).toMatch(/^From: "?Harbor Light Foundation"? <gala@gavel\.example>/m);
  expect(raw).toMatch(/Content-Type: text\/plain/);
  expect(raw).toMatch(/Content-Type: text\/html/);
  expect(raw).toContain("Someone bid $125.00 on Napa weekend");
  // 04:45 UTC on 17 May 2030 is 9:45 PM on Thursday the 16th in Los Angeles (PDT): not today, so the day is named.
  expect(raw).toContain("ends at Thu May 16, 2030, 9:45 PM PDT");
  expect(raw).toContain("background:#123456");
  expect(linksIn(mail[0].raw)).toContain(
    `https://gavel.example.org/inroombid?id=${gala.event_id}&item=${item.auction_item_id}`,
  );
  expect(smtp.received.filter((message) => message.to.includes(ben.email))).toEqual([]);
});

it("leads a live lot's outbid email to the live auction's page, where the lot on the block is (issue 33)", async () => {
  const { runOutbox } = await import("~/messages/worker.server");
  const gala = await makeAuctionEvent(db);
  const lot = await makeAuctionItem(db, gala.event_id, { title: "Sail at sunset", type: "live" });
  const bidder = await makeBidder(db, gala.event_id);
  await db.insert(message).values({
    event_id: gala.event_id,
    template: "outbid",
    channel: "email",
    to_usr_id: bidder.usrId,
    data: { item_id: lot.auction_item_id, amount_cents: 50_000 },
    idempotency_key: `outbid-live-${lot.auction_item_id}`,
  });
  await runOutbox(db);
  const [mail] = smtp.received.filter((received) => received.to.includes(bidder.email));
  const raw = decodeQuotedPrintable(mail.raw);
  expect(raw).toContain("Someone bid $500.00 on Sail at sunset");
  expect(raw).toContain("ends at the fall of the hammer");
  const links = linksIn(mail.raw);
  expect(links).toContain(`https://gavel.example.org/livec?id=${gala.event_id}`);
  expect(links.some((link) => link.includes("/inroombid"))).toBe(false);
});

it("tells the team members with notify_buy_now of a buy now, and no one else", async () => {
  const { placeBid } = await import("~/bidding/place-bid.server");
  const { runOutbox } = await import("~/messages/worker.server");
  const gala = await makeAuctionEvent(db);
  const item = await makeAuctionItem(db, gala.event_id, { title: "Chef's table", buy_now: 50_000 });
  const told = await makeUser(db);
  const notTold = await makeUser(db);
  await giveRole(db, told.usr_id, gala.event_id, { is_team_member: true, notify_buy_now: true });
  await giveRole(db, notTold.usr_id, gala.event_id, { is_team_member: true, notify_buy_now: false });
  const buyer = await makeBidder(db, gala.event_id);
  await placeBid(db, {
    eventId: gala.event_id,
    itemId: item.auction_item_id,
    usrId: buyer.usrId,
    submission: { kind: "buy_now" },
    idempotencyKey: "buy",
  });
  await runOutbox(db);
  const notices = smtp.received.filter((message) => subjectOf(message.raw)?.startsWith("Bought now at"));
  expect(notices.map((message) => message.to)).toEqual([[told.email_address]]);
  expect(decodeQuotedPrintable(notices[0].raw)).toContain(`Paddle ${buyer.paddle} bought Chef's table now for $500.00`);
});

it("links a winner's 'you won' email to their own invoice, signed so it opens without signing in", async () => {
  const { placeBid } = await import("~/bidding/place-bid.server");
  const { runOutbox } = await import("~/messages/worker.server");
  const { outboxEnrichers } = await import("~/outbox-enrichers.server");
  const { readInvoiceToken } = await import("~/billing/invoice-link.server");
  const { closeDueItems } = await import("~/bidding/closing-scheduler.server");
  const gala = await makeAuctionEvent(db);
  const item = await makeAuctionItem(db, gala.event_id, { title: "Harbour cruise" });
  const buyer = await makeBidder(db, gala.event_id);
  const placed = await placeBid(db, {
    eventId: gala.event_id,
    itemId: item.auction_item_id,
    usrId: buyer.usrId,
    submission: { kind: "bid", amount: 40_000, maximum: null },
    idempotencyKey: "bid-cruise",
  });
  expect(placed.ok).toBe(true);
  // The auction ends (two hours on): the item closes with its one bidder as the winner.
  await closeDueItems(db, new Date(Date.now() + 3 * 3_600_000));
  await runOutbox(db, { enrichers: outboxEnrichers });
  const [won] = smtp.received.filter(
    (mail) => mail.to.includes(buyer.email) && subjectOf(mail.raw)?.startsWith("You won Harbour cruise"),
  );
  const link = linksIn(decodeQuotedPrintable(won.raw)).find((href) => href.includes("/invoice?"))!;
  expect(link.startsWith("https://gavel.example.org/invoice?t=")).toBe(true);
  const named = readInvoiceToken(new URL(link).searchParams.get("t"));
  const [row] = await db.select().from(invoice).where(eq(invoice.invoice_id, named!.invoiceId));
  expect(row).toMatchObject({ event_id: gala.event_id, usr_id: buyer.usrId });
});

it("writes the registration confirmation in the registration's transaction; it goes with the event's date, place and QR codes, and tells the team", async () => {
  const { registerParty } = await import("~/registration/register-party.server");
  const { runOutbox } = await import("~/messages/worker.server");
  const { outboxEnrichers } = await import("~/outbox-enrichers.server");
  const made = await makeEvent(db);
  await db
    .update(event)
    .set({
      company_name: "Harbor Light Foundation",
      address: "Harbor Light Pavilion, 100 Pier Road",
      timezone: "America/New_York",
      start_date_time: new Date("2030-05-16T22:30:00Z"),
    })
    .where(eq(event.event_id, made.event_id));
  const [window] = await db
    .insert(registration)
    .values({ start_date_time: new Date(Date.now() - 3_600_000), end_date_time: new Date(Date.now() + 3_600_000) })
    .returning();
  await db.update(event).set({ registration_id: window.registration_id }).where(eq(event.event_id, made.event_id));
  const [single] = await db
    .insert(ticket)
    .values({ event_id: made.event_id, title: "Individual", price: 25_000, max_quantity: 10, seat_count: 1 })
    .returning();
  const teammate = await makeUser(db);
  await giveRole(db, teammate.usr_id, made.event_id, { is_team_member: true, notify_registration: true });
  const buyerEmail = `buyer-${made.event_id}@example.org`;
  const party = await registerParty(db, {
    eventId: made.event_id,
    lines: [{ ticketId: single.ticket_id, quantity: 1 }],
    buyer: { first_name: "Ada", last_name: "Lovelace", email: buyerEmail },
    guests: [{ first_name: "Ada", last_name: "Lovelace", email: buyerEmail }],
    method: "pay_at_event",
    sendConfirmation: true,
  });
  expect(party.ok).toBe(true);
  const written = await db.select().from(message).where(eq(message.event_id, made.event_id));
  expect(written.map((row) => row.template).sort()).toEqual(["registration_confirmation", "team_registration"]);

  await runOutbox(db, { enrichers: outboxEnrichers });
  const [confirmation] = smtp.received.filter((mail) => mail.to.includes(buyerEmail));
  const raw = decodeQuotedPrintable(confirmation.raw);
  expect(subjectOf(confirmation.raw)).toBe(`Your registration for ${made.title}`);
  expect(raw).toContain("Thursday, 16 May 2030 at 6:30 PM EDT");
  expect(raw).toContain("Harbor Light Pavilion, 100 Pier Road");
  expect(raw).toContain("Individual: $250.00, to pay at the event");
  expect(raw).toMatch(/Content-Type: image\/png/);
  expect(raw).toContain('src="cid:ticket-');
  const [notice] = smtp.received.filter((mail) => mail.to.includes(teammate.email_address));
  expect(subjectOf(notice.raw)).toBe(`New registration for ${made.title}: Ada Lovelace`);
});

it("a table's confirmation shows each named guest's meal, says we will ask only while a seat has none, and links each seat to be named", async () => {
  const { registerParty } = await import("~/registration/register-party.server");
  const { loadConfirmedOrder, MEALS_LATER } = await import("~/registration/confirmation.server");
  const { runOutbox } = await import("~/messages/worker.server");
  const { outboxEnrichers } = await import("~/outbox-enrichers.server");
  const gala = await tableEvent();
  const buyerEmail = `table-${gala.eventId}@example.org`;
  const party = await registerParty(db, {
    eventId: gala.eventId,
    lines: [{ ticketId: gala.table.ticket_id, quantity: 1 }],
    buyer: { first_name: "Ada", last_name: "Lovelace", email: buyerEmail },
    guests: [{ first_name: "Ada", last_name: "Lovelace", email: buyerEmail, meal_id: gala.salmon.meal_id }, null],
    method: "pay_at_event",
    sendConfirmation: true,
  });
  if (!party.ok) throw new Error("not registered");
  const { paymentId, guests } = party.party;
  const unnamed = guests.find((guest) => guest.name === null)!;
  const guestLink = `https://gavel.example.org/register?id=${gala.eventId}&guest=${unnamed.claim_token}`;

  await runOutbox(db, { enrichers: outboxEnrichers });
  const [confirmation] = smtp.received.filter((mail) => mail.to.includes(buyerEmail));
  const raw = readable(confirmation.raw);
  expect(raw).toContain("Table of 2 · Paddle");
  expect(raw).toContain("Meal: Roast salmon");
  expect(raw).toContain(MEALS_LATER);
  // The seat to be named: a link in the HTML part, its address on a line of its own in the text part.
  expect(raw).toContain(`<a href="${guestLink.replace("&", "&amp;")}"`);
  expect(raw.split(/\r?\n/)).toContain(guestLink);

  const order = await loadConfirmedOrder("https://gavel.example.org", gala.eventId, paymentId);
  expect(order?.guests.map((guest) => [guest.name, guest.meal, guest.mealMissing])).toEqual([
    ["Ada Lovelace", "Roast salmon", false],
    [null, null, true],
  ]);
  expect(order?.mealsLater).toBe(MEALS_LATER);
  // Every seat with a meal: nothing more to ask.
  await db
    .update(registrant)
    .set({ meal_id: gala.salmon.meal_id })
    .where(eq(registrant.registrant_id, unnamed.registrant_id));
  expect((await loadConfirmedOrder("https://gavel.example.org", gala.eventId, paymentId))?.mealsLater).toBe(null);
  // An event that asks for no meal says nothing of meals.
  await db.delete(question).where(eq(question.event_id, gala.eventId));
  await db.update(registrant).set({ meal_id: null }).where(eq(registrant.payment_id, paymentId));
  const mealless = await loadConfirmedOrder("https://gavel.example.org", gala.eventId, paymentId);
  expect(mealless?.mealsLater).toBe(null);
  expect(mealless?.guests.map((guest) => [guest.meal, guest.mealMissing])).toEqual([
    [null, false],
    [null, false],
  ]);
});

it("a guest who fills in their details on their personal link gets their ticket by email, once per address", async () => {
  const { registerParty } = await import("~/registration/register-party.server");
  const { runOutbox } = await import("~/messages/worker.server");
  const { outboxEnrichers } = await import("~/outbox-enrichers.server");
  const route = await import("~/routes/register");
  const gala = await tableEvent();
  const party = await registerParty(db, {
    eventId: gala.eventId,
    lines: [{ ticketId: gala.table.ticket_id, quantity: 1 }],
    buyer: { first_name: "Ada", last_name: "Lovelace", email: `buyer-${gala.eventId}@example.org` },
    guests: [{ first_name: "Ada", last_name: "Lovelace", meal_id: gala.salmon.meal_id }, null],
    method: "pay_at_event",
    sendConfirmation: true,
  });
  if (!party.ok) throw new Error("not registered");
  const { guests } = party.party;
  const unnamed = guests.find((guest) => guest.name === null)!;
  const link = `/register?id=${gala.eventId}&guest=${unnamed.claim_token}`;
  const lena = `lena.later-${gala.eventId}@example.com`;
  const save = async (form: Record<string, string>) => {
    const outcome = await call(route.action as RouteFunction, makeRequest(link, { form }));
    expect(outcome.location).toBe(`${link}&saved=1`);
  };
  const details = { first_name: "Lena", last_name: "Later", email: lena, "answer-meal": String(gala.salmon.meal_id) };
  await save(details);
  await save(details);
  const tickets = () =>
    db
      .select({ to: message.to_email })
      .from(message)
      .where(and(eq(message.event_id, gala.eventId), eq(message.template, "guest_ticket")));
  expect(await tickets()).toEqual([{ to: lena }]);

  await runOutbox(db, { enrichers: outboxEnrichers });
  const mails = smtp.received.filter((mail) => mail.to.includes(lena));
  expect(mails).toHaveLength(1);
  const raw = readable(mails[0].raw);
  expect(subjectOf(mails[0].raw)).toBe(`Your ticket for ${gala.title}`);
  expect(raw).toContain("Hello Lena,");
  expect(raw).toContain(`Table of 2 · Paddle ${unnamed.paddle} · Meal: Roast salmon`);
  expect(raw).toMatch(/Content-Type: image\/png/);
  expect(raw).toContain(`src="cid:ticket-${unnamed.registrant_id}@gavel"`);
  expect(linksIn(mails[0].raw)).toContain(`https://gavel.example.org${link}`);
  // Nothing of the buyer's order (its amount) goes to the guest.
  expect(raw).not.toContain("$");

  // A correction (the meal) sends nothing more; a new address gets the ticket.
  const risotto = { ...details, "answer-meal": String(gala.risotto.meal_id) };
  await save(risotto);
  expect(await tickets()).toHaveLength(1);
  const fixed = `lena.fixed-${gala.eventId}@example.com`;
  await save({ ...risotto, email: fixed });
  expect((await tickets()).map((row) => row.to)).toEqual([lena, fixed]);
  await runOutbox(db, { enrichers: outboxEnrichers });
  const [again] = smtp.received.filter((mail) => mail.to.includes(fixed));
  expect(readable(again.raw)).toContain("Meal: Mushroom risotto");
  expect(smtp.received.filter((mail) => mail.to.includes(lena))).toHaveLength(1);
});

/** An event open for registration with a table of two and a meal question (asked after purchase). */
async function tableEvent() {
  const made = await makeEvent(db);
  const [window] = await db
    .insert(registration)
    .values({ start_date_time: new Date(Date.now() - 3_600_000), end_date_time: new Date(Date.now() + 3_600_000) })
    .returning();
  await db
    .update(event)
    .set({
      company_name: "Harbor Light Foundation",
      registration_id: window.registration_id,
      is_registration_enabled: true,
      is_registration_testing: false,
    })
    .where(eq(event.event_id, made.event_id));
  const [table] = await db
    .insert(ticket)
    .values({ event_id: made.event_id, title: "Table of 2", price: 50_000, max_quantity: 10, seat_count: 2 })
    .returning();
  const [salmon, risotto] = await db
    .insert(meal)
    .values([
      { event_id: made.event_id, title: "Roast salmon", display_order: 0 },
      { event_id: made.event_id, title: "Mushroom risotto", display_order: 1 },
    ])
    .returning();
  await db.insert(question).values({
    event_id: made.event_id,
    name: "meal",
    label: "Meal choice",
    type: "meal",
    validation: { required: true },
    is_pre_sales_question: false,
  });
  return { eventId: made.event_id, title: made.title, table, salmon, risotto };
}

it("a receipt, as billing will write it in its payment's transaction, goes with its PDF attached", async () => {
  const { enqueueMessage } = await import("~/messages/outbox.server");
  const { runOutbox } = await import("~/messages/worker.server");
  const made = await makeEvent(db);
  await db.update(event).set({ company_name: "Harbor Light Foundation" }).where(eq(event.event_id, made.event_id));
  const payer = await makeUser(db, { first_name: "Grace" });
  const pdf = Buffer.from("%PDF-1.4\n% a receipt\n");
  await db.transaction((tx) =>
    enqueueMessage(tx, {
      event_id: made.event_id,
      template: "receipt",
      to: { usr_id: payer.usr_id },
      channel: "email",
      data: {
        amount: "$1,250.00",
        deductible: "The tax-deductible part of this payment is $450.00.",
        link: "https://gavel.example.org/invoice?id=1",
      },
      attachments: [{ filename: "receipt.pdf", contentType: "application/pdf", content: pdf }],
      idempotency_key: `receipt:test:${made.event_id}`,
    }),
  );
  await runOutbox(db);
  const [receipt] = smtp.received.filter((mail) => mail.to.includes(payer.email_address));
  expect(subjectOf(receipt.raw)).toBe(`Your receipt from ${made.title}`);
  const raw = decodeQuotedPrintable(receipt.raw);
  expect(raw).toContain("Hello Grace,");
  expect(raw).toContain("Thank you for your payment of $1,250.00 to Harbor Light Foundation.");
  expect(raw).toMatch(/Content-Type: application\/pdf; name=receipt\.pdf/);
  expect(raw).toContain(pdf.toString("base64").slice(0, 20));
});
