// The five people the issue asks every route about, for a route on event A: an anonymous visitor, a user with no
// role, a team member of another event (B), a team member without what the route needs, and one with it. "Without
// it" for the rule "team" is a guest who bids at event A (role can_bid, a paddle), not on its team.
import { OWNER_ROLE, type Permission, type RoleFlags } from "~/auth/permissions";
import { usr_event_paddle } from "~drizzle/schema";
import { giveRole, makeEvent, makeUser, sessionCookie, teamRole, teamRoleWithout } from "./people";
import type { AccessRule } from "~/auth/route-access";
import type { Database } from "~/db/connection.server";

export type Persona =
  | "an anonymous visitor"
  | "a user with no role"
  | "a team member of another event"
  | "a team member without it"
  | "a team member with it";

export const PERSONAS: readonly Persona[] = [
  "an anonymous visitor",
  "a user with no role",
  "a team member of another event",
  "a team member without it",
  "a team member with it",
];

export interface PersonaWorld {
  /** Event A, the one every route is asked about. */
  eventId: number;
  /** Event B, where the "team member of another event" is on the team. */
  otherEventId: number;
  cookies: Map<string, string>;
}

const GUEST_PADDLE = 101;

/** Events A and B, and a signed-in user for every persona of every rule in `rules`. */
export async function makePersonaWorld(db: Database, rules: Iterable<AccessRule>): Promise<PersonaWorld> {
  const eventA = await makeEvent(db, { title: "Event A" });
  const eventB = await makeEvent(db, { title: "Event B" });
  const cookies = new Map<string, string>();

  const person = async (key: string, roles: Array<[number, Partial<RoleFlags>]>) => {
    // Their selected event is the other one, so only ?id can make event A current.
    const user = await makeUser(db, { selected_event: eventB.event_id });
    for (const [eventId, flags] of roles) await giveRole(db, user.usr_id, eventId, flags);
    cookies.set(key, await sessionCookie(user.usr_id));
    return user;
  };

  await person("no role", []);
  await person("team of another event", [[eventB.event_id, OWNER_ROLE]]);
  const guest = await person("team without it", [[eventA.event_id, { can_bid: true, is_team_member: false }]]);
  await db.insert(usr_event_paddle).values({ usr_id: guest.usr_id, event_id: eventA.event_id, paddle: GUEST_PADDLE });
  await person("team with it", [[eventA.event_id, teamRole()]]);
  const distinct = new Map([...rules].map((rule) => [String(rule), rule]));
  for (const [key, rule] of distinct) {
    if (rule === "team") continue;
    // A rule of several permissions: without any of them, and with just one (the first) of them.
    const anyOf: Permission[] = typeof rule === "string" ? [rule] : [...rule];
    await person(`${key} without it`, [[eventA.event_id, teamRoleWithout(...anyOf)]]);
    await person(`${key} with it`, [[eventA.event_id, teamRole(anyOf[0])]]);
  }
  return { eventId: eventA.event_id, otherEventId: eventB.event_id, cookies };
}

/** The session cookie of the persona for a route needing `rule`; undefined for the anonymous visitor. */
export function cookieFor(world: PersonaWorld, persona: Persona, rule: AccessRule): string | undefined {
  switch (persona) {
    case "an anonymous visitor":
      return undefined;
    case "a user with no role":
      return world.cookies.get("no role");
    case "a team member of another event":
      return world.cookies.get("team of another event");
    case "a team member without it":
      return world.cookies.get(rule === "team" ? "team without it" : `${String(rule)} without it`);
    case "a team member with it":
      return world.cookies.get(rule === "team" ? "team with it" : `${String(rule)} with it`);
  }
}
