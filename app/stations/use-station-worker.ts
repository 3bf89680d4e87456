/**
 * Installs the stations' service worker (public/station-sw.js), which keeps the station's page, data and scripts so
 * that it opens again without a network, and asks it to keep this page now and again as its data changes.
 */
import { useEffect, useRef } from "react";

const WORKER_URL = "/station-sw.js";
// Often enough that a station opened again offline shows a recent list; seldom enough to cost nothing.
const KEEP_EVERY_MS = 30_000;

export function useStationWorker(loaded: unknown) {
  const lastKept = useRef(0);
  useEffect(() => {
    if (!("serviceWorker" in navigator) || Date.now() - lastKept.current < KEEP_EVERY_MS) return;
    lastKept.current = Date.now();
    const page = window.location.href;
    navigator.serviceWorker
      .register(WORKER_URL, { updateViaCache: "none" })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => registration.active?.postMessage({ type: "keep-page", url: page }))
      // No service worker (a private window, an old browser): the station still queues; it cannot reopen offline.
      .catch(() => undefined);
  }, [loaded]);
}
