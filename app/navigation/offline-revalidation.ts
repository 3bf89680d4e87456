import type { ShouldRevalidateFunctionArgs } from "@remix-run/react";

/**
 * shouldRevalidate for the root and the staff stations: while the browser knows it is offline, a page does not load its
 * data again. That load could only fail, and a failed load replaces the page with the error screen: a station working
 * through a Wi-Fi drop (docs/decisions/041-offline-stations.md) keeps its list instead, and its queue loads it again
 * once its entries have gone through. Client-safe: Remix calls it in the browser.
 */
export function notWhileOffline({ defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return typeof navigator !== "undefined" && !navigator.onLine ? false : defaultShouldRevalidate;
}
