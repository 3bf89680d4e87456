/** A person's role on an event in a few words, for the home page's list of their events. */
import { isEventAdmin, PERMISSION_LABELS, PERMISSIONS, type RoleFlags } from "~/auth/permissions";

const LISTED_PERMISSIONS = 3;

export function roleSummary(role: RoleFlags): string {
  const held = PERMISSIONS.filter((permission) => role[permission]);
  if (held.length === PERMISSIONS.length) return "Owner · every permission";
  const title = isEventAdmin(role) ? "Admin" : role.is_team_member ? "Team member" : "Guest";
  if (held.length === 0) return `${title} · no permissions yet`;
  const labels = held.slice(0, LISTED_PERMISSIONS).map((permission) => PERMISSION_LABELS[permission].toLowerCase());
  const more = held.length - labels.length;
  return `${title} · ${labels.join(", ")}${more > 0 ? ` and ${more} more` : ""}`;
}
