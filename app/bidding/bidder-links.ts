/** Addresses of the bidder pages (client-safe). */

/** /inroombid for the event, with the given view parameters (item, view, filters). */
export function bidderHref(eventId: number, params: Record<string, string | number | null | undefined> = {}) {
  const query = new URLSearchParams({ id: String(eventId) });
  for (const [key, value] of Object.entries(params))
    if (value !== null && value !== undefined && value !== "") query.set(key, String(value));
  return `/inroombid?${query}`;
}
