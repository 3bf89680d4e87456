/**
 * The door's actions, declared once for its two ways in: the page's form posts (without JavaScript) and the
 * station's queue (app/stations/station-sync.server.ts), which also carries entries taken while offline.
 */
import { formErrorOf, type FormReply } from "~/forms/form-contract";
import { stationAction, type StationAction } from "~/stations/station-sync.server";
import {
  checkAtDoor,
  checkInParty,
  checkInScanned,
  takeDoorPaymentAt,
  undoCheckIn,
  walkIn,
  type DoorOutcome,
} from "./check-in-actions.server";
import { DOOR_INTENT, doorGuestSchema, doorPaymentSchema, doorScanSchema, walkInSchema } from "./door-forms";
import type { EntryOutcome } from "~/stations/station-entry";

/** The station kind the door's entries and conflicts are listed under. */
export const DOOR_STATION = "door";

export const doorActions: Record<string, StationAction<DoorOutcome>> = {
  [DOOR_INTENT.checkIn]: stationAction({
    schema: doorGuestSchema,
    shownFields: [],
    run: (call, { registrantId }) => checkAtDoor(call, [registrantId], "in"),
  }),
  [DOOR_INTENT.checkOut]: stationAction({
    schema: doorGuestSchema,
    shownFields: [],
    run: (call, { registrantId }) => checkAtDoor(call, [registrantId], "out"),
  }),
  [DOOR_INTENT.undoCheckIn]: stationAction({
    schema: doorGuestSchema,
    shownFields: [],
    run: (call, { registrantId }) => undoCheckIn(call, registrantId),
  }),
  [DOOR_INTENT.partyIn]: stationAction({
    schema: doorGuestSchema,
    shownFields: [],
    run: (call, { registrantId }) => checkInParty(call, registrantId),
  }),
  [DOOR_INTENT.scan]: stationAction({ schema: doorScanSchema, run: (call, { code }) => checkInScanned(call, code) }),
  [DOOR_INTENT.walkIn]: stationAction({
    schema: walkInSchema,
    run: (call, { submission, ...guest }) => walkIn(call, guest, call.entryKey ?? submission),
  }),
  [DOOR_INTENT.payCash]: stationAction({
    schema: doorPaymentSchema,
    shownFields: ["check_number"],
    run: (call, paid) => takeDoorPaymentAt(call, paid, "cash"),
  }),
  [DOOR_INTENT.payCheck]: stationAction({
    schema: doorPaymentSchema,
    shownFields: ["check_number"],
    run: (call, paid) => takeDoorPaymentAt(call, paid, "check"),
  }),
};

/** A change made is done; the server's rule keeping things as they were (already in, already paid) is a conflict. */
export const doorOutcomeOf = (outcome: DoorOutcome): EntryOutcome =>
  outcome.tone === "success" ? "done" : outcome.tone === "info" ? "conflict" : "refused";

/** A post the station cannot act on is said in its status line, with each field's first message beside it. */
export function doorRefusal(reply: FormReply): DoorOutcome {
  return {
    tone: "error",
    message: formErrorOf(reply) ?? "Check the walk-in's details.",
    guestIds: [],
    errors: Object.fromEntries(
      Object.entries(reply.error ?? {}).flatMap(([field, messages]) =>
        field && messages?.[0] ? [[field, messages[0]]] : [],
      ),
    ),
    typed: Object.fromEntries(
      Object.entries(reply.initialValue ?? {}).flatMap(([field, value]) =>
        typeof value === "string" ? [[field, value]] : [],
      ),
    ),
  };
}
