import type { ShouldRevalidateFunctionArgs } from "@remix-run/react";

/**
 * shouldRevalidate for the admin layouts, whose loaders give the menus for the person's role and the data areas
 * of spec §2 (which load once and stay current, §4): load again after a form submission (it may have changed
 * them) and when the current event changes (?id), but not on a navigation between screens of the same event.
 * Each screen's own loader still checks access on every request. Client-safe: Remix calls it in the browser.
 */
export function revalidateOnSubmitOrEventChange({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod !== undefined && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
  return currentUrl.searchParams.get("id") !== nextUrl.searchParams.get("id");
}
