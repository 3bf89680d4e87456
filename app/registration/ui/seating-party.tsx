/**
 * A party in one place (unseated, or at a table) on the seating screen: its guests, dragged together by the
 * party's block or one at a time by a guest's handle, and its "Seat at" form (the keyboard and no-JavaScript
 * way): which of them (the whole party by default, or just one guest) and which table.
 */
import { useId, useState, type DragEvent, type FormEvent } from "react";
import { Button } from "~/ui/button";
import { movedLabel, partyElementId, type SeatingGuestRow, type SeatingParty, type SeatingTable } from "../seating";
import { SEATING_INTENT } from "../table-form";

/** A move the screen is asked for, with what it needs to say it and to put focus back. */
export type MoveRequest = {
  guestIds: number[];
  to: number | null;
  from: number | null;
  partyKey: string;
  /** How the message names who moves. */
  who: string;
  /** Made from the form: focus follows the party to where it goes. */
  focus: boolean;
};

export type PartyBlockProps = {
  party: SeatingParty;
  /** Where the party is: a table id, or null for unseated. */
  place: number | null;
  tables: SeatingTable[];
  hydrated: boolean;
  onMove: (request: MoveRequest) => void;
  onDragStart: (dragged: Omit<MoveRequest, "to" | "focus">) => void;
  onDragEnd: () => void;
};

export function PartyBlock({ party, place, tables, hydrated, onMove, onDragStart, onDragEnd }: PartyBlockProps) {
  const headingId = useId();
  const startDrag = (event: DragEvent, guests: SeatingGuestRow[]) => {
    event.stopPropagation();
    const who = movedLabel(party.label, guests);
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", who);
    onDragStart({ guestIds: guests.map((guest) => guest.registrantId), from: place, partyKey: party.key, who });
  };
  const apart = party.size > party.guests.length;
  // A party of one is headed by its guest; a guest split off a party stays under the party's name.
  const alone = party.size === 1 ? party.guests[0] : null;
  return (
    <div
      id={partyElementId(party.key, place)}
      className="seating-party"
      role="group"
      aria-labelledby={headingId}
      tabIndex={-1}
      draggable={hydrated}
      onDragStart={(event) => startDrag(event, party.guests)}
      onDragEnd={onDragEnd}
    >
      {alone ? (
        <p className="seating-party__head">
          <span id={headingId} className="seating-party__name">
            {alone.name}
          </span>
          <GuestDetails guest={alone} />
        </p>
      ) : (
        <>
          <p className="seating-party__head">
            <span id={headingId} className="seating-party__name">
              {party.label}
            </span>
            <span className="muted seating-party__size">
              {apart ? `${party.guests.length} of ${party.size}` : party.guests.length}
            </span>
          </p>
          <ul className="seating-party__guests">
            {party.guests.map((guest) => (
              <li key={guest.registrantId} className="seating-guest">
                {hydrated && party.guests.length > 1 ? (
                  <span
                    className="seating-guest__handle"
                    draggable
                    title={`Drag to move just ${guest.name}`}
                    aria-hidden="true"
                    onDragStart={(event) => startDrag(event, [guest])}
                    onDragEnd={(event) => {
                      event.stopPropagation();
                      onDragEnd();
                    }}
                  >
                    ⠿
                  </span>
                ) : null}
                <span className="seating-guest__name">{guest.name}</span>
                <GuestDetails guest={guest} />
              </li>
            ))}
          </ul>
        </>
      )}
      <SeatForm party={party} place={place} tables={tables} hydrated={hydrated} onMove={onMove} />
    </div>
  );
}

function GuestDetails({ guest }: { guest: SeatingGuestRow }) {
  const details = [guest.paddle === null ? null : `#${guest.paddle}`, guest.meal].filter(Boolean).join(" · ");
  return details ? <span className="seating-guest__details muted">{details}</span> : null;
}

function SeatForm({ party, place, tables, hydrated, onMove }: Omit<PartyBlockProps, "onDragStart" | "onDragEnd">) {
  const [only, setOnly] = useState("");
  const [to, setTo] = useState("");
  const whoId = useId();
  const toId = useId();
  const chosen = only ? party.guests.filter((guest) => String(guest.registrantId) === only) : party.guests;
  // Without JavaScript the "who" choice cannot narrow the list: only full tables are ruled out there.
  const needed = hydrated ? chosen.length : 1;
  const choices = tables.filter((table) => table.tblId !== place);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!to) return;
    onMove({
      guestIds: chosen.map((guest) => guest.registrantId),
      to: to === "unseated" ? null : Number(to),
      from: place,
      partyKey: party.key,
      who: movedLabel(party.label, chosen),
      focus: true,
    });
    setTo("");
    setOnly("");
  };

  return (
    <form method="post" className="seating-move" onSubmit={hydrated ? submit : undefined}>
      <input type="hidden" name="intent" value={SEATING_INTENT.move} />
      {party.guests.map((guest) => (
        <input key={guest.registrantId} type="hidden" name="guest" value={guest.registrantId} />
      ))}
      {party.guests.length > 1 ? (
        <span className="seating-move__field seating-move__field--who">
          <label htmlFor={whoId} className="visually-hidden">
            Who
          </label>
          <select id={whoId} name="only" value={only} onChange={(event) => setOnly(event.target.value)}>
            <option value="">Whole party ({party.guests.length})</option>
            {party.guests.map((guest) => (
              <option key={guest.registrantId} value={guest.registrantId}>
                Just {guest.name}
              </option>
            ))}
          </select>
        </span>
      ) : null}
      <span className="seating-move__field">
        <label htmlFor={toId} className="visually-hidden">
          {place === null ? "Seat at" : "Move to"}
        </label>
        <select id={toId} name="to" required value={to} onChange={(event) => setTo(event.target.value)}>
          <option value="" disabled>
            {place === null ? "Seat at…" : "Move to…"}
          </option>
          {choices.map((table) => (
            <option key={table.tblId} value={table.tblId} disabled={table.free < needed}>
              {table.name} ({table.free === 0 ? "full" : `${table.free} free`})
            </option>
          ))}
          {place === null ? null : <option value="unseated">Unseated</option>}
        </select>
      </span>
      <Button type="submit" size="sm">
        {place === null ? "Seat" : "Move"}
      </Button>
    </form>
  );
}
