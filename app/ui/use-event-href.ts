import { useLocation } from "@remix-run/react";
import { eventAddress } from "~/http/paths";

/**
 * Links between admin screens keep the page's event: the address's `?id=` when it has one, else none (the person's
 * selected event), as the menus build them (navigation/admin-navigation.server.ts).
 */
export function useEventHref(): (path: string) => string {
  const { search } = useLocation();
  const id = new URLSearchParams(search).get("id");
  const eventId = id !== null && /^\d{1,9}$/.test(id) ? id : undefined;
  return (path) => eventAddress(path, eventId);
}
