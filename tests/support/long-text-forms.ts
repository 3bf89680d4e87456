// The long-text drill's forms (issue 32, finding 9: no text of 10,000 characters is stored where a person reads it).
// Each entry is a submission its action accepts, built on a small world (an event with its auctions, items, a
// ticket type and a party that pays at the door, its organiser and a guest with a paddle); the drill then sends it
// again with one field at a time replaced by a long text, so that the long value reaches the very rule that should
// refuse it. A refused submission elsewhere would hide a field with no limit: the drill first checks that the
// submission as given here is accepted.
//
// Every route with an action is either here, in NO_FREE_TEXT (its posts carry no text a person reads later), or in
// NOT_YET (free text not drilled here yet: the test names them, and a new route must be put in one of the three).
import { eq } from "drizzle-orm";
import { OWNER_ROLE } from "~/auth/permissions";
import { IDEMPOTENCY_KEY_MAX } from "~/bidding/bid-form";
import { placeBid } from "~/bidding/place-bid.server";
import { RETRACT_REASON_MAX } from "~/bidding/silent-bids";
import { invoiceIdFor } from "~/billing/charges.server";
import { loadPageDocument } from "~/designed-pages/page-documents.server";
import { setFeatureEnabled, toggleFeatureTesting } from "~/events/feature-switches.server";
import { TEXT_LIMITS } from "~/forms/rules";
import { PAGE_KINDS } from "~/pages-designer/page-kinds";
import { formFromTree } from "~/pages-designer/tree-form";
import { registerParty } from "~/registration/register-party.server";
import {
  bid,
  category,
  donor,
  fundraiser,
  inventory,
  paddle_raise,
  pledge,
  sponsor,
  staff,
  ticket,
} from "~drizzle/schema";
import { makeAuctionItem, makeBidder, openAuctions } from "./auction";
import { makeWinner } from "./billing";
import { giveRole, makeEvent, makeUser, sessionCookie } from "./people";
import type { Database } from "~/db/connection.server";
import type { PageKind, Tree } from "~/designed-pages/page-trees";

export interface LongTextWorld {
  eventId: number;
  clientId: number;
  /** The organiser: every permission on the event. */
  organiser: string;
  /** A guest with a paddle at the event. */
  guest: string;
  ticketId: number;
  /** A party registered to pay at the event: its order and first guest (the door takes the payment). */
  door: { paymentId: number; registrantId: number };
}

export interface LongTextForm {
  /** The route module's id, as the manifest names it. */
  route: string;
  /** What the form does, for messages. */
  name: string;
  /** Who posts it (the organiser unless said; a `cookie` that `prepare` made wins). */
  as?: "organiser" | "guest" | "anonymous";
  /**
   * The fields of a submission the action accepts. "{n}" in a value is replaced by a number of its own on every post,
   * so that a name that must be unique (a category's) stays unique.
   */
  fields: (world: LongTextWorld, rows: Record<string, string>) => Record<string, string | string[]>;
  /** Rows the form names, made once before it is sent (their ids by name, for `fields` and `params`). */
  prepare?: (db: Database, world: LongTextWorld) => Promise<Record<string, string>>;
  /** The fields to lengthen, when not every field but `intent` and `fixed` (a page design posts fifty settings). */
  lengthen?: string[];
  /** The route's dynamic segments. */
  params?: (rows: Record<string, string>) => Record<string, string>;
  /** More of the query string, after the event's id (`&cattleManId=…`). */
  query?: (rows: Record<string, string>) => string;
  /** Fields not to lengthen (hidden ids and choices are refused by their own rules anyway; these cost time). */
  fixed?: string[];
  /** Rich text fields, whose limit (TEXT_LIMITS.richText) is above 10,000: sent one character past it instead. */
  richText?: string[];
  /** Fields with a domain limit below 10,000: sent one character past it, which must be refused. */
  limits?: Record<string, number>;
}

export async function makeLongTextWorld(db: Database): Promise<LongTextWorld> {
  const made = await makeEvent(db, { title: "Long text gala" });
  const eventId = made.event_id;
  await openAuctions(db, eventId);
  await makeAuctionItem(db, eventId);
  await makeAuctionItem(db, eventId, { type: "live", title: "Safari" });
  const [type] = await db
    .insert(ticket)
    .values({ event_id: eventId, title: "Individual", price: 10_000 })
    .returning({ id: ticket.ticket_id });
  const organiser = await makeUser(db, { selected_event: eventId });
  await giveRole(db, organiser.usr_id, eventId, { ...OWNER_ROLE });
  const bidder = await makeBidder(db, eventId);
  const party = await registerParty(db, {
    eventId,
    lines: [{ ticketId: type.id, quantity: 1 }],
    buyer: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.org" },
    guests: [{ first_name: "Ada", last_name: "Lovelace", email: "ada@example.org" }],
    method: "pay_at_event",
    byStaff: true,
  });
  if (!party.ok) throw new Error(`the door's party was refused: ${party.refusal.message}`);
  return {
    eventId,
    clientId: made.client_id,
    organiser: await sessionCookie(organiser.usr_id),
    guest: await sessionCookie(bidder.usrId),
    ticketId: type.id,
    door: { paymentId: party.party.paymentId, registrantId: party.party.guests[0].registrant_id },
  };
}

const { name, title, reference, description } = TEXT_LIMITS;

/** A donor with an email address who gave an item to the event (a thank-you names what they gave). */
async function givingDonor(db: Database, world: LongTextWorld): Promise<string> {
  const [row] = await db
    .insert(donor)
    .values({ client_id: world.clientId, title: "Harbor Inn", email: "inn@example.org" })
    .returning({ id: donor.donor_id });
  await db.insert(inventory).values({ event_id: world.eventId, title: "Weekend", donor_id: row.id });
  return String(row.id);
}

/** A grid's edit in place of one cell of a row `prepare` made (its id as `id`). */
function inPlace(
  route: string,
  row: string,
  field: string,
  value: string,
  prepare: LongTextForm["prepare"],
  limit?: number,
): LongTextForm {
  return {
    route,
    name: `${row}'s ${field} edited in place`,
    prepare,
    fields: (_, rows) => ({ intent: "inline-edit", id: rows.id, field, value }),
    fixed: ["id", "field"],
    limits: limit === undefined ? undefined : { value: limit },
  };
}

const aCategory: LongTextForm["prepare"] = async (db, world) => {
  const [row] = await db
    .insert(category)
    .values({ client_id: world.clientId, title: "Travel" })
    .returning({ id: category.category_id });
  return { id: String(row.id) };
};
const aDonor: LongTextForm["prepare"] = async (db, world) => {
  const [row] = await db
    .insert(donor)
    .values({ client_id: world.clientId, title: "Harbor Inn" })
    .returning({ id: donor.donor_id });
  return { id: String(row.id) };
};
const aSponsor: LongTextForm["prepare"] = async (db, world) => {
  const [row] = await db
    .insert(sponsor)
    .values({ client_id: world.clientId, title: "Beacon" })
    .returning({ id: sponsor.sponsor_id });
  return { id: String(row.id) };
};
const aMemberOfStaff: LongTextForm["prepare"] = async (db, world) => {
  const [row] = await db
    .insert(staff)
    .values({ client_id: world.clientId, first_name: "Allison" })
    .returning({ id: staff.staff_id });
  return { id: String(row.id) };
};
const anInventoryItem: LongTextForm["prepare"] = async (db, world) => {
  const [row] = await db
    .insert(inventory)
    .values({ event_id: world.eventId, title: "Hotel voucher" })
    .returning({ id: inventory.inventory_id });
  return { id: String(row.id) };
};

const anItem =
  (type: "silent" | "live"): LongTextForm["prepare"] =>
  async (db, world) => {
    const row = await makeAuctionItem(db, world.eventId, { type, title: `A ${type} item` });
    return { id: String(row.auction_item_id) };
  };

/**
 * A page design as the designer's form loads it, with `texts` set (their "use the default" boxes unticked). Made in
 * `prepare` (the form is the stored tree's), carried as JSON in `rows.form`.
 */
function pageDesign(route: string, kind: PageKind, texts: Record<string, string>, richText: string[]): LongTextForm {
  return {
    route,
    name: `the ${kind} page's design`,
    prepare: async (_, world) => {
      if (kind === "landing") {
        await setFeatureEnabled(world.eventId, "landing", true);
        await toggleFeatureTesting(world.eventId, "landing");
      }
      const document = await loadPageDocument(world.eventId, kind);
      const form: Record<string, string | string[]> = {
        ...formFromTree(PAGE_KINDS[kind], (document.draft ?? document.published) as Tree),
        ...texts,
        intent: "save",
      };
      for (const name of Object.keys(texts)) delete form[`${name}.useDefault`];
      return { form: JSON.stringify(form) };
    },
    fields: (_, rows) => JSON.parse(rows.form) as Record<string, string | string[]>,
    lengthen: Object.keys(texts),
    richText,
  };
}

const INVENTORY_FORM = {
  title: "Weekend in Napa {n}",
  description: "<p>Two nights.</p>",
  tag: "NAPA-{n}",
  value: "1,250.50",
  donor_id: "",
  category_id: "",
  staff_id: "",
  disclaimer: "Blackout dates apply.",
  internal_notes: "Call the inn first.",
  display_order: "20",
};

export const LONG_TEXT_FORMS: LongTextForm[] = [
  {
    route: "routes/admin._workspace.auction_items.categories",
    name: "a new category",
    fields: () => ({ intent: "create", dialog: "new-category", title: "Experiences {n}", internal_notes: "Notes" }),
    fixed: ["dialog"],
  },
  {
    route: "routes/admin._workspace.auction_items.donors",
    name: "a new donor",
    fields: () => ({
      intent: "create",
      dialog: "new-donor",
      first_name: "Claire",
      last_name: "Donovan",
      title: "Chatham Harbor Inn {n}",
      email: "claire@example.com",
      phone: "(617) 555-0200",
      website: "chathamharborinn.example.com",
      is_active: "yes",
      internal_notes: "Notes",
    }),
    fixed: ["dialog", "is_active"],
    limits: { first_name: name, last_name: name },
  },
  {
    route: "routes/admin._workspace.auction_items.sponsors",
    name: "a new sponsor",
    fields: () => ({
      intent: "create",
      dialog: "new-sponsor",
      title: "Beacon Health {n}",
      level: "Gold",
      website: "beaconhealth.example.com",
      is_active: "yes",
      show_here: "yes",
      internal_notes: "Notes",
    }),
    fixed: ["dialog", "is_active", "show_here"],
  },
  {
    route: "routes/admin._workspace.auction_items.staff",
    name: "a new member of staff",
    fields: () => ({
      intent: "create",
      dialog: "new-staff",
      first_name: "Ben",
      last_name: "Okafor {n}",
      email: "ben@example.org",
      grid_row_color: "#D9F2E6",
      internal_notes: "Restaurants and wine.",
    }),
    fixed: ["dialog"],
    limits: { first_name: name },
  },
  {
    route: "routes/admin._workspace.auction_items.raffle_tickets",
    name: "a new raffle",
    fields: () => ({
      intent: "create",
      dialog: "new-raffle",
      title: "Golden ticket {n}",
      description: "A draw",
      draw_date_time: "2027-03-14T21:30",
      bundles: "5 for $40\n1 for 10",
      prizes: "Weekend in Napa = 1,200\nGift basket",
    }),
    fixed: ["dialog"],
    limits: { title },
  },
  {
    route: "routes/admin._workspace.auction_items.paddle_raises",
    name: "a new paddle raise",
    fields: () => ({
      intent: "create",
      dialog: "new-raise",
      title: "Fund a Classroom {n}",
      description: "Books",
      goal: "50,000",
      is_active: "on",
      levels: "500 Books for a month\n1000",
    }),
    fixed: ["dialog", "is_active"],
    limits: { title },
  },
  {
    route: "routes/admin._workspace.auction_items.items_for_sale",
    name: "a new item for sale",
    fields: () => ({
      intent: "create",
      dialog: "new-sale",
      title: "Wine pull {n}",
      buy_now: "50",
      quantity: "60",
      value: "25",
      xinv_category_id: "",
      excerpt: "A glass",
    }),
    fixed: ["dialog", "xinv_category_id"],
    limits: { title },
  },
  {
    route: "routes/admin._workspace.auction_items.inventory_.new",
    name: "a new inventory item",
    fields: () => ({ intent: "create", ...INVENTORY_FORM }),
    fixed: ["donor_id", "category_id", "staff_id"],
    richText: ["description"],
    limits: { title },
  },
  {
    route: "routes/admin._workspace.auction_items.inventory_.$inventoryId",
    name: "an inventory item saved",
    prepare: anInventoryItem,
    params: (rows) => ({ inventoryId: rows.id }),
    fields: () => ({ intent: "save", ...INVENTORY_FORM }),
    fixed: ["donor_id", "category_id", "staff_id"],
    richText: ["description"],
    limits: { title },
  },
  inPlace(
    "routes/admin._workspace.auction_items.inventory",
    "an inventory item",
    "title",
    "Spa day",
    anInventoryItem,
    title,
  ),
  inPlace("routes/admin._workspace.auction_items.categories", "a category", "title", "Trips", aCategory, title),
  inPlace("routes/admin._workspace.auction_items.donors", "a donor", "title", "Inn", aDonor, title),
  inPlace("routes/admin._workspace.auction_items.donors", "a donor", "internal_notes", "Notes", aDonor),
  inPlace("routes/admin._workspace.auction_items.sponsors", "a sponsor", "title", "Beacon Health", aSponsor),
  inPlace(
    "routes/admin._workspace.auction_items.staff",
    "a member of staff",
    "last_name",
    "Reyes",
    aMemberOfStaff,
    name,
  ),
  inPlace("routes/admin._workspace.auction_items.staff", "a member of staff", "internal_notes", "Wine", aMemberOfStaff),
  {
    route: "routes/admin._workspace.auction_items.duels",
    name: "a new duel",
    fields: () => ({
      intent: "create",
      title: "Table 7 vs Table 12 {n}",
      side_a: "Table 7",
      side_b: "Table 12",
      increments: "25, 50, 100",
      ends_at: "",
      is_active: "yes",
    }),
    fixed: ["is_active"],
    limits: { side_a: name, side_b: name },
  },
  {
    route: "routes/admin._workspace.setup.registration",
    name: "a new ticket type",
    fields: () => ({
      intent: "create-ticket",
      title: "Individual {n}",
      description: "<p>One seat at dinner.</p>",
      type: "individual",
      price: "250",
      max_quantity: "",
      increment: "1",
      seat_count: "1",
    }),
    fixed: ["type"],
    richText: ["description"],
    limits: { title },
  },
  {
    route: "routes/admin._workspace.setup.registration",
    name: "a new meal",
    fields: () => ({ intent: "create-meal", title: "Risotto {n}", description: "With parmesan." }),
    limits: { title },
  },
  {
    route: "routes/admin._workspace.setup.registration",
    name: "a new question",
    fields: () => ({
      intent: "create-question",
      name: "",
      label: "T-shirt size {n}",
      type: "select",
      options: "S\nM\nL",
      pattern: "",
      min: "",
      max: "",
      help: "For the fun run.",
    }),
    fixed: ["type", "min", "max"],
  },
  {
    route: "routes/admin._workspace.setup.registration",
    name: "a new promo code",
    fields: () => ({
      intent: "create-promo",
      code: "EARLY{n}",
      discount_type: "percent",
      discount: "20",
      usage_limit: "",
      is_active: "yes",
    }),
    fixed: ["discount_type", "is_active"],
  },
  {
    route: "routes/admin._workspace.registration.seating",
    name: "a new table",
    fields: () => ({ intent: "create-table", dialog: "new-table", name: "Table {n}", capacity: "10" }),
    fixed: ["dialog"],
    limits: { name },
  },
  {
    route: "routes/admin._workspace.setup.team",
    name: "a new member of the team",
    fields: () => ({
      intent: "invite",
      email: "new.person.{n}@example.org",
      first_name: "Nia",
      last_name: "New",
      permission: "can_register",
    }),
    fixed: ["permission"],
    limits: { first_name: name, last_name: name },
  },
  {
    route: "routes/admin._hub.events",
    name: "a new event",
    fields: () => ({
      intent: "create",
      title: "Spring Luncheon {n}",
      slug: "",
      subdomain: "lunch-{n}",
      timezone: "Europe/London",
    }),
    fixed: ["timezone"],
    limits: { title },
  },
  {
    route: "routes/admin._hub.eric.components",
    name: "the design lab's pledge",
    fields: () => ({ intent: "pledge", name: "Ada Lovelace", amount: "100" }),
    limits: { name },
  },
  {
    route: "routes/teamsignup",
    name: "a new organisation",
    as: "guest",
    fields: () => ({
      intent: "create-organisation",
      organisationTitle: "Lighthouse Trust {n}",
      organisationSlug: "",
      eventTitle: "Lantern Ball {n}",
      eventSlug: "",
      timezone: "Europe/London",
      subdomain: "",
    }),
    fixed: ["timezone"],
    limits: { organisationTitle: title, eventTitle: title },
  },
  {
    route: "routes/cattlemen",
    name: "a supporter's fundraising page",
    as: "guest",
    fields: () => ({ intent: "sign-up", name: "Jo's Run", goal: "1,500", story: "<p>Why</p>" }),
    richText: ["story"],
    limits: { name },
  },
  {
    route: "routes/admin._workspace.auction_items.auction_item_page",
    name: "a new auction item",
    fields: () => ({
      intent: "save",
      title: "Wine Country Escape {n}",
      lot: "",
      type: "live",
      subtype: "",
      excerpt: "Two nights in Napa.",
      description: "<p>Two nights for two.</p>",
      value: "1,000",
      starting_bid: "",
      increment: "",
      buy_now: "",
      quantity: "1",
      status: "draft",
      tag: "",
      display_order: "10",
      xinv_donor_id: "",
      xinv_category_id: "",
      xinv_staff_id: "",
      xinv_disclaimer: "Blackout dates apply.",
      internal_notes: "Notes",
    }),
    fixed: ["type", "status", "xinv_donor_id", "xinv_category_id", "xinv_staff_id"],
    richText: ["description"],
    limits: { title },
  },
  pageDesign(
    "routes/admin._workspace.pages.landing_page",
    "landing",
    { "heroSection.title": "Night of Lights", "heroSection.subtitle": "By the harbor" },
    [],
  ),
  pageDesign(
    "routes/admin._workspace.pages.registration_page",
    "registration",
    { "headerSection.subtitle": "Join us", "introSection.body": "<p>Dinner at seven.</p>" },
    ["introSection.body"],
  ),
  pageDesign(
    "routes/admin._workspace.pages.silent_auction_page",
    "silentAuction",
    { "bannerSection.subtitle": "Bid from your phone" },
    [],
  ),
  inPlace("routes/admin._workspace.auction_items.silent_packages", "a silent item", "title", "Spa", anItem("silent")),
  inPlace("routes/admin._workspace.auction_items.live_packages", "a live lot", "title", "Safari", anItem("live")),
  {
    route: "routes/admin._workspace.auction_items.email_page_.guests",
    name: "an email to the guests",
    fields: () => ({
      intent: "send",
      audience: "registrants",
      channel: "email",
      subject: "Valet tonight {n}",
      body: "Hello {{first_name}}, valet opens at 6.",
    }),
    fixed: ["audience", "channel"],
  },
  {
    route: "routes/admin._workspace.setup.email",
    name: "the event's email settings",
    fields: () => ({
      intent: "email-setup",
      sender_name: "Harbor Light",
      reply_to: "gala@example.org",
      subject_outbid: "You were outbid",
      body_outbid: "<p>Bid again.</p>",
    }),
    richText: ["body_outbid"],
  },
  {
    route: "routes/admin._workspace.setup.event",
    name: "the event's details",
    fields: () => ({
      intent: "save-details",
      title: "Lantern Ball {n}",
      excerpt: "An evening by the water.",
      description: "<p>Dinner, then the live auction.</p>",
      slug: "lantern-ball-{n}",
      subdomain: "lantern-{n}",
      timezone: "America/New_York",
      start_date_time: "2027-03-27T19:00",
      end_date_time: "2027-03-27T23:30",
      share_title: "The ball",
      share_description: "Join us",
    }),
    fixed: ["timezone"],
    richText: ["description"],
    limits: { title },
  },
  {
    route: "routes/admin._workspace.solemen.fundraisers",
    name: "a new fundraiser's page",
    fields: () => ({
      intent: "create",
      dialog: "new-fundraiser",
      name: "Jo's Run {n}",
      goal: "1,500",
      story: "<p>Why</p>",
      ends_at: "",
      is_active: "yes",
    }),
    fixed: ["dialog", "is_active"],
    richText: ["story"],
    limits: { name },
  },
  {
    route: "routes/admin._workspace.setup.billing",
    name: "the event's billing settings",
    fields: () => ({
      mode: "test",
      test_publishable_key: "",
      test_secret_key: "",
      live_publishable_key: "",
      live_secret_key: "",
      currency: "USD",
      cover_fee_enabled: "",
      fee_percent: "2.9",
      fee_fixed: "0.30",
      receipt_text: "Thank you for supporting the gala.",
      tax_id: "12-3456789",
      checkout_opens_at: "",
      checkout_closes_at: "",
    }),
    fixed: ["mode", "currency", "cover_fee_enabled"],
    limits: { tax_id: reference },
  },
  {
    route: "routes/admin._workspace.setup.monitors",
    name: "a monitor's settings",
    fields: () => ({
      intent: "save",
      path: "woa2025monitor",
      title: "Tonight's auction",
      panels: ["silent_items", "live_lot"],
      rotation_seconds: "12",
      items_per_page: "10",
    }),
    fixed: ["path", "panels"],
  },
  {
    route: "routes/admin._workspace.setup.texting",
    name: "the event's texting settings",
    fields: () => ({
      intent: "texting-setup",
      twilio_account_sid: "",
      twilio_auth_token: "",
      twilio_from_number: "(617) 555-0100",
      outbid_window_minutes: "30",
      text_outbid: "You were outbid on {{item}}.",
    }),
  },
  {
    route: "routes/admin._workspace.auction_items.print",
    name: "a donor's thank-you letter printed",
    prepare: async (db, world) => ({ donor: await givingDonor(db, world) }),
    fields: (_, rows) => ({ donor: rows.donor, message: "Thank you for the weekend in Napa." }),
    fixed: ["donor"],
    limits: { message: description },
  },
  {
    route: "routes/admin._workspace.auction_items.email_page",
    name: "a donor's thank-you emailed",
    prepare: async (db, world) => ({ donor: await givingDonor(db, world) }),
    fields: (_, rows) => ({ donor: rows.donor, subject: "Thank you", message: "Thank you for the weekend in Napa." }),
    fixed: ["donor"],
    limits: { message: description },
  },
  {
    route: "routes/auth.sign-up",
    name: "a sign-up",
    as: "anonymous",
    fields: () => ({ email: "new.{n}@example.org" }),
  },
  {
    route: "routes/auth.forgot-password",
    name: "a forgotten password",
    as: "anonymous",
    fields: () => ({ email: "someone.{n}@example.org" }),
  },
  {
    route: "routes/auth.code",
    name: "a sign-in code asked for",
    as: "anonymous",
    fields: () => ({ intent: "send", email: "guest.{n}@example.org", returnTo: "" }),
    fixed: ["returnTo"],
  },
  {
    route: "routes/inroombid",
    name: "a bid reviewed",
    as: "guest",
    prepare: anItem("silent"),
    fields: (_, rows) => ({
      intent: "review",
      item: rows.id,
      amount: "100",
      maximum: "",
      key: "0f8fad5b-d9cb-469f-a165-70867728950e",
    }),
    fixed: ["item", "amount", "maximum"],
    limits: { key: IDEMPOTENCY_KEY_MAX },
  },
  {
    route: "routes/dp",
    name: "a gift on the bill",
    as: "guest",
    fields: () => ({
      intent: "give",
      choice: "2500",
      other: "",
      frequency: "one_time",
      tribute_kind: "honour",
      tribute_name: "Grandma Rose",
      cover_fee: "",
      first_name: "Rosa",
      last_name: "Diaz",
      email: "rosa@example.org",
      is_anonymous: "",
      message: "For the children",
      pay: "invoice",
      submission: "drill-gift-{n}",
      step: "confirm",
    }),
    fixed: ["choice", "other", "frequency", "tribute_kind", "cover_fee", "is_anonymous", "pay", "step"],
    limits: { first_name: 80, last_name: 80, tribute_name: 120, message: 500 },
  },
  {
    route: "routes/admin._workspace.bids.silentbids",
    name: "a bid retracted",
    prepare: async (db, world) => {
      const item = await makeAuctionItem(db, world.eventId, { title: "Retreat" });
      const guest = await makeBidder(db, world.eventId);
      const placed = await placeBid(db, {
        eventId: world.eventId,
        itemId: item.auction_item_id,
        usrId: guest.usrId,
        submission: { kind: "bid", amount: 10_000, maximum: null },
        idempotencyKey: null,
      });
      if (!placed.ok) throw new Error(`the bid to retract was refused: ${JSON.stringify(placed.refusal)}`);
      const [row] = await db.select({ id: bid.bid_id }).from(bid).where(eq(bid.auction_item_id, item.auction_item_id));
      return { item: String(item.auction_item_id), bid: String(row.id) };
    },
    fields: (_, rows) => ({
      intent: "retract",
      item_id: rows.item,
      bid_id: rows.bid,
      reason: "The guest bid on the wrong item",
      dialog: `retract-${rows.bid}`,
    }),
    fixed: ["item_id", "bid_id", "dialog"],
    limits: { reason: RETRACT_REASON_MAX },
  },
  {
    route: "routes/admin._workspace.bids.paddleraises",
    name: "a pledge cancelled",
    prepare: async (db, world) => {
      const [raise] = await db
        .insert(paddle_raise)
        .values({ event_id: world.eventId, title: "Fund a classroom" })
        .returning({ id: paddle_raise.paddle_raise_id });
      const [row] = await db
        .insert(pledge)
        .values({ event_id: world.eventId, paddle_raise_id: raise.id, paddle: 100, amount: 50_000 })
        .returning({ id: pledge.pledge_id });
      return { pledge: String(row.id) };
    },
    fields: (_, rows) => ({ intent: "cancel", pledge: rows.pledge, reason: "The spotter misread the paddle" }),
    fixed: ["pledge"],
    limits: { reason: 200 },
  },
  {
    route: "routes/cattleman",
    name: "a supporter's page edited by its owner",
    prepare: async (db, world) => {
      const supporter = await makeUser(db, { selected_event: world.eventId });
      const [row] = await db
        .insert(fundraiser)
        .values({ event_id: world.eventId, usr_id: supporter.usr_id, name: "Jo's Run", approved_at: new Date() })
        .returning({ id: fundraiser.fundraiser_id });
      return { fundraiser: String(row.id), cookie: await sessionCookie(supporter.usr_id) };
    },
    query: (rows) => `&cattleManId=${rows.fundraiser}`,
    fields: () => ({ intent: "edit", name: "Jo runs the harbor", goal: "2000", story: "<p>Because</p>" }),
    richText: ["story"],
    limits: { name: 80 },
  },
  {
    route: "routes/admin._workspace.billing.winners",
    name: "a check taken at checkout",
    prepare: async (db, world) => {
      const guest = await makeWinner(db, world.eventId, 5_000);
      return { invoice: String(await invoiceIdFor(world.eventId, guest.usrId)) };
    },
    fields: (_, rows) => ({
      intent: "check",
      invoice: rows.invoice,
      amount: "50",
      check_number: "77",
      submission: "drill-check-{n}",
    }),
    fixed: ["invoice", "amount", "submission"],
    limits: { check_number: 30 },
  },
  {
    route: "routes/admin._workspace.setup.company",
    name: "the organisation's name and story",
    fields: () => ({ company_name: "Harbor Light Fund", company_about: "<p>We feed families.</p>" }),
    richText: ["company_about"],
  },
  {
    route: "routes/admin._workspace.setup.contact",
    name: "the event's contact details",
    fields: () => ({
      address: "1 Harbor Road\nPortland",
      email: "gala@example.org",
      phone: "+1 (503) 555-0100",
      website: "example.org/gala",
      facebook: "https://www.facebook.com/harborlight",
      instagram: "",
      linkedin: "",
      twitter: "x.com/harborlight",
    }),
  },
  {
    route: "routes/admin._workspace.solemen.donations",
    name: "a gift recorded by check",
    fields: () => ({
      intent: "create",
      dialog: "new-gift",
      first_name: "Margaret",
      last_name: "Chen",
      amount: "200",
      method: "check",
      check_number: "1042",
      submission: "drill-gift-check-{n}",
    }),
    fixed: ["dialog", "method", "submission"],
    limits: { check_number: reference },
  },
  {
    route: "routes/admin._workspace.registration.checkinout",
    name: "a walk-in at the door",
    fields: (world) => ({
      intent: "walk-in",
      first_name: "Grace",
      last_name: "Hopper {n}",
      email: "",
      ticket_id: String(world.ticketId),
      method: "cash",
    }),
    fixed: ["ticket_id", "method"],
    limits: { first_name: name, last_name: name },
  },
  {
    route: "routes/admin._workspace.registration.checkinout",
    name: "a check taken at the door",
    fields: (world) => ({
      intent: "pay-check",
      paymentId: String(world.door.paymentId),
      registrantId: String(world.door.registrantId),
      check_number: "1043",
    }),
    fixed: ["paymentId", "registrantId"],
    limits: { check_number: reference },
  },
  {
    route: "routes/admin._workspace.registration.registrants",
    name: "a guest's details edited",
    fields: (world) => ({
      intent: "edit",
      dialog: `edit-registrant-${world.door.registrantId}`,
      registrant: String(world.door.registrantId),
      first_name: "Ada",
      last_name: "King",
      email: "ada@example.org",
      phone: "617 555 0100",
      company: "Analytical Engines",
      address: "1 Harbor Road",
      city: "London",
      state: "Greater London",
      zip: "SW1A 1AA",
      country: "United Kingdom",
      group: "Lovelace family",
      paddle: "{n}",
    }),
    fixed: ["dialog", "registrant"],
    limits: { first_name: name, last_name: name, company: title, city: name, zip: 20 },
  },
  {
    route: "routes/admin._workspace.registration.registrants",
    name: "a guest registered by hand",
    fields: (world) => ({
      intent: "register",
      dialog: "new-registration",
      ticket_id: String(world.ticketId),
      quantity: "1",
      first_name: "Grace",
      last_name: "Hopper {n}",
      email: "grace@example.org",
      phone: "617 555 0100",
      company: "Navy",
      method: "comp",
    }),
    fixed: ["dialog", "ticket_id", "quantity", "method"],
    limits: { first_name: name, last_name: name, company: title },
  },
];

/** Routes whose posts carry no free text that is stored and read: ids, choices, amounts, dates, files, steps. */
export const NO_FREE_TEXT: Record<string, string> = {
  "routes/admin._hub.dashboard": "the evening's goal: an amount",
  "routes/admin._hub.events_.import":
    "an event archive file (its values checked column by column: tests/integration/event-archive.test.ts) and its token",
  "routes/admin._workspace.auction_items.email_page_.outbox":
    "a retry: a message's id and the retry count the page showed",
  "routes/admin._workspace.bids.purchases": "an item, a paddle, a quantity and the form's key (at most 100)",
  "routes/admin._workspace.registration.passes": "a pass, a payment method, a number of days",
  "routes/admin._workspace.setup.live_auction": "times, a capacity, the seat chart's address (at most 500) and numbers",
  "routes/admin._workspace.setup.modules": "a module's name from a list",
  "routes/admin._workspace.setup.reporting.tax": "tax statements mailed: a period (this event or a year)",
  "routes/admin._workspace.setup.silent_auction": "times, minutes and a percentage",
  "routes/admin._workspace.setup.virtual_auction": "times, minutes and a percentage",
  "routes/auth.google": "the return address only",
  "routes/auth.reset-password": "a token and a password (hashed, never shown)",
  "routes/auth.sign-in": "an email address and a password, read and not stored",
  "routes/auth.sign-out": "the return address only",
  "routes/billing.card": "a card session's id, from the payment provider",
  "routes/billing.stripe-webhook.$eventId": "the payment provider's signed events",
  "routes/dev.mailbox": "a phone number and a reply word from a list (STOP, START, HELP), demo sandbox only",
  "routes/invoice": "an amount and yes/no choices, on a link's token",
  "routes/live": "a lot, a paddle and an amount",
  "routes/pi": "a raise, a level or an amount, and the form's key (at most 100)",
  "routes/raffle": "a bundle, a paddle and the form's key",
  "routes/duel": "a side, an amount and the form's key (at most 100)",
  "routes/webhooks.twilio.sms": "Twilio's signed inbound texts: only STOP and START words are acted on",
};

/**
 * Routes with free text this drill does not post yet, and where its limit is now: each needs a submission built
 * for it (rows to name, a page design to load, a party mid-registration).
 */
export const NOT_YET: Record<string, string> = {
  "routes/admin._hub.eric.piano": "the design lab's branding: brandingSchema (fonts at most 80)",
  "routes/admin._workspace.auction_items.rawdata": "a CSV import: each row read by the item form's rules",
  "routes/admin._workspace.bids.livebids": "a hammered lot's correction: reason at most CORRECTION_REASON_MAX",
  "routes/admin._workspace.bids.raffle": "a redraw's reason (raffle desk forms)",
  "routes/admin._workspace.billing.payments": "a refund's reason",
  "routes/admin._workspace.setup.branding": "fonts at most 80 (brandingSchema); a multipart form with the logo",
  "routes/admin._workspace.setup.components": "header and footer texts (componentsFormSchema); multipart",
  "routes/auth.finish-sign-up": "a new account's names and password (newAccountSchema), on a link's token",
  "routes/register": "the registration draft's names and answers, checked at each step",
  // The stations' queues (decision 041) run the very actions their pages declare (StationAction), with the same
  // schemas: the long texts are drilled through the pages' own posts.
  "routes/admin._workspace.registration.checkinout_.sync": "the door's actions, as routes/…registration.checkinout",
  "routes/admin._workspace.bids.paddleraises_.sync": "the pledge, as routes/admin._workspace.bids.paddleraises",
  "routes/admin._workspace.billing.winners_.sync": "cash, checks and pickups, as routes/…billing.winners",
  "routes/live_.sync": "the clerk's actions, as routes/live",
};
