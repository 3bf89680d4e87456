/**
 * The realtime bus's topics for the admin data areas (they load once, then
 * stay current: the current event, its team and users by event_id, a user by google_id). Client-safe.
 *
 * - `event-data:<eventId>`: the event's own record changed ("event"), its team ("team"), or a person holding a role
 *   at it ("users": a name or email address);
 * - `usr:<usrId>`: the person's own record or roles changed ("user"), wherever that happened.
 */
import { paths } from "~/http/paths";

export type DataAreaChange = "event" | "team" | "users" | "user";

export const eventDataTopic = (eventId: number) => `event-data:${eventId}`;
export const userTopic = (usrId: number) => `usr:${usrId}`;

/** The admin layout's stream of both topics for the signed-in team member (app/routes/admin.stream.ts). */
export const dataAreasStreamUrl = (eventId: number) => paths.adminStream(eventId);
