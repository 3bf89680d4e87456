/**
 * The dashboard's warning that email or texting is failing (app/messages/transport-health.server.ts), for the people
 * who can do something about it: those who follow the outbox (can_send_messages) are led to its failed messages, and
 * those who set the event up (can_configure_event) to the channel's setup screen.
 */
import { eventSettings } from "~/events/event-settings.server";
import { failingTransports } from "~/messages/transport-health.server";
import { formatInZone } from "~/ui/zoned-time";
import type { DashboardData } from "./dashboard.server";
import type { Role } from "~/auth/permissions";

export async function transportTrouble(
  eventId: number,
  role: Pick<Role, "can_send_messages" | "can_configure_event">,
  /** The event named in the page's address (?id), kept in the links. */
  eventIdInQuery: number | undefined,
): Promise<DashboardData["failingTransports"]> {
  if (!role.can_send_messages && !role.can_configure_event) return [];
  const failing = await failingTransports(eventId);
  if (failing.length === 0) return [];
  const { timezone } = await eventSettings(eventId);
  const link = (path: string, params: Record<string, string> = {}) => {
    const query = new URLSearchParams(
      eventIdInQuery === undefined ? params : { id: String(eventIdInQuery), ...params },
    );
    return query.size > 0 ? `${path}?${query}` : path;
  };
  return failing.map((transport) => ({
    ...transport,
    failedAt: formatInZone(transport.failedAt, timezone, "time"),
    to: role.can_send_messages
      ? link("/admin/auction_items/email_page/outbox", { status: "failed" })
      : link(`/admin/setup/${transport.channel === "email" ? "email" : "texting"}`),
  }));
}
