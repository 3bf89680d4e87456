// /admin/registration/seating through its loader and action: moving parties (together, or one guest split off),
// capacity refused without changing anything, table add / edit / delete, assigned_table kept equal to the table's
// name, access, and the seating chart and place cards as PDFs.
import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as seatingRoute from "~/routes/admin._workspace.registration.seating";
import * as printRoute from "~/routes/admin._workspace.registration.seating_.print";
import { meal, pass, registrant, tbl } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRole, teamRoleWithout } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";
import type { SeatingGuestRow, SeatingTableRow } from "~/registration/seating";

const { db } = testDatabase();
const PATH = "/admin/registration/seating";

let eventId: number;
let staff: string;

beforeEach(async () => {
  eventId = (await makeEvent(db)).event_id;
  const user = await makeUser(db, { selected_event: eventId });
  await giveRole(db, user.usr_id, eventId, teamRole("can_register"));
  staff = await sessionCookie(user.usr_id);
});

const post = (form: Record<string, string | string[]>, cookie = staff) =>
  call(seatingRoute.action as RouteFunction, makeRequest(PATH, { cookie, form }));
const load = async (cookie = staff) => {
  const outcome = await call(seatingRoute.loader as RouteFunction, makeRequest(PATH, { cookie }));
  return outcome as typeof outcome & {
    data: { tables: SeatingTableRow[]; guests: SeatingGuestRow[]; suggestedName: string };
  };
};

async function addTable(name: string, capacity: number) {
  const [row] = await db.insert(tbl).values({ event_id: eventId, name, capacity }).returning();
  return row.tbl_id;
}

/** A party of a pass with these guests; their registrant ids in order. */
async function addParty(title: string, names: string[], ofEvent = eventId) {
  const [row] = await db.insert(pass).values({ event_id: ofEvent, title, names, seat_count: names.length }).returning();
  const guests = await db
    .insert(registrant)
    .values(
      names.map((name) => ({
        event_id: ofEvent,
        pass_id: row.pass_id,
        name,
        first_name: name.split(" ")[0],
        last_name: name.split(" ")[1],
      })),
    )
    .returning({ id: registrant.registrant_id });
  return guests.map((guest) => guest.id);
}

async function seats() {
  const rows = await db
    .select({ id: registrant.registrant_id, tbl_id: registrant.tbl_id, assigned_table: registrant.assigned_table })
    .from(registrant)
    .where(eq(registrant.event_id, eventId))
    .orderBy(asc(registrant.registrant_id));
  return rows;
}

const move = (guests: number[], to: number | "unseated", only?: number) =>
  post({ intent: "move", guest: guests.map(String), to: String(to), ...(only ? { only: String(only) } : {}) });

describe(`${PATH} on ${process.env.TEST_DB_ENGINE}`, () => {
  it("loads the tables and the guests with their parties, meals and seats", async () => {
    const t1 = await addTable("Table 1", 8);
    await addTable("Table 2", 10);
    const [chen, lee] = await addParty("Couple: Ana Chen", ["Ana Chen", "Bo Lee"]);
    const [solo] = await addParty("Individual: Cy Diaz", ["Cy Diaz"]);
    const [{ meal_id }] = await db.insert(meal).values({ event_id: eventId, title: "Salmon" }).returning();
    await db
      .update(registrant)
      .set({ meal_id, paddle: 101, tbl_id: t1, assigned_table: "Table 1" })
      .where(eq(registrant.registrant_id, chen));
    const [loose] = await db
      .insert(registrant)
      .values({ event_id: eventId, first_name: "Dee", last_name: "Park" })
      .returning();
    const other = await makeEvent(db);
    await addParty("Elsewhere", ["Not Here"], other.event_id);

    const outcome = await load();
    expect(outcome.status).toBe(200);
    expect(outcome.data.tables.map((table) => table.name)).toEqual(["Table 1", "Table 2"]);
    expect(outcome.data.suggestedName).toBe("Table 3");
    expect(outcome.data.guests).toEqual([
      expect.objectContaining({
        registrantId: chen,
        name: "Ana Chen",
        sortName: "Chen, Ana",
        paddle: 101,
        meal: "Salmon",
        partyLabel: "Couple: Ana Chen",
        tblId: t1,
      }),
      expect.objectContaining({
        registrantId: lee,
        partyLabel: "Couple: Ana Chen",
        partyKey: expect.stringMatching(/^pass-/),
        tblId: null,
      }),
      // A party of one is named by its guest; a guest without a pass is a party of one.
      expect.objectContaining({ registrantId: solo, partyLabel: "Cy Diaz" }),
      expect.objectContaining({
        registrantId: loose.registrant_id,
        name: "Dee Park",
        partyKey: `guest-${loose.registrant_id}`,
        partyLabel: "Dee Park",
      }),
    ]);
  });

  it("seats a party together, moves it to another table, and unseats it, keeping assigned_table in step", async () => {
    const t1 = await addTable("Table 1", 4);
    const t2 = await addTable("Table 2", 4);
    const party = await addParty("Couple: Ana Chen", ["Ana Chen", "Bo Lee"]);

    expect(await move(party, t1)).toMatchObject({ status: 302, location: PATH });
    expect(await seats()).toEqual(party.map((id) => ({ id, tbl_id: t1, assigned_table: "Table 1" })));

    const moved = await move(party, t2);
    expect(moved.status).toBe(302);
    // Moves replace the page in the browser's history instead of adding one entry each.
    expect(moved.response!.headers.get("X-Remix-Replace")).toBe("yes");
    expect(await seats()).toEqual(party.map((id) => ({ id, tbl_id: t2, assigned_table: "Table 2" })));

    expect((await move(party, "unseated")).status).toBe(302);
    expect(await seats()).toEqual(party.map((id) => ({ id, tbl_id: null, assigned_table: null })));
  });

  it("splits one guest off a party when staff choose just that guest", async () => {
    const t1 = await addTable("Table 1", 4);
    const t2 = await addTable("Table 2", 4);
    const [ana, bo, cy] = await addParty("Table: Ana Chen", ["Ana Chen", "Bo Lee", "Cy Diaz"]);
    await move([ana, bo, cy], t1);

    expect(await move([ana, bo, cy], t2, bo)).toMatchObject({ status: 302 });
    expect(await seats()).toEqual([
      { id: ana, tbl_id: t1, assigned_table: "Table 1" },
      { id: bo, tbl_id: t2, assigned_table: "Table 2" },
      { id: cy, tbl_id: t1, assigned_table: "Table 1" },
    ]);
    // "Just this guest" must be one of the party the form shows.
    const [stranger] = await addParty("Solo", ["Dee Park"]);
    expect(await move([ana, cy], t2, stranger)).toMatchObject({
      status: 400,
      data: { formId: "seating-move", error: { "": ["That guest is not in this party. Nobody was moved."] } },
    });
  });

  it("refuses a move the table has no room for, moving nobody, and says why", async () => {
    const t1 = await addTable("Table 1", 3);
    const first = await addParty("Couple: Ana Chen", ["Ana Chen", "Bo Lee"]);
    const second = await addParty("Couple: Cy Diaz", ["Cy Diaz", "Dee Park"]);
    await move(first, t1);
    const before = await seats();

    expect(await move(second, t1)).toMatchObject({
      status: 400,
      data: {
        formId: "seating-move",
        error: { "": ["Table 1 has only 1 seat free; Couple: Cy Diaz (2 guests) need 2 seats. Nobody was moved."] },
      },
    });
    expect(await seats()).toEqual(before);

    // One of them fits; a guest already at the table does not count twice.
    expect((await move(second, t1, second[0])).status).toBe(302);
    expect((await move(first, t1)).status).toBe(302);
    expect(await move([second[1]], t1)).toMatchObject({
      status: 400,
      data: { formId: "seating-move", error: { "": ["Table 1 is full; Dee Park needs 1 seat. Nobody was moved."] } },
    });
  });

  it("refuses moves to another event's table or of another event's guests", async () => {
    const other = await makeEvent(db);
    const [theirTable] = await db
      .insert(tbl)
      .values({ event_id: other.event_id, name: "Theirs", capacity: 10 })
      .returning();
    const theirGuests = await addParty("Theirs", ["Not Mine"], other.event_id);
    const mine = await addParty("Mine", ["Ana Chen"]);
    const t1 = await addTable("Table 1", 4);

    expect(await move(mine, theirTable.tbl_id)).toMatchObject({
      status: 400,
      data: { formId: "seating-move", error: { "": [expect.stringContaining("This table no longer exists")] } },
    });
    expect(await move(theirGuests, t1)).toMatchObject({
      status: 400,
      data: { formId: "seating-move", error: { "": [expect.stringContaining("no longer registered")] } },
    });
    const [theirs] = await db
      .select({ tbl_id: registrant.tbl_id })
      .from(registrant)
      .where(eq(registrant.registrant_id, theirGuests[0]));
    expect(theirs.tbl_id).toBeNull();
    expect(await move(mine, 0 as unknown as number)).toMatchObject({ status: 400 });
  });

  it("adds, renames and resizes tables, refusing a taken name and a capacity below the guests seated", async () => {
    expect(
      await post({ intent: "create-table", dialog: "new-table", name: " Table 1 ", capacity: "10" }),
    ).toMatchObject({ status: 302, location: PATH });
    expect(
      await post({ intent: "create-table", dialog: "new-table", name: "Head table", capacity: "12" }),
    ).toMatchObject({ status: 302 });
    expect(await post({ intent: "create-table", dialog: "new-table", name: "table 1", capacity: "8" })).toMatchObject({
      status: 400,
      data: {
        formId: "new-table",
        error: { name: ["There is already a table named “Table 1”."] },
        initialValue: { name: "table 1", capacity: "8" },
      },
    });
    expect(await post({ intent: "create-table", dialog: "new-table", name: "", capacity: "0" })).toMatchObject({
      status: 400,
      data: { error: { name: ["Give the table a name or number."], capacity: ["A table has at least 1 seat."] } },
    });
    const tables = await db.select().from(tbl).where(eq(tbl.event_id, eventId)).orderBy(asc(tbl.display_order));
    expect(tables.map((row) => [row.name, row.capacity, row.display_order])).toEqual([
      ["Table 1", 10, 0],
      ["Head table", 12, 1],
    ]);

    const head = tables[1].tbl_id;
    const party = await addParty("Table: Ana Chen", ["Ana Chen", "Bo Lee", "Cy Diaz"]);
    await move(party, head);

    const dialog = `edit-table-${head}`;
    expect(
      await post({ intent: "update-table", dialog, table: String(head), name: "Head table", capacity: "2" }),
    ).toMatchObject({
      status: 400,
      data: {
        formId: dialog,
        error: {
          capacity: ["3 guests sit at this table, so it needs at least 3 seats. Move guests to another table first."],
        },
      },
    });
    expect((await db.select().from(tbl).where(eq(tbl.tbl_id, head)))[0].capacity).toBe(12);
    expect(
      await post({ intent: "update-table", dialog, table: String(head), name: "Table 1", capacity: "3" }),
    ).toMatchObject({
      status: 400,
      data: { error: { name: ["There is already a table named “Table 1”."] } },
    });

    // Renaming carries the new name to the guests seated there.
    expect(
      await post({ intent: "update-table", dialog, table: String(head), name: "Table 7", capacity: "3" }),
    ).toMatchObject({ status: 302 });
    expect((await db.select().from(tbl).where(eq(tbl.tbl_id, head)))[0]).toMatchObject({
      name: "Table 7",
      capacity: 3,
    });
    expect(await seats()).toEqual(party.map((id) => ({ id, tbl_id: head, assigned_table: "Table 7" })));
  });

  it("deletes a table, unseating its guests", async () => {
    const t1 = await addTable("Table 1", 6);
    const t2 = await addTable("Table 2", 6);
    const party = await addParty("Couple: Ana Chen", ["Ana Chen", "Bo Lee"]);
    const [other] = await addParty("Solo", ["Cy Diaz"]);
    await move(party, t1);
    await move([other], t2);

    expect(await post({ intent: "delete-table", dialog: `delete-table-${t1}`, table: String(t1) })).toMatchObject({
      status: 302,
      location: PATH,
    });
    expect(await db.select({ id: tbl.tbl_id }).from(tbl).where(eq(tbl.event_id, eventId))).toEqual([{ id: t2 }]);
    expect(await seats()).toEqual([
      ...party.map((id) => ({ id, tbl_id: null, assigned_table: null })),
      { id: other, tbl_id: t2, assigned_table: "Table 2" },
    ]);
    // Another event's table cannot be deleted from here.
    const elsewhere = await makeEvent(db);
    const [theirs] = await db.insert(tbl).values({ event_id: elsewhere.event_id, name: "Theirs" }).returning();
    await post({ intent: "delete-table", table: String(theirs.tbl_id) });
    expect(await db.select().from(tbl).where(eq(tbl.tbl_id, theirs.tbl_id))).toHaveLength(1);
  });

  it("refuses a form that does not say what to do", async () => {
    expect((await post({ intent: "shuffle" })).status).toBe(400);
  });

  it("answers 403 to a team member without can_register, for the screen, its action and its PDFs", async () => {
    const user = await makeUser(db, { selected_event: eventId });
    await giveRole(db, user.usr_id, eventId, teamRoleWithout("can_register"));
    const cookie = await sessionCookie(user.usr_id);
    const t1 = await addTable("Table 1", 4);
    const party = await addParty("Solo", ["Ana Chen"]);

    expect((await load(cookie)).status).toBe(403);
    expect((await post({ intent: "move", guest: party.map(String), to: String(t1) }, cookie)).status).toBe(403);
    expect((await seats())[0].tbl_id).toBeNull();
    expect(
      (await call(printRoute.loader as RouteFunction, makeRequest(`${PATH}/print?kind=chart`, { cookie }))).status,
    ).toBe(403);
  });

  it("prints the seating chart and the place cards as PDFs", async () => {
    const t1 = await addTable("Table 1", 10);
    const party = await addParty("Couple: Zoë Łukasz", ["Zoë Łukasz", "Bo Lee"]);
    await addParty("Solo", ["Cy Diaz"]);
    await move(party, t1);

    for (const kind of ["chart", "cards"]) {
      const outcome = await call(
        printRoute.loader as RouteFunction,
        makeRequest(`${PATH}/print?kind=${kind}`, { cookie: staff }),
      );
      expect(outcome.status).toBe(200);
      expect(outcome.response!.headers.get("Content-Type")).toBe("application/pdf");
      expect(outcome.response!.headers.get("Content-Disposition")).toContain(
        kind === "chart" ? "seating-chart.pdf" : "place-cards.pdf",
      );
      const bytes = Buffer.from(await outcome.response!.arrayBuffer());
      expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    }
    expect(
      (await call(printRoute.loader as RouteFunction, makeRequest(`${PATH}/print?kind=posters`, { cookie: staff })))
        .status,
    ).toBe(400);
  });
});
