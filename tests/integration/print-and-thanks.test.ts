// The catalogue's PDFs (/admin/auction_items/print) and a donor's thank-you (/admin/auction_items/email_page).
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import * as emailRoute from "~/routes/admin._workspace.auction_items.email_page";
import * as printRoute from "~/routes/admin._workspace.auction_items.print";
import { auction_item, donor, inventory } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { mailTo } from "../support/mailbox";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRoleWithout } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

const { db } = testDatabase();

let eventId: number;
let owner: string;
let donorId: number;

beforeEach(async () => {
  const made = await makeEvent(db);
  eventId = made.event_id;
  const user = await makeUser(db, { selected_event: eventId });
  await giveRole(db, user.usr_id, eventId, { ...OWNER_ROLE });
  owner = await sessionCookie(user.usr_id);
  const email = `ana-${Math.random().toString(36).slice(2, 8)}@example.org`;
  [{ donor_id: donorId }] = await db
    .insert(donor)
    .values({ client_id: made.client_id, first_name: "Ana", last_name: "Ruiz", email })
    .returning();
  const [pkg] = await db
    .insert(auction_item)
    .values({
      event_id: eventId,
      title: "Napa package",
      lot: 1,
      type: "silent",
      value: 150000,
      starting_bid: 60000,
      increment: 10000,
      xinv_donor_id: donorId,
      description: "<p>Two nights <strong>away</strong>.</p>",
    })
    .returning();
  await db.insert(inventory).values([
    {
      event_id: eventId,
      title: "Hotel nights",
      value: 100000,
      donor_id: donorId,
      auction_item_id: pkg.auction_item_id,
    },
    { event_id: eventId, title: "Winery tour", value: 50000, donor_id: donorId, auction_item_id: pkg.auction_item_id },
  ]);
  await db
    .insert(auction_item)
    .values({ event_id: eventId, title: "Signed guitar", lot: 2, type: "live", value: 300000, xinv_donor_id: donorId });
});

const get = (query: string, cookie = owner) =>
  call(printRoute.loader as RouteFunction, makeRequest(`/admin/auction_items/print?${query}`, { cookie }));

describe(`PDFs of the catalogue on ${process.env.TEST_DB_ENGINE}`, () => {
  it("prints bid sheets and item cards of a type as PDF downloads", async () => {
    for (const kind of ["sheets", "cards"]) {
      const outcome = await get(`kind=${kind}&type=silent`);
      expect(outcome.status).toBe(200);
      expect(outcome.response!.headers.get("Content-Type")).toBe("application/pdf");
      expect(outcome.response!.headers.get("Content-Disposition")).toContain(
        `${kind === "sheets" ? "bid-sheets" : "item-cards"}-silent.pdf`,
      );
      const bytes = Buffer.from(await outcome.response!.arrayBuffer());
      expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
      expect(bytes.length).toBeGreaterThan(1000);
    }
  });

  it("answers 404 when nothing matches, 400 to a bad request, 403 without the permission", async () => {
    expect((await get("kind=sheets&type=virtual")).status).toBe(404);
    expect((await get("kind=posters")).status).toBe(400);
    const user = await makeUser(db, { selected_event: eventId });
    await giveRole(db, user.usr_id, eventId, teamRoleWithout("can_edit_auction_items"));
    expect((await get("kind=sheets", await sessionCookie(user.usr_id))).status).toBe(403);
  });
});

describe(`a donor's thank-you on ${process.env.TEST_DB_ENGINE}`, () => {
  it("lists the donor's gifts once each (inventory, and items without inventory) with a ready message", async () => {
    const outcome = await call(
      emailRoute.loader as RouteFunction,
      makeRequest(`/admin/auction_items/email_page?donor=${donorId}`, { cookie: owner }),
    );
    const loaded = outcome.data as {
      gifts: { title: string; value: number }[];
      draft: { subject: string; message: string };
    };
    expect(loaded.gifts).toEqual([
      { title: "Hotel nights", value: 100000 },
      { title: "Winery tour", value: 50000 },
      { title: "Signed guitar", value: 300000 },
    ]);
    expect(loaded.draft.message).toMatch(/^Dear Ana Ruiz,/);
  });

  it("sends it by email with the gifts and their total, and refuses an empty message", async () => {
    const path = `/admin/auction_items/email_page?donor=${donorId}`;
    const refused = await call(
      emailRoute.action as RouteFunction,
      makeRequest(path, { cookie: owner, form: { donor: String(donorId), subject: "Thanks", message: " " } }),
    );
    expect(refused).toMatchObject({
      status: 400,
      data: { formId: "acknowledgement", error: { message: ["Write the message."] } },
    });

    const sent = await call(
      emailRoute.action as RouteFunction,
      makeRequest(path, {
        cookie: owner,
        form: { donor: String(donorId), subject: "Thank you", message: "Dear Ana,\n\nThank you." },
      }),
    );
    expect(sent).toMatchObject({ status: 302, location: path });
    const [donorRow] = await db.select({ email: donor.email }).from(donor).where(eq(donor.donor_id, donorId));
    // Sent through the outbox, in the event's branding (mailTo runs the outbox first).
    const [mail] = await mailTo(donorRow.email!);
    expect(mail.subject).toBe("Thank you");
    expect(mail.text).toContain("Hotel nights: $1,000.00");
    expect(mail.text).toContain("Total fair market value: $4,500.00");
    expect(mail.html).toContain("Total fair market value: $4,500.00");
  });

  it("sends mail only for someone who may send messages (the letter itself is catalogue work)", async () => {
    const writer = await makeUser(db, { selected_event: eventId });
    await giveRole(db, writer.usr_id, eventId, teamRoleWithout("can_send_messages"));
    const cookie = await sessionCookie(writer.usr_id);
    const path = `/admin/auction_items/email_page?donor=${donorId}`;
    const page = await call(emailRoute.loader as RouteFunction, makeRequest(path, { cookie }));
    expect(page).toMatchObject({ status: 200, data: { canSend: false } });
    const sent = await call(
      emailRoute.action as RouteFunction,
      makeRequest(path, { cookie, form: { donor: String(donorId), subject: "Hi", message: "Anything at all" } }),
    );
    expect(sent.status).toBe(403);
  });

  it("downloads it as a PDF letter, and never for another organisation's donor", async () => {
    const letter = await call(
      printRoute.action as RouteFunction,
      makeRequest("/admin/auction_items/print", {
        cookie: owner,
        form: { donor: String(donorId), message: "Dear Ana,\n\nThank you." },
      }),
    );
    expect(letter.status).toBe(200);
    expect(
      Buffer.from(await letter.response!.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    const other = await makeEvent(db);
    const [theirs] = await db
      .insert(donor)
      .values({ client_id: other.client_id, first_name: "Not", last_name: "Yours" })
      .returning();
    const refused = await call(
      printRoute.action as RouteFunction,
      makeRequest("/admin/auction_items/print", {
        cookie: owner,
        form: { donor: String(theirs.donor_id), message: "Hi" },
      }),
    );
    expect(refused.status).toBe(404);
    expect(
      (
        await call(
          emailRoute.loader as RouteFunction,
          makeRequest(`/admin/auction_items/email_page?donor=${theirs.donor_id}`, { cookie: owner }),
        )
      ).status,
    ).toBe(404);
  });
});
