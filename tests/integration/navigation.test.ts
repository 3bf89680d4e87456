// The navigation rules that run before every page (the root loader), and the REST call
// GET /events/subdomain/{subdomain}.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { OWNER_ROLE } from "~/auth/permissions";
import * as root from "~/root";
import * as subdomainRoute from "~/routes/events.subdomain.$subdomain";
import { testDatabase } from "../support/database";
import { giveRole, makeEvent, makeUser, sessionCookie } from "../support/people";
import { call, makeRequest, type RouteFunction } from "../support/route-calls";

// Read once, when the configuration is first imported: this file runs with a special subdomain configured.
vi.hoisted(() => {
  process.env.SPECIAL_SUBDOMAIN = "give";
  process.env.SPECIAL_SUBDOMAIN_PATH = "/woa2025give";
});

const { db } = testDatabase();
let harbor: { event_id: number };

beforeAll(async () => {
  harbor = await makeEvent(db, { title: "Harbor Lights Gala", subdomain: "harborlights" });
});

const rootLoader = (url: string, init: { cookie?: string } = {}) =>
  call(root.loader as RouteFunction, makeRequest(url, init));

describe(`GET /events/subdomain/{subdomain} on ${process.env.TEST_DB_ENGINE}`, () => {
  const lookUp = async (subdomain: string) => {
    const result = await call(subdomainRoute.loader as RouteFunction, makeRequest(`/events/subdomain/${subdomain}`), {
      subdomain,
    });
    return { status: result.status, body: await result.response!.json() };
  };

  it("answers the event's id", async () => {
    expect(await lookUp("harborlights")).toEqual({ status: 200, body: { event_id: harbor.event_id } });
  });

  it("ignores the case of the subdomain", async () => {
    expect(await lookUp("HarborLights")).toEqual({ status: 200, body: { event_id: harbor.event_id } });
  });

  it.each(["nosuchgala", "harbor.lights", "%27%20or%201=1"])("answers 404 with an error for %s", async (subdomain) => {
    const { status, body } = await lookUp(subdomain);
    expect(status).toBe(404);
    expect(body).toEqual({ error: expect.stringContaining("No event uses the subdomain") });
  });
});

describe("the subdomain check before every page", () => {
  it("sends an event's subdomain to its page on the main host, keeping the query string", async () => {
    const result = await rootLoader("http://harborlights.localhost:3000/some/page?ref=flyer&table=4");
    expect(result.status).toBe(302);
    expect(result.location).toBe(`http://localhost:3000/event?id=${harbor.event_id}&ref=flyer&table=4`);
  });

  it("sends an unknown subdomain to the 404 path of the main host", async () => {
    const result = await rootLoader("http://nosuchgala.localhost:3000/");
    expect(result).toMatchObject({ status: 302, location: "http://localhost:3000/404" });
  });

  it("sends the configured special subdomain to its fixed path", async () => {
    const result = await rootLoader("http://give.localhost:3000/whatever");
    expect(result).toMatchObject({ status: 302, location: "http://localhost:3000/woa2025give" });
  });

  it.each([
    "http://localhost:3000/",
    "http://127.0.0.1:3000/admin",
    "http://localhost:9000/",
    "http://127.0.0.1:4000/",
  ])("serves the main host and local development hosts: %s", async (url) => {
    expect((await rootLoader(url)).status).toBe(200);
  });
});

describe("what the root loader tells every page about the visitor", () => {
  it("nothing for an anonymous visitor", async () => {
    expect((await rootLoader("/")).data).toMatchObject({ viewer: null });
  });

  it("a signed-in user's name, events and current event: ?id first, else the selected event", async () => {
    const other = await makeEvent(db, { title: "Winter Ball" });
    const person = await makeUser(db, { first_name: "Ida", last_name: "Id", selected_event: other.event_id });
    await giveRole(db, person.usr_id, harbor.event_id, { ...OWNER_ROLE });
    await giveRole(db, person.usr_id, other.event_id, { can_bid: true });
    const cookie = await sessionCookie(person.usr_id);

    const selected = (await rootLoader("/", { cookie })).data as { viewer: Record<string, unknown> };
    expect(selected.viewer).toMatchObject({
      usr_id: person.usr_id,
      first_name: "Ida",
      current_event_id: other.event_id,
    });
    expect(selected.viewer.events).toEqual(
      expect.arrayContaining([
        { event_id: harbor.event_id, title: "Harbor Lights Gala", is_archived: false, is_team_member: true },
        { event_id: other.event_id, title: "Winter Ball", is_archived: false, is_team_member: false },
      ]),
    );

    const byId = (await rootLoader(`/?id=${harbor.event_id}`, { cookie })).data as { viewer: Record<string, unknown> };
    expect(byId.viewer.current_event_id).toBe(harbor.event_id);
  });
});
