/**
 * The door's list as the station sees it while entries wait in its queue (app/stations/use-station-queue.ts): a
 * check-in taken offline shows the guest here at once (and one undone, not here), a payment taken shows the order
 * paid. The server's answer replaces this when the page's data comes back. Client-safe and pure.
 */
import { DOOR_INTENT } from "./door-forms";
import type { DoorGuest } from "./check-in.server";

/** An entry as the overlay reads it: what was done, to whom, when. */
export interface DoorEntry {
  intent: string;
  fields: [string, string][];
  occurredAt: string;
}

export type DoorGuestShown = DoorGuest & { waiting: boolean };

const field = (entry: DoorEntry, name: string) => entry.fields.find(([key]) => key === name)?.[1];

/**
 * The guests with the entries applied in the order taken; `waiting` marks those whose entry is not sent yet (entries
 * answered but not yet in the page's data are applied without the mark).
 */
export function guestsWithEntries(guests: DoorGuest[], waiting: DoorEntry[], answered: DoorEntry[]): DoorGuestShown[] {
  const shown = new Map<number, DoorGuestShown>(guests.map((guest) => [guest.id, { ...guest, waiting: false }]));
  const apply = (entry: DoorEntry, isWaiting: boolean) => {
    const touch = (guest: DoorGuestShown | undefined, change: Partial<DoorGuestShown>) => {
      if (guest) shown.set(guest.id, { ...guest, ...change, waiting: guest.waiting || isWaiting });
    };
    const guest = shown.get(Number(field(entry, "registrantId")));
    switch (entry.intent) {
      case DOOR_INTENT.checkIn:
        if (guest && !guest.here) touch(guest, { here: true, checkedInAt: entry.occurredAt });
        break;
      case DOOR_INTENT.checkOut:
        if (guest?.here) touch(guest, { here: false });
        break;
      // A guest who never left had not arrived before this check-in; one who had left had (the time is the server's).
      case DOOR_INTENT.undoCheckIn:
        if (guest?.here)
          touch(guest, { here: false, checkedInAt: guest.checkedOutAt === null ? null : guest.checkedInAt });
        break;
      case DOOR_INTENT.partyIn:
        for (const member of shown.values())
          if (
            guest &&
            !member.here &&
            (member.id === guest.id || (guest.partyId !== null && member.partyId === guest.partyId))
          )
            touch(member, { here: true, checkedInAt: entry.occurredAt });
        break;
      case DOOR_INTENT.payCash:
      case DOOR_INTENT.payCheck: {
        const paymentId = Number(field(entry, "paymentId"));
        for (const member of shown.values()) if (member.paymentId === paymentId) touch(member, { toPay: null });
        break;
      }
    }
  };
  for (const entry of answered) apply(entry, false);
  for (const entry of waiting) apply(entry, true);
  return guests.map((guest) => shown.get(guest.id)!);
}

/** The arrival counts with the overlay's changes: here now, and arrived (a first check-in, or one undone). */
export function countsWithEntries(
  counts: { registered: number; arrived: number; here: number },
  before: DoorGuest[],
  after: DoorGuestShown[],
) {
  let here = counts.here;
  let arrived = counts.arrived;
  before.forEach((guest, index) => {
    const now = after[index];
    if (now.here !== guest.here) here += now.here ? 1 : -1;
    if (now.here && guest.checkedInAt === null) arrived += 1;
    if (guest.checkedInAt !== null && now.checkedInAt === null) arrived -= 1;
  });
  return { ...counts, here, arrived };
}
