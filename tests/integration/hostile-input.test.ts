// Submissions no form of ours makes answer 4xx with a message, never 500 (issue 19): a column named after a property
// every object has, a multipart body that is cut short, a CSV cell naming one.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import { readFormWithImages } from "~/images/upload.server";
import * as categoriesRoute from "~/routes/admin._workspace.auction_items.categories";
import * as inventoryRoute from "~/routes/admin._workspace.auction_items.inventory";
import * as rawdataRoute from "~/routes/admin._workspace.auction_items.rawdata";
import * as sponsorsRoute from "~/routes/admin._workspace.auction_items.sponsors";
import * as purchasesRoute from "~/routes/admin._workspace.bids.purchases";
import * as raffleDeskRoute from "~/routes/admin._workspace.bids.raffle";
import * as silentBidsRoute from "~/routes/admin._workspace.bids.silentbids";
import * as registrantsRoute from "~/routes/admin._workspace.registration.registrants";
import * as setupRegistrationRoute from "~/routes/admin._workspace.setup.registration";
import * as teamRoute from "~/routes/admin._workspace.setup.team";
import * as forgotPasswordRoute from "~/routes/auth.forgot-password";
import * as signInRoute from "~/routes/auth.sign-in";
import * as guestRaffleRoute from "~/routes/raffle";
import { auction_item, category, event, inventory, promo_code, registration, ticket } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";
import type { RegistrantImportCheck } from "~/registration/registrant-import.server";

const { db } = testDatabase();

let eventId: number;
let cookie: string;

beforeEach(async () => {
  const made = await makeEvent(db);
  eventId = made.event_id;
  const user = await makeUser(db, { selected_event: eventId });
  await giveRole(db, user.usr_id, eventId, { ...OWNER_ROLE });
  cookie = await sessionCookie(user.usr_id);
});

const post = (route: { action: unknown }, path: string, form: Record<string, string>) =>
  call(route.action as RouteFunction, makeRequest(`${path}?id=${eventId}`, { cookie, form }));

/** A multipart body whose last part never ends. */
function brokenMultipart(route: { action: unknown }, path: string) {
  const body =
    '--XYZ\r\nContent-Disposition: form-data; name="intent"\r\n\r\ncheck\r\n--XYZ\r\nContent-Disposition: form';
  return call(
    route.action as RouteFunction,
    new Request(new URL(`${path}?id=${eventId}`, "http://localhost:3000"), {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "multipart/form-data; boundary=XYZ" },
      body,
    }),
  );
}

describe(`hostile submissions on ${process.env.TEST_DB_ENGINE}`, () => {
  it("an inline edit of a column named constructor or __proto__ is refused with a 400 on every grid", async () => {
    const [item] = await db
      .insert(auction_item)
      .values({ event_id: eventId, title: "Kayak", type: "silent" })
      .returning();
    const [stock] = await db.insert(inventory).values({ event_id: eventId, title: "Kayak" }).returning();
    const [client] = await db.select({ id: event.client_id }).from(event).where(eq(event.event_id, eventId));
    const [travel] = await db.insert(category).values({ client_id: client.id, title: "Travel" }).returning();
    const grids = [
      [rawdataRoute, "/admin/auction_items/rawdata", item.auction_item_id],
      [inventoryRoute, "/admin/auction_items/inventory", stock.inventory_id],
      [categoriesRoute, "/admin/auction_items/categories", travel.category_id],
    ] as const;
    for (const [route, path, id] of grids)
      for (const field of ["constructor", "__proto__", "toString", "hasOwnProperty"])
        expect(await post(route, path, { intent: "inline-edit", id: String(id), field, value: "1" })).toMatchObject({
          status: 400,
        });
    const [after] = await db.select().from(auction_item).where(eq(auction_item.auction_item_id, item.auction_item_id));
    expect(after.title).toBe("Kayak");
  });

  it("a multipart body cut short is a 400 on both CSV imports", async () => {
    expect(await brokenMultipart(rawdataRoute, "/admin/auction_items/rawdata")).toMatchObject({ status: 400 });
    expect(await brokenMultipart(registrantsRoute, "/admin/registration/registrants")).toMatchObject({ status: 400 });
    const imageForm = new Request("http://localhost:3000/", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=XYZ" },
      body: '--XYZ\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\n',
    });
    await expect(readFormWithImages(imageForm, ["image"])).rejects.toMatchObject({ status: 400 });
  });

  it("a body that is not a form (another content type, multipart cut short) is a 400 on actions reading a form", async () => {
    const routes = [
      [inventoryRoute, "/admin/auction_items/inventory"],
      [signInRoute, "/auth/sign-in"],
      [forgotPasswordRoute, "/auth/forgot-password"],
    ] as const;
    for (const [route, path] of routes) {
      for (const contentType of ["application/json", "text/plain", "multipart/form-data"]) {
        const notAForm = new Request(new URL(`${path}?id=${eventId}`, "http://localhost:3000"), {
          method: "POST",
          headers: { Cookie: cookie, "Content-Type": contentType },
          body: '{"intent":"delete"}',
        });
        expect(await call(route.action as RouteFunction, notAForm), `${path} with ${contentType}`).toMatchObject({
          status: 400,
        });
      }
      expect(await brokenMultipart(route, path), `${path} with a cut multipart body`).toMatchObject({ status: 400 });
    }
  });

  it("a row id past the integer columns' range is a 400, not a failed query", async () => {
    for (const id of ["2147483648", "9007199254740992", "1e21"])
      expect(await post(sponsorsRoute, "/admin/auction_items/sponsors", { intent: "hide", id }), id).toMatchObject({
        status: 400,
      });
  });

  it("an item, bundle or member id past the integer columns' range is a 400 on every form that names one", async () => {
    const submission = "drill-key-0001";
    const forms = [
      [silentBidsRoute, "/admin/bids/silentbids", { intent: "close" }, "item_id"],
      [raffleDeskRoute, "/admin/bids/raffle", { intent: "sell", paddle: "100", submission }, "bundle"],
      [guestRaffleRoute, "/raffle", { submission }, "bundle"],
      [teamRoute, "/admin/setup/team", { intent: "update", flag: "can_view_stats" }, "usr_id"],
      [purchasesRoute, "/admin/bids/purchases", { paddle: "100", quantity: "1", submission }, "item"],
    ] as const;
    for (const [route, path, form, field] of forms)
      for (const id of ["2147483648", "724515011080348134591"])
        expect(await post(route, path, { ...form, [field]: id }), `${path} ${field}=${id}`).toMatchObject({
          status: 400,
        });
  });

  it("a NUL character in any field is a 400, not a failed query, urlencoded or multipart", async () => {
    const path = "/admin/auction_items/categories";
    expect(await post(categoriesRoute, path, { intent: "create", title: "Tra\u0000vel" })).toMatchObject({
      status: 400,
    });
    expect(await post(categoriesRoute, path, { intent: "create", "ti\u0000tle": "Travel" })).toMatchObject({
      status: 400,
    });
    const multipart = new FormData();
    multipart.set("intent", "create");
    multipart.set("title", "Tra\u0000vel");
    const sent = new Request(new URL(`${path}?id=${eventId}`, "http://localhost:3000"), {
      method: "POST",
      headers: { Cookie: cookie },
      body: multipart,
    });
    expect(await call(categoriesRoute.action as RouteFunction, sent)).toMatchObject({ status: 400 });
    const [client] = await db.select({ id: event.client_id }).from(event).where(eq(event.event_id, eventId));
    expect(await db.select().from(category).where(eq(category.client_id, client.id))).toEqual([]);
    const images = new FormData();
    images.set("title", "Tra\u0000vel");
    await expect(
      readFormWithImages(new Request("http://localhost:3000/", { method: "POST", body: images }), ["image"]),
    ).rejects.toMatchObject({ status: 400 });
  });

  it("a CSV file with a NUL character is refused by both imports' check, with a message for the file", async () => {
    const [record] = await db.insert(registration).values({ paddle_start: 100 }).returning();
    await db.update(event).set({ registration_id: record.registration_id }).where(eq(event.event_id, eventId));
    // Both answer in the form contract's shape, on the file field.
    const files = [
      [
        rawdataRoute,
        "/admin/auction_items/rawdata",
        "Title,Value\nKay\u0000ak,100\n",
        { error: { file: [expect.stringMatching(/NUL/)] } },
      ],
      [
        registrantsRoute,
        "/admin/registration/registrants",
        "First name,Last name\nA\u0000da,Lovelace\n",
        { formId: "registrant-import", error: { file: [expect.stringMatching(/NUL/)] } },
      ],
    ] as const;
    for (const [route, path, csv, refusal] of files) {
      const form = new FormData();
      form.set("intent", "check");
      form.set("file", new File([csv], "rows.csv", { type: "text/csv" }));
      const outcome = await call(
        route.action as RouteFunction,
        new Request(new URL(`${path}?id=${eventId}`, "http://localhost:3000"), {
          method: "POST",
          headers: { Cookie: cookie },
          body: form,
        }),
      );
      expect(outcome.data, path).toMatchObject(refusal);
    }
  });

  it("a guest import whose payment cell says constructor lists it as a problem of its row", async () => {
    const [record] = await db.insert(registration).values({ paddle_start: 100 }).returning();
    await db.update(event).set({ registration_id: record.registration_id }).where(eq(event.event_id, eventId));
    await db.insert(ticket).values({ event_id: eventId, title: "Individual", price: 25_000 });
    const form = new FormData();
    form.set("intent", "check");
    const csv = "First name,Last name,Ticket,Payment\nAda,Lovelace,Individual,constructor\n";
    form.set("file", new File([csv], "guests.csv", { type: "text/csv" }));
    const outcome = await call(
      registrantsRoute.action as RouteFunction,
      new Request(new URL(`/admin/registration/registrants?id=${eventId}`, "http://localhost:3000"), {
        method: "POST",
        headers: { Cookie: cookie },
        body: form,
      }),
    );
    expect(outcome.status).toBe(200);
    const { importCheck } = outcome.data as { importCheck: RegistrantImportCheck };
    expect(importCheck.problems).toEqual([
      { line: 2, name: "Ada Lovelace", messages: [expect.stringMatching(/^Payment “constructor” is not one of/)] },
    ]);
  });
  it("a promo code naming a ticket type past the integer columns' range is refused beside its field (issue 32, finding 9)", async () => {
    const outcome = await post(setupRegistrationRoute, "/admin/setup/registration", {
      intent: "create-promo",
      code: "GALA",
      discount_type: "percent",
      discount: "10",
      ticket_ids: "2147483648",
    });
    expect(outcome).toMatchObject({
      status: 400,
      data: { error: { ticket_ids: ["Choose the ticket types from the list."] } },
    });
    expect(await db.select().from(promo_code).where(eq(promo_code.event_id, eventId))).toEqual([]);
  });

  it("a CSV past an import's limit is read to its end and refused beside the file: no connection reset (issue 32, finding 9)", async () => {
    const row = '"unbalanced quote, a long description that never closes' + "x".repeat(60) + "\n";
    const imports = [
      [rawdataRoute, "/admin/auction_items/rawdata", "The file is larger than 5 MB."],
      [registrantsRoute, "/admin/registration/registrants", "The file is larger than 2 MB."],
    ] as const;
    for (const [route, path, message] of imports) {
      const boundary = "drill6mb";
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\ncheck\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="guests.csv"\r\nContent-Type: text/csv\r\n\r\nTitle,Description\r\n`;
      const tail = `\r\n--${boundary}--\r\n`;
      const chunk = new TextEncoder().encode(row.repeat(Math.ceil(65_536 / row.length)));
      const chunks = Math.ceil((6 * 1024 * 1024) / chunk.length);
      // The body as a browser sends it, in pieces: whether the action read it all before answering.
      let sent = 0;
      let cancelled = false;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(head));
        },
        pull(controller) {
          if (sent < chunks) {
            sent++;
            controller.enqueue(chunk);
          } else {
            controller.enqueue(new TextEncoder().encode(tail));
            controller.close();
          }
        },
        cancel() {
          cancelled = true;
        },
      });
      const outcome = await call(
        route.action as RouteFunction,
        new Request(new URL(`${path}?id=${eventId}`, "http://localhost:3000"), {
          method: "POST",
          headers: { Cookie: cookie, "Content-Type": `multipart/form-data; boundary=${boundary}` },
          body,
          duplex: "half",
        } as RequestInit),
      );
      expect(outcome, path).toMatchObject({ status: 400, data: { error: { file: [message] } } });
      expect({ path, sent, cancelled }).toEqual({ path, sent: chunks, cancelled: false });
    }
  });
});
