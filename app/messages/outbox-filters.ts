/**
 * The outbox screen's filters (/admin/auction_items/email_page/outbox), read from the address: a GET form, so they
 * work without JavaScript and a filtered list can be bookmarked or shared. Client-safe.
 */
import { TEMPLATE_NAMES, TEMPLATES, type TemplateName } from "./templates";

export const MESSAGE_STATUSES = {
  queued: "Waiting",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
  skipped: "Not sent",
} as const;
export type MessageStatus = keyof typeof MESSAGE_STATUSES;

/** The kinds of message the list can be narrowed to, as the setup screens name them. */
export const MESSAGE_KINDS: readonly { value: TemplateName; label: string }[] = TEMPLATE_NAMES.map((name) => ({
  value: name,
  label: TEMPLATES[name].label,
}));

export interface OutboxFilters {
  /** Part of a guest's name, email address or phone number. */
  guest: string;
  kind: TemplateName | null;
  status: MessageStatus | null;
  /** The page: messages older than this one (the list is newest first). */
  before: number | null;
}

export function readOutboxFilters(params: URLSearchParams): OutboxFilters {
  const kind = params.get("kind");
  const status = params.get("status");
  const before = params.get("before");
  return {
    guest: (params.get("guest") ?? "").trim().slice(0, 100),
    kind: (TEMPLATE_NAMES as readonly string[]).includes(kind ?? "") ? (kind as TemplateName) : null,
    status: status !== null && status in MESSAGE_STATUSES ? (status as MessageStatus) : null,
    // A message id: digits that fit the integer column, else the first page.
    before: before !== null && /^\d{1,9}$/.test(before) ? Number(before) : null,
  };
}

/** The address of another page of the same filtered list. */
export function outboxSearch(filters: OutboxFilters, eventId: number | null, before: number | null): string {
  const params = new URLSearchParams();
  if (eventId !== null) params.set("id", String(eventId));
  if (filters.guest) params.set("guest", filters.guest);
  if (filters.kind) params.set("kind", filters.kind);
  if (filters.status) params.set("status", filters.status);
  if (before !== null) params.set("before", String(before));
  const search = params.toString();
  return search ? `?${search}` : "";
}
