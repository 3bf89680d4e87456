/**
 * The permissions of a role and the predicates built on them (docs/permissions.md). Client-safe (no server imports):
 * the browser uses it only to hide what a person cannot use; the server always decides (access.server.ts).
 */

export const PERMISSIONS = [
  "can_bid",
  "can_bill",
  "can_check_in_out",
  "can_configure_event",
  "can_control_event",
  "can_design",
  "can_edit_auction_items",
  "can_edit_event",
  "can_preview_event",
  "can_register",
  "can_report",
  "can_send_messages",
  "can_view_stats",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const NOTIFY_FLAGS = [
  "notify_registration",
  "notify_form_submit",
  "notify_event_status",
  "notify_buy_now",
  "notify_low_inventory",
  "notify_content_change",
] as const;
export type NotifyFlag = (typeof NOTIFY_FLAGS)[number];

/** The flags of a role that the team screen edits: the permissions, then the notification choices. */
export const TEAM_FLAGS = [...PERMISSIONS, ...NOTIFY_FLAGS] as const;
export type TeamFlag = Permission | NotifyFlag;

export type RoleFlags = Record<Permission, boolean> & Record<NotifyFlag, boolean> & { is_team_member: boolean };
export type Role = RoleFlags & { usr_event_role_id: number; usr_id: number; event_id: number };

/** The permissions that make an event editable for a user (any one is enough): all but bidding, the door and the figures. */
const NOT_EDITING: readonly Permission[] = ["can_bid", "can_check_in_out", "can_view_stats"];
const EDITING_PERMISSIONS = PERMISSIONS.filter((permission) => !NOT_EDITING.includes(permission));

export const isEditable = (role: Partial<RoleFlags> | undefined) =>
  !!role && EDITING_PERMISSIONS.some((permission) => role[permission]);

export const isOwned = (role: Partial<RoleFlags> | undefined) =>
  !!role?.can_edit_event && !!role.can_edit_auction_items;

export const isEventAdmin = (role: Partial<RoleFlags> | undefined) => !!role?.can_configure_event;

/** A team member of an event when the first role entry for that event has is_team_member. */
export function isTeamMember(roles: readonly Pick<Role, "event_id" | "is_team_member">[], eventId: number) {
  return roles.find((role) => role.event_id === eventId)?.is_team_member === true;
}

export const isAnyTeamMember = (roles: readonly Pick<Role, "is_team_member">[]) => roles.some((r) => r.is_team_member);

/** The team list: the role records with is_team_member. */
export const teamOf = <R extends Pick<Role, "is_team_member">>(roles: readonly R[]) =>
  roles.filter((r) => r.is_team_member);

/** A role with every permission: the owner of a new event. */
export const OWNER_ROLE: RoleFlags = Object.fromEntries(
  [...PERMISSIONS, ...NOTIFY_FLAGS, "is_team_member"].map((flag) => [flag, true]),
) as RoleFlags;

export const PERMISSION_LABELS: Record<Permission, string> = {
  can_bid: "Bid for guests",
  can_bill: "Billing and checkout",
  can_check_in_out: "Check guests in and out",
  can_configure_event: "Configure the event (admin)",
  can_control_event: "Run the auctions",
  can_design: "Design pages and branding",
  can_edit_auction_items: "Edit auction items",
  can_edit_event: "Edit event details",
  can_preview_event: "Preview features in testing",
  can_register: "Register guests",
  can_report: "Reports and exports",
  can_send_messages: "Send messages",
  can_view_stats: "See figures and bids",
};

export const NOTIFY_LABELS: Record<NotifyFlag, string> = {
  notify_registration: "New registrations",
  notify_form_submit: "Form submissions",
  notify_event_status: "Event status changes",
  notify_buy_now: "Buy-now purchases",
  notify_low_inventory: "Low inventory",
  notify_content_change: "Content changes",
};

/** The label of every flag the team screen edits. */
export const TEAM_FLAG_LABELS: Record<TeamFlag, string> = { ...PERMISSION_LABELS, ...NOTIFY_LABELS };

/**
 * How a role reads in a list of events or a team: owner (can_edit_event and can_edit_auction_items), admin or team
 * member.
 */
export function roleLabel(role: Partial<RoleFlags>): "Owner" | "Admin" | "Team member" {
  if (isOwned(role)) return "Owner";
  if (isEventAdmin(role)) return "Admin";
  return "Team member";
}

/** The permissions of a role in a few words, for lists. */
export function permissionSummary(role: Partial<RoleFlags>): string {
  const held = PERMISSIONS.filter((permission) => role[permission]);
  if (held.length === PERMISSIONS.length) return "Every permission";
  if (held.length === 0) return "No permissions yet";
  return held.map((permission) => PERMISSION_LABELS[permission]).join(", ");
}
