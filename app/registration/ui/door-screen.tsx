/**
 * /admin/registration/checkinout, built for the door on a tablet: type a name, email, paddle or table and tap
 * "Check in"; scan the guest's QR code with the camera, or with a handheld scanner typing into the search box;
 * register a walk-in. Several stations work at once: each change comes back over the live stream to every one.
 * Without JavaScript the search is a GET form and every button a plain form post.
 */
import { Form, useActionData, useFetcher, useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { LiveIndicator, useLiveRefresh } from "~/realtime/ui/use-live-refresh";
import { buttonClass } from "~/ui/button";
import { Field } from "~/ui/field";
import { formatMoney } from "~/ui/format";
import { useHydrated } from "~/ui/use-hydrated";
import { DOOR_INTENT } from "../door-forms";
import { QrScanner } from "./qr-scanner";
import type { DoorOutcome } from "../check-in-actions.server";
import type { DoorGuest } from "../check-in.server";

// Types only: erased from the browser's bundle.
type DoorGuestView = DoorGuest;

export interface DoorScreenProps {
  guests: DoorGuestView[];
  counts: { registered: number; arrived: number; here: number };
  query: string;
  /** A guest named by the QR link that opened the page. */
  scannedGuestId: number | null;
  tickets: { ticket_id: number; title: string; price: number }[];
  currency: string;
  timezone: string;
  marker: number;
  streamUrl: string;
}

const MAX_SHOWN = 50;
const looksLikeScan = (text: string) => /\b[0-9a-f]{32}\b/i.test(text);

function matches(guest: DoorGuestView, words: string[]) {
  const haystack = [
    guest.name,
    guest.email,
    guest.party,
    guest.table,
    guest.paddle === null ? "" : `#${guest.paddle} ${guest.paddle}`,
  ]
    .join(" ")
    .toLowerCase();
  return words.every((word) => haystack.includes(word));
}

export function DoorScreen(props: DoorScreenProps) {
  const hydrated = useHydrated();
  const status = useLiveRefresh(props.streamUrl, props.marker);
  const actionData = useActionData<DoorOutcome>();
  const fetcher = useFetcher<DoorOutcome>();
  const [query, setQuery] = useState(props.query);
  const [scanning, setScanning] = useState(false);
  const search = useRef<HTMLInputElement>(null);
  const outcome = fetcher.data ?? actionData;

  const words = useMemo(() => query.trim().toLowerCase().split(/\s+/).filter(Boolean), [query]);
  const shown = useMemo(() => {
    if (props.scannedGuestId !== null && words.length === 0)
      return props.guests.filter((guest) => guest.id === props.scannedGuestId);
    if (outcome && words.length === 0 && outcome.guestIds.length > 0)
      return props.guests.filter((guest) => outcome.guestIds.includes(guest.id));
    if (words.length === 0 || looksLikeScan(query)) return [];
    return props.guests.filter((guest) => matches(guest, words)).slice(0, MAX_SHOWN + 1);
  }, [props.guests, props.scannedGuestId, words, query, outcome]);
  const partySizes = useMemo(() => {
    const sizes = new Map<number, number>();
    for (const guest of props.guests)
      if (guest.partyId !== null && !guest.here) sizes.set(guest.partyId, (sizes.get(guest.partyId) ?? 0) + 1);
    return sizes;
  }, [props.guests]);

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

  function submitScan(code: string) {
    fetcher.submit({ intent: DOOR_INTENT.scan, code }, { method: "post" });
    setQuery("");
    search.current?.focus();
  }

  return (
    <div className="door">
      <div className="door__top">
        <h1 className="door__title">Check-in</h1>
        <dl className="door-counts" aria-label="Arrivals">
          <div>
            <dt>Here now</dt>
            <dd>{props.counts.here}</dd>
          </div>
          <div>
            <dt>Arrived</dt>
            <dd>
              {props.counts.arrived} <span className="door-counts__of">of {props.counts.registered}</span>
            </dd>
          </div>
          <div>
            <dt>To arrive</dt>
            <dd>{props.counts.registered - props.counts.arrived}</dd>
          </div>
        </dl>
        <LiveIndicator status={status} />
      </div>

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
          if (only) fetcher.submit({ intent: DOOR_INTENT.checkIn, registrantId: String(only.id) }, { method: "post" });
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
          placeholder="Name, email, paddle or table"
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
              errors={outcome?.errors}
              fetcher={fetcher}
              currency={props.currency}
              timezone={props.timezone}
            />
          ))}
        </ul>
      ) : words.length > 0 && !looksLikeScan(query) ? (
        <p className="door-empty">No guest matches “{query.trim()}”. Register them as a walk-in below.</p>
      ) : null}
      {shown.length > MAX_SHOWN ? <p className="door-empty">More guests match: type more of the name.</p> : null}

      <WalkIn tickets={props.tickets} currency={props.currency} errors={outcome?.errors} fetcher={fetcher} />
    </div>
  );
}

function GuestRow({
  guest,
  partyLeft,
  collectsPayment,
  errors = {},
  fetcher,
  currency,
  timezone,
}: {
  guest: DoorGuestView;
  partyLeft: number;
  collectsPayment: boolean;
  errors?: Record<string, string>;
  fetcher: ReturnType<typeof useFetcher<DoorOutcome>>;
  currency: string;
  timezone: string;
}) {
  const pending = fetcher.state !== "idle" && fetcher.formData?.get("registrantId") === String(guest.id);
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
            fetcher={fetcher}
          />
        ) : null}
        {guest.here ? <p className="door-guest__here">Checked in{time ? ` at ${time}` : ""}</p> : null}
      </div>
      <div className="door-guest__actions">
        <fetcher.Form method="post">
          <input type="hidden" name="registrantId" value={guest.id} />
          {guest.here ? (
            <button
              type="submit"
              name="intent"
              value={DOOR_INTENT.checkOut}
              className={buttonClass({ variant: "secondary", size: "lg" })}
              disabled={pending}
              aria-label={`Check out ${guest.name}`}
            >
              Check out
            </button>
          ) : (
            <button
              type="submit"
              name="intent"
              value={DOOR_INTENT.checkIn}
              className={buttonClass({ variant: "primary", size: "lg" })}
              disabled={pending}
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
              disabled={pending}
              aria-label={`Check in ${guest.name}'s party of ${partyLeft}`}
            >
              Whole party ({partyLeft})
            </button>
          ) : null}
        </fetcher.Form>
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
  fetcher,
}: {
  paymentId: number;
  registrantId: number;
  amount: string;
  party: string | null;
  error: string | undefined;
  fetcher: ReturnType<typeof useFetcher<DoorOutcome>>;
}) {
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("paymentId") === String(paymentId);
  const checkId = `check-number-${paymentId}`;
  return (
    <fetcher.Form method="post" className="door-payment" aria-label={`Payment for ${party ?? "the order"}`}>
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
          disabled={busy}
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
          disabled={busy}
        >
          Take check
        </button>
      </div>
      {error ? (
        <p id={`${checkId}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

function WalkIn({
  tickets,
  currency,
  errors = {},
  fetcher,
}: {
  tickets: DoorScreenProps["tickets"];
  currency: string;
  errors?: Record<string, string>;
  fetcher: ReturnType<typeof useFetcher<DoorOutcome>>;
}) {
  const busy =
    useNavigation().state === "submitting" ||
    (fetcher.state !== "idle" && fetcher.formData?.get("intent") === DOOR_INTENT.walkIn);
  const form = useRef<HTMLFormElement>(null);
  const registered = fetcher.state === "idle" && fetcher.data?.walkIn === true;
  useEffect(() => {
    // Ready for the next walk-in once this one is in.
    if (registered) form.current?.reset();
  }, [registered, fetcher.data]);
  return (
    <details className="door-walk-in" open={Object.keys(errors).length > 0 || undefined}>
      <summary>Register a walk-in</summary>
      <fetcher.Form method="post" ref={form} className="door-walk-in__form" noValidate>
        <input type="hidden" name="intent" value={DOOR_INTENT.walkIn} />
        <Field label="First name" required error={errors.first_name}>
          {(control) => <input {...control} name="first_name" required autoComplete="off" />}
        </Field>
        <Field label="Last name" required error={errors.last_name}>
          {(control) => <input {...control} name="last_name" required autoComplete="off" />}
        </Field>
        <Field label="Email" error={errors.email}>
          {(control) => <input {...control} name="email" type="email" autoComplete="off" />}
        </Field>
        <Field label="Ticket" required error={errors.ticket_id}>
          {(control) => (
            <select {...control} name="ticket_id" required defaultValue={tickets[0]?.ticket_id}>
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
            <select {...control} name="method" defaultValue="pay_at_event">
              <option value="pay_at_event">Pays later tonight</option>
              <option value="cash">Paid in cash</option>
              <option value="check">Paid by check</option>
              <option value="comp">Complimentary</option>
            </select>
          )}
        </Field>
        <button type="submit" className={buttonClass({ variant: "primary", size: "lg" })} disabled={busy}>
          Register and check in
        </button>
      </fetcher.Form>
    </details>
  );
}
