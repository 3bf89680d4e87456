/**
 * The screen of /admin/registration/seating (loader and action: the route module): unseated parties on the left,
 * tables on the right. A party moves by dragging it (native HTML5 drag and drop) or with its "Seat at…" form,
 * which is a plain form without JavaScript. With JavaScript, moves post through one fetcher, one after another,
 * and show at once (the plan is regrouped with the pending moves); the server has the last word on capacity, and
 * a refusal puts the party back and says why. Successes are announced by the toast; refusals by the alert here.
 */
import { useActionData, useFetcher, useRevalidator, useSearchParams } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type DragEvent, type ReactNode } from "react";
import { formErrorOf, replyFor } from "~/forms/form-contract";
import { paths } from "~/http/paths";
import { buttonClass } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { useHydrated } from "~/ui/use-hydrated";
import {
  applyMoves,
  arrangeSeating,
  capacityRefusal,
  partyElementId,
  partyMatches,
  type SeatingGuestRow,
  type SeatingMove,
  type SeatingTable,
  type SeatingTableRow,
} from "../seating";
import { MOVE_FORM } from "../table-form";
import { PartyBlock, type MoveRequest } from "./seating-party";
import { AddTableDialog, DeleteTableDialog, EditTableDialog } from "./seating-table-dialogs";

export type SeatingScreenProps = {
  eventId: number;
  tables: SeatingTableRow[];
  guests: SeatingGuestRow[];
  suggestedName: string;
};

/** What is being dragged, kept while the drag lasts (dataTransfer cannot be read during dragover). */
type Dragged = Omit<MoveRequest, "to" | "focus">;

/** Why a move was refused, when the answer is the refusal of one. */
const moveRefusal = (answer: unknown) => formErrorOf(replyFor(answer, MOVE_FORM)) ?? null;

export function SeatingScreen({ eventId, tables, guests, suggestedName }: SeatingScreenProps) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<unknown>({ key: MOVE_FORM });
  const revalidator = useRevalidator();
  // A move posted by the page's own form (before JavaScript ran) is refused with the page; the others are the
  // fetcher's answers.
  const actionData = useActionData<unknown>();
  const [queue, setQueue] = useState<MoveRequest[]>([]);
  const [inFlight, setInFlight] = useState<MoveRequest | null>(null);
  const [notice, setNotice] = useState<string | null>(moveRefusal(actionData));
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const [dragged, setDragged] = useState<Dragged | null>(null);
  const [searchParams] = useSearchParams();
  const [query, setQuery] = useState(searchParams.get("q") ?? "");

  useEffect(() => setNotice(moveRefusal(actionData)), [actionData]);

  // One move at a time, in the order asked: the server counts each against what the previous one left.
  useEffect(() => {
    if (fetcher.state !== "idle" || inFlight || queue.length === 0) return;
    const [next, ...rest] = queue;
    setQueue(rest);
    setInFlight(next);
    const form = new FormData();
    form.set("intent", "move");
    for (const id of next.guestIds) form.append("guest", String(id));
    form.set("to", next.to === null ? "unseated" : String(next.to));
    fetcher.submit(form, { method: "post", preventScrollReset: true });
  }, [fetcher, fetcher.state, inFlight, queue]);

  // The fetcher is idle again: the page holds the new plan (after a redirect) or the refusal.
  const sent = useRef(false);
  useEffect(() => {
    if (fetcher.state !== "idle") {
      sent.current = true;
      return;
    }
    if (!sent.current || !inFlight) return;
    sent.current = false;
    const refusal = moveRefusal(fetcher.data);
    setNotice(refusal ?? null);
    if (refusal) {
      if (inFlight.focus) setFocusTarget(partyElementId(inFlight.partyKey, inFlight.from));
      // Someone else may have filled the table: show the plan as it now is.
      revalidator.revalidate();
    }
    setInFlight(null);
  }, [fetcher.state, fetcher.data, inFlight, revalidator]);

  const view = useMemo(() => {
    const pending: SeatingMove[] = [...(inFlight ? [inFlight] : []), ...queue];
    return arrangeSeating(tables, applyMoves(guests, pending));
  }, [tables, guests, inFlight, queue]);
  const seatedCount = view.tables.reduce((sum, table) => sum + table.seated, 0);
  const seatCount = view.tables.reduce((sum, table) => sum + table.capacity, 0);

  useEffect(() => {
    if (!focusTarget) return;
    document.getElementById(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget, view]);

  function requestMove(request: MoveRequest) {
    if (request.to === request.from) return;
    if (request.to !== null) {
      const table = view.tables.find((candidate) => candidate.tblId === request.to);
      if (!table) return;
      const refusal = capacityRefusal(table, request.guestIds.length, request.who);
      if (refusal) {
        setNotice(refusal);
        return;
      }
    }
    setNotice(null);
    setQueue((current) => [...current, request]);
    if (request.focus) setFocusTarget(partyElementId(request.partyKey, request.to));
  }

  const dropHandlers = (to: number | null) => ({
    onDragOver(event: DragEvent) {
      if (!dragged) return;
      // Accepting the drop even where the party does not fit, so that dropping there says why.
      event.preventDefault();
      event.dataTransfer.dropEffect = "move";
    },
    onDrop(event: DragEvent) {
      if (!dragged) return;
      event.preventDefault();
      requestMove({ ...dragged, to, focus: false });
      setDragged(null);
    },
  });

  const visibleUnseated = view.unseated.filter((party) => partyMatches(party, query));
  const unseatedCount = view.unseated.reduce((sum, party) => sum + party.guests.length, 0);
  const printHref = (kind: "chart" | "cards") => paths.registrationSeatingPrint(eventId, { kind });
  const partyProps = {
    tables: view.tables,
    hydrated,
    onMove: requestMove,
    onDragStart: setDragged,
    onDragEnd: () => setDragged(null),
  };

  return (
    <>
      <div className="page-header seating-header">
        <div>
          <h1>Seating</h1>
          <p>
            {seatedCount} of {seatedCount + unseatedCount} guests seated · {view.tables.length}{" "}
            {view.tables.length === 1 ? "table" : "tables"}, {seatCount} seats. Drag a party onto a table, or use its
            “Seat at” control; a party moves together unless you choose one guest.
          </p>
        </div>
        <div className="cluster seating-header__actions">
          <AddTableDialog suggestedName={suggestedName} />
          <a className={buttonClass({ variant: "secondary", size: "sm" })} href={printHref("chart")} download>
            Seating chart (PDF)
          </a>
          <a className={buttonClass({ variant: "secondary", size: "sm" })} href={printHref("cards")} download>
            Place cards (PDF)
          </a>
        </div>
      </div>

      <div role="alert" className={notice ? "seating-notice" : "seating-notice seating-notice--empty"}>
        {notice}
      </div>

      <div className={dragged ? "seating seating--dragging" : "seating"}>
        <section className="seating__unseated" aria-labelledby="seating-unseated-heading" {...dropHandlers(null)}>
          <h2 id="seating-unseated-heading" className="seating__heading">
            Unseated <span className="badge badge--muted">{unseatedCount}</span>
          </h2>
          <form
            method="get"
            role="search"
            className="seating-search"
            onSubmit={hydrated ? (event) => event.preventDefault() : undefined}
          >
            {searchParams.get("id") ? <input type="hidden" name="id" value={searchParams.get("id")!} /> : null}
            <label htmlFor="seating-search" className="field__label">
              Search unseated guests
            </label>
            <div className="seating-search__row">
              <input
                id="seating-search"
                type="search"
                name="q"
                className="field__control"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                placeholder="Name or paddle"
                autoComplete="off"
              />
              {hydrated ? null : (
                <button type="submit" className={buttonClass({ variant: "secondary", size: "sm" })}>
                  Search
                </button>
              )}
            </div>
          </form>
          {view.unseated.length === 0 ? (
            <p className="muted seating__empty">Everyone has a seat.</p>
          ) : visibleUnseated.length === 0 ? (
            <p className="muted seating__empty">No unseated guest matches “{query}”.</p>
          ) : (
            <div className="seating__list">
              {visibleUnseated.map((party) => (
                <PartyBlock key={party.key} party={party} place={null} {...partyProps} />
              ))}
            </div>
          )}
        </section>

        <section className="seating__tables" aria-labelledby="seating-tables-heading">
          <h2 id="seating-tables-heading" className="visually-hidden">
            Tables
          </h2>
          {view.tables.length === 0 ? (
            <EmptyState
              title="No tables yet"
              text="Add the tables of the room with “Add table”, each with its number of seats, then seat guests at them."
            />
          ) : (
            <div className="seating__grid">
              {view.tables.map((table) => (
                <TableCard key={table.tblId} table={table} dragged={dragged} dropHandlers={dropHandlers(table.tblId)}>
                  {table.parties.map((party) => (
                    <PartyBlock key={party.key} party={party} place={table.tblId} {...partyProps} />
                  ))}
                </TableCard>
              ))}
            </div>
          )}
        </section>
      </div>
    </>
  );
}

function TableCard({
  table,
  dragged,
  dropHandlers,
  children,
}: {
  table: SeatingTable;
  dragged: Dragged | null;
  dropHandlers: { onDragOver: (event: DragEvent) => void; onDrop: (event: DragEvent) => void };
  children: ReactNode;
}) {
  const [over, setOver] = useState(false);
  const headingId = `seating-table-${table.tblId}`;
  const fits = dragged ? dragged.from === table.tblId || dragged.guestIds.length <= table.free : true;
  const classes = [
    "seating-table",
    table.free === 0 ? "seating-table--full" : null,
    over && dragged ? (fits ? "seating-table--over" : "seating-table--refuse") : null,
  ];
  return (
    <section
      className={classes.filter(Boolean).join(" ")}
      aria-labelledby={headingId}
      onDragOver={dropHandlers.onDragOver}
      onDragEnter={() => setOver(true)}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        setOver(false);
        dropHandlers.onDrop(event);
      }}
    >
      <header className="seating-table__header">
        <h3 id={headingId} className="seating-table__name">
          {table.name}
        </h3>
        <span className={`badge ${table.free === 0 ? "badge--warning" : "badge--muted"} seating-table__count`}>
          {table.seated} of {table.capacity} seats
        </span>
      </header>
      <div className="seating-table__tools cluster">
        <EditTableDialog table={table} />
        <DeleteTableDialog table={table} />
      </div>
      {table.parties.length === 0 ? (
        <p className="muted seating__empty">Nobody seated yet.</p>
      ) : (
        <div className="seating__list">{children}</div>
      )}
    </section>
  );
}
