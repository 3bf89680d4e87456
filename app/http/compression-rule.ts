/**
 * Which answers server.js lets compression (the middleware) compress, before compression's own rule (compressible
 * types, a known length over 1 KB). Left as they are:
 * - live streams (text/event-stream): compression would hold their events in its buffer;
 * - answers to a post made in place, the single-fetch post to a `….data` address (a bid from the bidder screen, a
 *   form's reply): an action's outcome, a few hundred bytes, streamed without a length, so compression's own size
 *   rule cannot see it, and the compressor it would make for each costs more CPU than the bytes it saves are worth on
 *   a phone (docs/benchmarks.md, "A post's answer in place, not compressed").
 */
export function mayCompress(request: { method: string; path: string }, contentType: string): boolean {
  if (contentType.startsWith("text/event-stream")) return false;
  const posted = request.method !== "GET" && request.method !== "HEAD";
  return !(posted && request.path.endsWith(".data"));
}
