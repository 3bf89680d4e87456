/**
 * What a staff station's queue posts for each entry, besides the form's own fields, and what the server answers.
 * Client-safe: the station's hook (use-station-queue.ts) and the server (station-sync.server.ts) read it alike.
 * docs/decisions/041-offline-stations.md.
 */

/** The entry's fields that are not the form's: its key, when it was taken and sent, and whether it waited. */
export const ENTRY_FIELDS = {
  key: "entry_key",
  occurredAt: "occurred_at",
  sentAt: "sent_at",
  takenOffline: "taken_offline",
} as const;

/** A key made on the station when the action was taken: letters, digits and dashes (a UUID). */
export const ENTRY_KEY_PATTERN = /^[A-Za-z0-9-]{16,64}$/;

/** done: recorded as asked. conflict: the server's rule decided otherwise. refused: the input could not be used. */
export type EntryOutcome = "done" | "conflict" | "refused";

/** The server's answer to one entry: the same however often the entry is sent. */
export interface SyncAnswer<Answer = unknown> {
  key: string;
  outcome: EntryOutcome;
  message: string;
  /** The station's own answer (the door's status line). */
  answer: Answer;
  /** This entry had been recorded before: a resend. */
  replayed: boolean;
}

/** The sync route's field that marks a conflict as dealt with. */
export const RESOLVE_FIELD = "resolve_entry";

/** A conflict or refusal of an entry taken offline, as every station of the kind lists it until someone deals with it. */
export interface StationConflict {
  id: number;
  intent: string;
  outcome: EntryOutcome;
  message: string;
  occurredAt: string;
  receivedAt: string;
  by: string | null;
}

/** A station's answer when it is one message (the clerk, the paddle raise, the cash desk). */
export interface StationMessage {
  tone: "success" | "info" | "error";
  message: string;
  /** The form's field the message is about. */
  field?: string;
}
