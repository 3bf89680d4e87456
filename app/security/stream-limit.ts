/**
 * How many live streams (server-sent events: every route whose path ends in /stream) one server process keeps open,
 * per client address and in all, checked by server.js before the route runs. An open stream holds memory and a
 * subscription for as long as it lasts, so one client opening thousands would take the process from everyone else.
 * The per-address ceiling is high on purpose: a venue's guests share one Wi-Fi address, and it must stop one client
 * taking the process, never a room following the auction. A refused stream answers 429; the page's stream hook tries
 * again by itself (app/realtime/use-live-stream.ts).
 */
export interface StreamLimits {
  perAddress: number;
  perProcess: number;
}

export type StreamAdmission = { release: () => void } | { status: 429; message: string };

export interface StreamRequest {
  method: string;
  path: string;
  address: string | undefined;
}

export const isStreamRequest = (request: Pick<StreamRequest, "method" | "path">) =>
  request.method === "GET" && request.path.endsWith("/stream");

/** Counts the open streams of one process; `admit` gives a stream its place (to release when it closes) or refuses. */
export function streamGate(limits: StreamLimits) {
  const openByAddress = new Map<string, number>();
  let open = 0;
  return {
    /** null for a request that is not a live stream. */
    admit(request: StreamRequest): StreamAdmission | null {
      if (!isStreamRequest(request)) return null;
      const address = request.address ?? "unknown";
      const fromAddress = openByAddress.get(address) ?? 0;
      if (open >= limits.perProcess || fromAddress >= limits.perAddress) {
        return { status: 429, message: "Too many live pages are open: this one will try again in a few seconds." };
      }
      open += 1;
      openByAddress.set(address, fromAddress + 1);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          open -= 1;
          const left = (openByAddress.get(address) ?? 1) - 1;
          if (left === 0) openByAddress.delete(address);
          else openByAddress.set(address, left);
        },
      };
    },
    /** What is open now, for tests and the drill. */
    counts: () => ({ open, addresses: openByAddress.size }),
  };
}
