import { useRouteLoaderData } from "@remix-run/react";
import { isSection, type MenuEntry } from "./admin-navigation";

/**
 * The workspace screen at `path` as the person's side menu links to it (with the event's ?id), or null when their
 * role does not open it: an empty state offers the screen that fills it only to those who may use that screen.
 */
export function useMenuScreen(path: string) {
  const admin = useRouteLoaderData<{ menu: readonly MenuEntry[] }>("routes/admin");
  const screens = (admin?.menu ?? []).flatMap((entry) => (isSection(entry) ? entry.screens : [entry]));
  return screens.find((screen) => screen.path === path) ?? null;
}
