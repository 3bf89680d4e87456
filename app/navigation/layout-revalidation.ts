import type { ShouldRevalidateFunctionArgs } from "@remix-run/react";

/**
 * The data areas' marker (app/realtime/data-area-changes.server.ts) the admin layouts were last loaded with, and
 * the latest one the /admin layout's live stream reported. They differ from the moment someone changes the event,
 * its team or its people until the layouts have loaded again. Kept per browser tab: this module only changes in
 * the browser (the setters are called from effects and stream handlers).
 */
const dataAreas: { shown: string | null; latest: string | null } = { shown: null, latest: null };

/** The /admin layout rendered the data areas read at this marker. */
export function dataAreasShown(marker: string) {
  dataAreas.shown = marker;
}

/** The live stream says the data areas are now at this marker. */
export function dataAreasReported(marker: string) {
  dataAreas.latest = marker;
}

/**
 * shouldRevalidate for the admin layouts, whose loaders give the menus for the person's role and the data areas
 * (which load once and then stay current): load again after a form submission (it may have changed
 * them), when the current event changes (?id), and when the live stream has reported a change of the data areas
 * since they were loaded; but not on a navigation between screens of the same event, nor when a screen reloads its
 * own data for a bid or a check-in. Each screen's own loader still checks access on every request. Client-safe:
 * Remix calls it in the browser.
 */
export function revalidateOnSubmitOrEventChange({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod !== undefined && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
  if (dataAreas.latest !== null && dataAreas.latest !== dataAreas.shown) return true;
  return currentUrl.searchParams.get("id") !== nextUrl.searchParams.get("id");
}
