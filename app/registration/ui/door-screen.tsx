/**
 * /admin/registration/checkinout, built for the door on a tablet: type a name, email, paddle or table and tap
 * "Check in"; scan the guest's QR code with the camera, or with a handheld scanner typing into the search box;
 * register a walk-in. Several stations work at once: each change comes back over the live stream to every one.
 * Without JavaScript the search is a GET form and every button a plain form post.
 */
import { Form, useActionData } from "@remix-run/react";
import { useMemo, useRef, useState, type FormEvent } from "react";
import { parseForm } from "~/forms/form-contract";
import { LiveIndicator, useLiveRefresh } from "~/realtime/ui/use-live-refresh";
import { StationBar } from "~/stations/ui/station-bar";
import { StationConflicts } from "~/stations/ui/station-conflicts";
import { useStationQueue } from "~/stations/use-station-queue";
import { buttonClass } from "~/ui/button";
import { Field } from "~/ui/field";
import { formatMoney } from "~/ui/format";
import { useFocusFirstError } from "~/ui/use-focus-first-error";
import { useHydrated } from "~/ui/use-hydrated";
import { DOOR_INTENT, walkInSchema } from "../door-forms";
import { countsWithEntries, guestsWithEntries, type DoorGuestShown } from "../door-overlay";
import { doorGuestMatches, doorSearch, isEmptySearch } from "../door-search";
import { ticketFingerprint, tokenInScan } from "../ticket-scan";
import { QrScanner } from "./qr-scanner";
import type { DoorOutcome } from "../check-in-actions.server";
import type { DoorGuest } from "../check-in.server";
import type { StationConflict } from "~/stations/station-entry";

type DoorGuestView = DoorGuestShown;

/** Takes a station form's post into the queue; false when it was refused here (its messages are shown). */
type TakeForm = (event: FormEvent<HTMLFormElement>, label: string) => boolean;

export interface DoorScreenProps {
  guests: DoorGuest[];
  counts: { registered: number; arrived: number; here: number };
  query: string;
  /** A guest named by the QR link that opened the page. */
  scannedGuestId: number | null;
  tickets: { ticket_id: number; title: string; price: number }[];
  currency: string;
  timezone: string;
  marker: number;
  streamUrl: string;
  eventId: number;
  syncUrl: string;
  conflicts: StationConflict[];
  /** This page view's key for the walk-in form posted without JavaScript. */
  submissionKey: string;
}

const MAX_SHOWN = 50;
const looksLikeScan = (text: string) => /\b[0-9a-f]{32}\b/i.test(text);

export function DoorScreen(props: DoorScreenProps) {
  const hydrated = useHydrated();
  const status = useLiveRefresh(props.streamUrl, props.marker);
  const actionData = useActionData<DoorOutcome>();
  const queue = useStationQueue<DoorOutcome>({
    queue: `door:${props.eventId}`,
    syncUrl: props.syncUrl,
    loaded: props.guests,
  });
  const [refusedHere, setRefusedHere] = useState<Record<string, string> | null>(null);
  const [query, setQuery] = useState(props.query);
  const [scanning, setScanning] = useState(false);
  const search = useRef<HTMLInputElement>(null);
  const outcome = queue.latest ? outcomeOf(queue.latest.answer, queue.latest.message) : actionData;
  const errors = refusedHere ?? outcome?.errors;

  const guests = useMemo(
    () => guestsWithEntries(props.guests, queue.waiting, queue.confirmed),
    [props.guests, queue.waiting, queue.confirmed],
  );
  const counts = useMemo(() => countsWithEntries(props.counts, props.guests, guests), [props, guests]);

  const searched = useMemo(() => doorSearch(query), [query]);
  const searching = !isEmptySearch(searched);
  const shown = useMemo(() => {
    if (props.scannedGuestId !== null && !searching) return guests.filter((guest) => guest.id === props.scannedGuestId);
    if (outcome && !searching && outcome.guestIds.length > 0)
      return guests.filter((guest) => outcome.guestIds.includes(guest.id));
    if (!searching || looksLikeScan(query)) return [];
    return guests.filter((guest) => doorGuestMatches(guest, searched)).slice(0, MAX_SHOWN + 1);
  }, [guests, props.scannedGuestId, searched, searching, query, outcome]);
  const partySizes = useMemo(() => {
    const sizes = new Map<number, number>();
    for (const guest of guests)
      if (guest.partyId !== null && !guest.here) sizes.set(guest.partyId, (sizes.get(guest.partyId) ?? 0) + 1);
    return sizes;
  }, [guests]);

  // A party's order is paid once: its first guest in the list shows what it owes and takes it; the others say so.
  const payerRows = useMemo(() => {
    const seen = new Set<number>();
    const rows = new Set<number>();
    for (const guest of shown.slice(0, MAX_SHOWN)) {
      if (guest.paymentId === null || guest.toPay === null || seen.has(guest.paymentId)) continue;
      seen.add(guest.paymentId);
      rows.add(guest.id);
    }
    return rows;
  }, [shown]);

  /**
   * With JavaScript every post goes into the station's queue: shown at once, sent now or when the network is back.
   * What can be checked here (a walk-in's fields, a check's number) is checked first, so nothing is queued that the
   * server would refuse for a typo.
   */
  const takeForm: TakeForm = (event, label) => {
    event.preventDefault();
    const posted = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    const intent = String(posted.get("intent") ?? "");
    const problems = problemsOf(intent, posted);
    setRefusedHere(problems);
    if (problems) return false;
    posted.delete("intent");
    queue.take(
      intent,
      [...posted.entries()].map(([name, value]) => [name, String(value)]),
      label,
    );
    return true;
  };

  function submitScan(code: string) {
    setQuery("");
    search.current?.focus();
    // Offline, the station finds the ticket's guest in its own list; online (or a code it does not know) the server
    // decides, as it knows every ticket.
    const token = navigator.onLine ? null : tokenInScan(code);
    if (!token) return queue.take(DOOR_INTENT.scan, [["code", code]], "Scanned ticket");
    void ticketFingerprint(token).then((print) => {
      const guest = guests.find((candidate) => candidate.scanPrint === print);
      if (guest)
        queue.take(DOOR_INTENT.checkIn, [["registrantId", String(guest.id)]], `Check in ${guest.name} (ticket)`);
      else queue.take(DOOR_INTENT.scan, [["code", code]], "Scanned ticket");
    });
  }

  return (
    <div className="door">
      <div className="door__top">
        <h1 className="door__title">Check-in</h1>
        <dl className="door-counts" aria-label="Arrivals">
          <div>
            <dt>Here now</dt>
            <dd>{counts.here}</dd>
          </div>
          <div>
            <dt>Arrived</dt>
            <dd>
              {counts.arrived} <span className="door-counts__of">of {counts.registered}</span>
            </dd>
          </div>
          <div>
            <dt>To arrive</dt>
            <dd>{counts.registered - counts.arrived}</dd>
          </div>
        </dl>
        <LiveIndicator status={status} />
      </div>
      {hydrated ? (
        <StationBar
          queue={queue}
          timezone={props.timezone}
          signInHref={`/auth/sign-in?returnTo=${encodeURIComponent(props.syncUrl.replace("/sync", ""))}`}
        />
      ) : null}
      <StationConflicts conflicts={props.conflicts} syncUrl={props.syncUrl} timezone={props.timezone} />

      <div className={`door-status${outcome ? ` door-status--${outcome.tone}` : ""}`} role="status" aria-live="polite">
        {outcome?.message ??
          (hydrated
            ? "Type a name, email, paddle or table, or scan a ticket."
            : "Search for a guest by name, email, paddle or table.")}
      </div>

      <Form
        method="get"
        className="door-search"
        onSubmit={(e) => {
          if (!hydrated) return;
          e.preventDefault();
          // A handheld scanner types the QR code's address and presses Enter.
          if (looksLikeScan(query)) return submitScan(query);
          // Enter checks in the one guest shown. The server decides with its conditional update (a guest already in
          // is answered as such): the list's own idea of who is here can lag a check-out by a reload.
          const only = shown.length === 1 ? shown[0] : null;
          if (only) queue.take(DOOR_INTENT.checkIn, [["registrantId", String(only.id)]], `Check in ${only.name}`);
        }}
      >
        <label className="visually-hidden" htmlFor="door-search">
          Find a guest
        </label>
        <input
          ref={search}
          id="door-search"
          name="q"
          type="search"
          className="field__control door-search__input"
          placeholder="Name, paddle or email"
          autoComplete="off"
          // A handheld scanner types into whatever has focus: the search must have it from the start.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
        />
        {hydrated ? (
          <button
            type="button"
            className={buttonClass({ variant: scanning ? "primary" : "secondary", size: "lg" })}
            aria-pressed={scanning}
            onClick={() => setScanning(!scanning)}
          >
            {scanning ? "Stop scanning" : "Scan ticket"}
          </button>
        ) : (
          <button type="submit" className={buttonClass({ variant: "secondary", size: "lg" })}>
            Search
          </button>
        )}
      </Form>
      {scanning ? <QrScanner onCode={submitScan} /> : null}

      {shown.length > 0 ? (
        <ul className="door-guests" aria-label="Guests found">
          {shown.slice(0, MAX_SHOWN).map((guest) => (
            <GuestRow
              key={guest.id}
              guest={guest}
              partyLeft={guest.partyId === null ? 0 : (partySizes.get(guest.partyId) ?? 0)}
              collectsPayment={guest.toPay !== null && payerRows.has(guest.id)}
              errors={errors}
              takeForm={hydrated ? takeForm : undefined}
              currency={props.currency}
              timezone={props.timezone}
            />
          ))}
        </ul>
      ) : searching && !looksLikeScan(query) ? (
        <p className="door-empty">No guest matches “{query.trim()}”. Register them as a walk-in below.</p>
      ) : null}
      {shown.length > MAX_SHOWN ? <p className="door-empty">More guests match: type more of the name.</p> : null}

      <WalkIn
        tickets={props.tickets}
        currency={props.currency}
        errors={errors}
        typed={outcome?.tone === "error" ? outcome.typed : undefined}
        takeForm={hydrated ? takeForm : undefined}
        submissionKey={props.submissionKey}
      />
    </div>
  );
}

/** How the station's queue names a row's entry, by its intent. */
const ROW_ACTIONS: Record<string, string> = {
  [DOOR_INTENT.checkIn]: "Check in",
  [DOOR_INTENT.checkOut]: "Check out",
  [DOOR_INTENT.undoCheckIn]: "Undo the check-in of",
  [DOOR_INTENT.partyIn]: "Check in the party of",
};

function GuestRow({
  guest,
  partyLeft,
  collectsPayment,
  errors = {},
  takeForm,
  currency,
  timezone,
}: {
  guest: DoorGuestView;
  partyLeft: number;
  collectsPayment: boolean;
  errors?: Record<string, string>;
  takeForm: TakeForm | undefined;
  currency: string;
  timezone: string;
}) {
  const time = guest.checkedInAt
    ? new Intl.DateTimeFormat("en-US", { timeStyle: "short", timeZone: timezone }).format(new Date(guest.checkedInAt))
    : null;
  return (
    <li className={`door-guest${guest.here ? " door-guest--here" : ""}`}>
      <div className="door-guest__who">
        <p className="door-guest__name">{guest.name}</p>
        <p className="door-guest__details">
          {[
            guest.paddle !== null ? `Paddle ${guest.paddle}` : null,
            guest.table ?? "No table yet",
            guest.ticket,
            guest.party,
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
        {guest.toPay !== null && !collectsPayment ? (
          <p className="door-guest__to-pay">Their party's order is to pay at the door (shown above).</p>
        ) : null}
        {collectsPayment && guest.toPay !== null && guest.paymentId !== null ? (
          <DoorPayment
            paymentId={guest.paymentId}
            registrantId={guest.id}
            amount={formatMoney(guest.toPay, currency)}
            party={guest.party}
            error={errors[`check_number-${guest.paymentId}`]}
            takeForm={takeForm}
          />
        ) : null}
        {guest.here ? <p className="door-guest__here">Checked in{time ? ` at ${time}` : ""}</p> : null}
        {guest.waiting ? <p className="door-guest__waiting">Waiting to send</p> : null}
      </div>
      <div className="door-guest__actions">
        <Form
          method="post"
          onSubmit={
            takeForm &&
            ((event) => {
              const intent = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value");
              takeForm(event, `${ROW_ACTIONS[intent ?? ""] ?? "Check in"} ${guest.name}`);
            })
          }
        >
          <input type="hidden" name="registrantId" value={guest.id} />
          {guest.here ? (
            <>
              <button
                type="submit"
                name="intent"
                value={DOOR_INTENT.checkOut}
                className={buttonClass({ variant: "secondary", size: "lg" })}
                aria-label={`Check out ${guest.name}`}
              >
                Check out
              </button>
              {/* The wrong guest tapped: they count as not arrived again, which a check-out would not do. */}
              <button
                type="submit"
                name="intent"
                value={DOOR_INTENT.undoCheckIn}
                className={buttonClass({ variant: "ghost", size: "lg" })}
                aria-label={`Undo ${guest.name}'s check-in`}
              >
                Undo check-in
              </button>
            </>
          ) : (
            <button
              type="submit"
              name="intent"
              value={DOOR_INTENT.checkIn}
              className={buttonClass({ variant: "primary", size: "lg" })}
              aria-label={`Check in ${guest.name}`}
            >
              Check in
            </button>
          )}
          {!guest.here && partyLeft > 1 ? (
            <button
              type="submit"
              name="intent"
              value={DOOR_INTENT.partyIn}
              className={buttonClass({ variant: "secondary", size: "lg" })}
              aria-label={`Check in ${guest.name}'s party of ${partyLeft}`}
            >
              Whole party ({partyLeft})
            </button>
          ) : null}
        </Form>
      </div>
    </li>
  );
}

/** What the party's order owes, and taking it: cash, or a check with its number. */
function DoorPayment({
  paymentId,
  registrantId,
  amount,
  party,
  error,
  takeForm,
}: {
  paymentId: number;
  registrantId: number;
  amount: string;
  party: string | null;
  error: string | undefined;
  takeForm: TakeForm | undefined;
}) {
  const checkId = `check-number-${paymentId}`;
  return (
    <Form
      method="post"
      className="door-payment"
      aria-label={`Payment for ${party ?? "the order"}`}
      onSubmit={
        takeForm &&
        ((event) => {
          const byCheck = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value") === DOOR_INTENT.payCheck;
          takeForm(event, `${amount} ${byCheck ? "by check" : "in cash"} for ${party ?? "the order"}`);
        })
      }
    >
      <p className="door-guest__to-pay">
        To pay at the door: {amount}
        {party ? ` for ${party}` : ""}
      </p>
      <input type="hidden" name="paymentId" value={paymentId} />
      <input type="hidden" name="registrantId" value={registrantId} />
      <div className="door-payment__row">
        <button
          type="submit"
          name="intent"
          value={DOOR_INTENT.payCash}
          className={buttonClass({ variant: "secondary" })}
        >
          Take {amount} cash
        </button>
        <span className="door-payment__check-group">
          <label htmlFor={checkId} className="door-payment__label">
            Check no.
          </label>
          <input
            id={checkId}
            name="check_number"
            className="door-payment__check"
            inputMode="numeric"
            autoComplete="off"
            maxLength={30}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${checkId}-error` : undefined}
          />
        </span>
        <button
          type="submit"
          name="intent"
          value={DOOR_INTENT.payCheck}
          className={buttonClass({ variant: "secondary" })}
        >
          Take check
        </button>
      </div>
      {error ? (
        <p id={`${checkId}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </Form>
  );
}

const WALK_IN_FIELDS = ["first_name", "last_name", "email", "ticket_id", "method"];

function WalkIn({
  tickets,
  currency,
  errors = {},
  typed = {},
  takeForm,
  submissionKey,
}: {
  tickets: DoorScreenProps["tickets"];
  currency: string;
  errors?: Record<string, string>;
  /** What the refused walk-in said, shown again (the page without JavaScript is a new one). */
  typed?: Record<string, string>;
  takeForm: TakeForm | undefined;
  submissionKey: string;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const refused = WALK_IN_FIELDS.some((field) => errors[field]);
  // Refused, the volunteer lands on the first field to fix (the station checks before queueing, so nothing reloads).
  useFocusFirstError(formRef, refused ? errors : null);
  return (
    <details className="door-walk-in" open={Object.keys(errors).length > 0 || undefined}>
      <summary>Register a walk-in</summary>
      <Form
        ref={formRef}
        method="post"
        className="door-walk-in__form"
        noValidate
        onSubmit={
          takeForm &&
          ((event) => {
            const typed = new FormData(event.currentTarget);
            const form = event.currentTarget;
            // Ready for the next walk-in once this one is in the queue.
            if (takeForm(event, `Walk-in: ${typed.get("first_name")} ${typed.get("last_name")}`)) form.reset();
          })
        }
      >
        <input type="hidden" name="intent" value={DOOR_INTENT.walkIn} />
        <input type="hidden" name="submission" value={submissionKey} />
        <Field label="First name" required error={errors.first_name}>
          {(control) => (
            <input {...control} name="first_name" required autoComplete="off" defaultValue={typed.first_name} />
          )}
        </Field>
        <Field label="Last name" required error={errors.last_name}>
          {(control) => (
            <input {...control} name="last_name" required autoComplete="off" defaultValue={typed.last_name} />
          )}
        </Field>
        <Field label="Email" help="Needed to pay later tonight: the bill is sent there." error={errors.email}>
          {(control) => <input {...control} name="email" type="email" autoComplete="off" defaultValue={typed.email} />}
        </Field>
        <Field label="Ticket" required error={errors.ticket_id}>
          {(control) => (
            <select {...control} name="ticket_id" required defaultValue={typed.ticket_id ?? tickets[0]?.ticket_id}>
              {tickets.map((type) => (
                <option key={type.ticket_id} value={type.ticket_id}>
                  {type.title} ({formatMoney(type.price, currency)})
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Payment" required error={errors.method}>
          {(control) => (
            <select {...control} name="method" defaultValue={typed.method ?? "pay_at_event"}>
              <option value="pay_at_event">Pays later tonight</option>
              <option value="cash">Paid in cash</option>
              <option value="check">Paid by check</option>
              <option value="comp">Complimentary</option>
            </select>
          )}
        </Field>
        <button type="submit" className={buttonClass({ variant: "primary", size: "lg" })}>
          Register and check in
        </button>
      </Form>
    </details>
  );
}

/** The status line's outcome from an answer: the station's own, or the server's bare message (an unreadable entry). */
function outcomeOf(answer: DoorOutcome | null, message: string): DoorOutcome {
  return answer ?? { tone: "error", message, guestIds: [] };
}

/** What the station can tell before queueing: a walk-in's fields, and a check's number. */
function problemsOf(intent: string, posted: FormData): Record<string, string> | null {
  if (intent === DOOR_INTENT.walkIn) {
    const submission = parseForm(posted, walkInSchema);
    if (submission.status === "success") return null;
    return Object.fromEntries(
      Object.entries(submission.error ?? {}).flatMap(([name, messages]) =>
        name && messages?.[0] ? [[name, messages[0]]] : [],
      ),
    );
  }
  if (intent === DOOR_INTENT.payCheck && !String(posted.get("check_number") ?? "").trim())
    return { [`check_number-${posted.get("paymentId")}`]: "Enter the check's number." };
  return null;
}
