import { useRouteLoaderData } from "@remix-run/react";
import type { MenuSection } from "./admin-navigation";

/**
 * The workspace screen at `path` as the person's side menu links to it (with the event's ?id), or null when their
 * role does not open it: an empty state offers the screen that fills it only to those who may use that screen.
 */
export function useMenuScreen(path: string) {
  const workspace = useRouteLoaderData<{ sections: readonly MenuSection[] }>("routes/admin._workspace");
  for (const section of workspace?.sections ?? []) {
    const screen = section.screens.find((candidate) => candidate.path === path);
    if (screen) return screen;
  }
  return null;
}
