import { useFetchers, useNavigation, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import { useHydrated } from "~/ui/use-hydrated";
import { useLiveStream, type LiveStreamStatus } from "../use-live-stream";

/**
 * For staff screens: follows a live stream and loads the page's data again when something changes (a bid, a staff
 * action): at most once a second, however fast bids come (staff are few; bidders' pages update from the message
 * itself). The stream's snapshot is a marker ({ marker }: the latest bid or check-in id, or the data areas' version)
 * that tells whether the page missed anything. onUpdate, when given, sees every snapshot's and delta's data first.
 * While a form is being sent or a page loaded, the refresh waits until it is done: interrupting that load would
 * lose what it brings (the toast that says the action worked).
 */
export function useLiveRefresh(
  streamUrl: string | null,
  marker: number | string | null,
  onUpdate?: (data: unknown) => void,
): LiveStreamStatus | null {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  const latest = useRef({ revalidator, busy });
  latest.current = { revalidator, busy };
  const lastRun = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const waiting = useRef(false);
  const snapshots = useRef(0);
  const seenMarker = useRef(marker);
  seenMarker.current = marker;

  const refresh = useCallback(() => {
    if (timer.current) return; // one is already due and will include this change
    const wait = Math.max(0, lastRun.current + 1000 - Date.now());
    timer.current = setTimeout(() => {
      timer.current = null;
      if (latest.current.busy || routerBusy()) {
        waiting.current = true;
        return;
      }
      lastRun.current = Date.now();
      latest.current.revalidator.revalidate();
    }, wait);
  }, []);

  useEffect(() => {
    if (busy || !waiting.current) return;
    waiting.current = false;
    refresh();
  }, [busy, refresh]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const { status } = useLiveStream(hydrated ? streamUrl : null, {
    onSnapshot(data) {
      onUpdate?.(data);
      snapshots.current += 1;
      const snapshot = data as { marker: number | string | null } | null;
      // The first snapshot usually matches what the page was loaded with; a later one follows a gap.
      if (snapshots.current > 1 || snapshot?.marker !== seenMarker.current) refresh();
    },
    onDelta(_type, data) {
      onUpdate?.(data);
      refresh();
    },
  });
  return hydrated ? status : null;
}

/**
 * Whether the router is sending a form or loading a page at this very moment. The rendered state lags it: a form
 * submitted in the same tick as the refresh's timer is not rendered yet, and a revalidation then would abort that
 * submission (Remix exposes its router on window for this kind of reading).
 */
function routerBusy(): boolean {
  const router = (
    window as {
      __remixRouter?: { state: { navigation: { state: string }; fetchers: Map<string, { state: string }> } };
    }
  ).__remixRouter;
  if (!router) return false;
  const { navigation, fetchers } = router.state;
  return navigation.state !== "idle" || [...fetchers.values()].some((fetcher) => fetcher.state !== "idle");
}

export function LiveIndicator({ status }: { status: LiveStreamStatus | null }) {
  if (status === null) return null;
  const text = status === "live" ? "Live" : status === "connecting" ? "Connecting…" : "Reconnecting…";
  return (
    <span className={`live-indicator live-indicator--${status}`} role="status" aria-live="polite">
      <span className="live-indicator__dot" aria-hidden="true" />
      {text}
    </span>
  );
}
