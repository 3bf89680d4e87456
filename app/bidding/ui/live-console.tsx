/**
 * The clerk's console of /live: the running order, the lot shown with its bids and the maxima left on it, the entry
 * form (paddle, Tab, amount, Enter) with the paddle's name as it is typed, the actions with their shortcuts, and
 * the log. Every post is a plain form (it works without JavaScript); with JavaScript each goes into the console's
 * queue (app/stations/), so the clerk's focus stays in the entry form and the console keeps working through a Wi-Fi
 * drop: what is recorded offline shows at once and is sent when the network is back. The live stream reloads the
 * data when another console or an online bidder changes anything.
 */
import { Form, Link, useActionData, useNavigate } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { formErrorOf, parseForm, replyFor, type FormReply } from "~/forms/form-contract";
import { paths } from "~/http/paths";
import { LiveIndicator, useLiveRefresh } from "~/realtime/ui/use-live-refresh";
import { StationBar } from "~/stations/ui/station-bar";
import { StationConflicts } from "~/stations/ui/station-conflicts";
import { useStationQueue } from "~/stations/use-station-queue";
import { formatMoney } from "~/ui/format";
import { useHydrated } from "~/ui/use-hydrated";
import { lotsWithEntries } from "../clerk-overlay";
import {
  CONSOLE_SHORTCUTS,
  FLOOR_FORM,
  floorBidSchema,
  LIVE_INTENT,
  LOT_ACTIONS_FORM,
  LOT_PHASE_LABELS,
  soldTwiceSchema,
  type ConsoleLot,
  type LogEntry,
  type LotBid,
  type LotPhase,
} from "../live-lots";
import type { StationConflict, StationMessage } from "~/stations/station-entry";

export interface LiveConsoleProps {
  eventId: number;
  eventTitle: string;
  currency: string;
  lots: ConsoleLot[];
  selected: ConsoleLot | null;
  following: boolean;
  detail: {
    images: string[];
    bids: LotBid[];
    maxima: { paddle: number | null; name: string | null; amount: number }[];
  } | null;
  /** Newest first, each with its time as the event's clock showed it ("7:02 PM EDT"). */
  log: (LogEntry & { atLabel: string })[];
  marker: string;
  streamUrl: string;
  syncUrl: string;
  timezone: string;
  conflicts: StationConflict[];
  /** Every paddle of the event and its holder's name. */
  directory: Array<[number, string]>;
}

const ACTION_LABELS: Record<string, string> = {
  open: "Opened",
  bid: "Floor bid",
  sold: "Sold",
  sold_twice: "Sold twice",
  passed: "Passed",
  undo: "Undo",
  correct: "Corrected",
  online_on: "Online bidding on",
  online_off: "Online bidding off",
};

function Phase({ phase }: { phase: LotPhase }) {
  return <span className={`phase phase--${phase}`}>{LOT_PHASE_LABELS[phase]}</span>;
}

export function LiveConsole(props: LiveConsoleProps) {
  const { eventId, eventTitle, currency, following, log, marker, streamUrl } = props;
  const money = (cents: number | null) => (cents === null ? "—" : formatMoney(cents, currency));
  const status = useLiveRefresh(streamUrl, marker);
  const hydrated = useHydrated();
  const queue = useStationQueue<StationMessage>({
    queue: `clerk:${eventId}`,
    syncUrl: props.syncUrl,
    loaded: props.lots,
  });
  // The running order with what the clerk recorded and the server has not yet confirmed.
  const lots = useMemo(
    () => lotsWithEntries(props.lots, queue.confirmed, queue.waiting),
    [props.lots, queue.confirmed, queue.waiting],
  );
  // Offline the console cannot load another lot's page: the clerk moves between lots here, from the running order it
  // holds; the next data from the server (back online) takes over again.
  const [chosenOffline, setChosenOffline] = useState<number | null>(null);
  useEffect(() => setChosenOffline(null), [props.lots]);
  const selectedId = chosenOffline ?? props.selected?.id ?? null;
  const selected = lots.find((lot) => lot.id === selectedId) ?? null;
  // A lot chosen offline has no bids or maxima loaded: they show when the network is back.
  const detailKnown = selectedId === props.selected?.id;
  const detail = detailKnown ? props.detail : { images: [], bids: [], maxima: [] };
  const goToLot = (id: number) => {
    if (navigator.onLine) navigate(lotHref(id));
    else setChosenOffline(id);
  };
  const here = paths.live(eventId, { lot: following || !selected ? undefined : selected.id });
  const lotHref = (id: number) => paths.live(eventId, { lot: id });
  const navigate = useNavigate();
  const actionData = useActionData<FormReply>();
  const answer: StationMessage | null =
    queue.latest?.answer ?? (queue.latest ? { tone: "error", message: queue.latest.message } : null);
  // Messages found before queueing (a paddle left blank), by field of the floor entry.
  const [typoErrors, setTypoErrors] = useState<Record<string, string>>({});
  // The paddle's guest as it is typed: a small GET per pause in typing; a newer one cancels the older.
  const [lookup, setLookup] = useState<{ data?: { paddle: number | null; name: string | null } }>({});
  const formRef = useRef<HTMLFormElement>(null);
  const paddleRef = useRef<HTMLInputElement>(null);
  const [paddleText, setPaddleText] = useState("");

  const floorReply = replyFor(actionData, FLOOR_FORM);
  const actionsReply = replyFor(actionData, LOT_ACTIONS_FORM);
  // A field's message stands until the clerk changes that field.
  const [edited, setEdited] = useState<string[]>([]);
  useEffect(() => setEdited([]), [queue.latest, actionData, typoErrors]);
  const floorError = (field: string) =>
    edited.includes(field)
      ? undefined
      : (typoErrors[field] ??
        (answer && answer.tone !== "success" && answer.field === field ? answer.message : undefined) ??
        floorReply?.error?.[field]?.[0]);
  const markEdited = (field: string) => setEdited((fields) => (fields.includes(field) ? fields : [...fields, field]));
  const known = lookup.data && paddleText.trim() !== "" && lookup.data.paddle === Number(paddleText.trim());
  const unknownPaddle = known && lookup.data?.name === null;

  // The console is keyboard-first: the paddle field has the focus when the page opens and when the lot changes.
  useEffect(() => {
    paddleRef.current?.focus();
  }, [selected?.id]);

  const lotAction = (intent: string) => {
    if (intent === LIVE_INTENT.undo) return queue.take(intent, [], "Undo last");
    if (!selected) return;
    queue.take(
      intent,
      [["lot", String(selected.id)]],
      `${ACTION_LABELS[intent] ?? intent}: lot ${selected.lot ?? "—"}`,
    );
  };
  /** A floor entry into the queue: checked here first, then the form is emptied for the next and the paddle focused. */
  const submitFloor = (intent: string) => {
    if (!formRef.current || !selected) return;
    // Only this entry's messages show: the answer to an earlier one (a paddle nobody holds) is done with.
    queue.supersede();
    const posted = new FormData(formRef.current);
    const checked = parseForm(posted, intent === LIVE_INTENT.soldTwice ? soldTwiceSchema : floorBidSchema);
    if (checked.status !== "success") {
      setTypoErrors(
        Object.fromEntries(
          Object.entries(checked.error ?? {}).flatMap(([field, messages]) =>
            messages?.[0] ? [[field, messages[0]]] : [],
          ),
        ),
      );
      return;
    }
    setTypoErrors({});
    const paddle = String(posted.get("paddle") ?? "").trim();
    const amount = String(posted.get("amount") ?? "").trim();
    const fields: [string, string][] = [
      ["lot", String(selected.id)],
      ["paddle", paddle],
      ["amount", amount],
    ];
    const lotName = `lot ${selected.lot ?? "—"}`;
    const label =
      intent === LIVE_INTENT.sell
        ? `Bid and sell: ${lotName} to #${paddle} at ${amount}`
        : intent === LIVE_INTENT.soldTwice
          ? `Sold twice: ${lotName} to #${paddle}`
          : `Floor bid: #${paddle} ${amount} on ${lotName}`;
    queue.take(intent, fields, label);
    formRef.current.reset();
    setPaddleText("");
    paddleRef.current?.focus();
  };
  /** With JavaScript, a console form's button goes into the queue instead of posting the page. */
  const queueButton = (run: (intent: string) => void) =>
    hydrated
      ? (event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          const intent = (event.nativeEvent as SubmitEvent).submitter?.getAttribute("value");
          if (intent) run(intent);
        }
      : undefined;

  const latest = useRef({ lotAction, submitFloor, selected, lots, goToLot });
  latest.current = { lotAction, submitFloor, selected, lots, goToLot };
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey) return;
      const { lotAction: act, submitFloor: floorSubmit, selected: lot, lots: order } = latest.current;
      const map: Record<string, () => void> = {
        KeyS: () => act(LIVE_INTENT.sold),
        KeyP: () => act(LIVE_INTENT.passed),
        KeyZ: () => act(LIVE_INTENT.undo),
        KeyO: () => act(LIVE_INTENT.open),
        KeyB: () => act(lot?.onlineBidding ? LIVE_INTENT.onlineOff : LIVE_INTENT.onlineOn),
        KeyT: () => floorSubmit(LIVE_INTENT.soldTwice),
        KeyN: () => {
          const index = order.findIndex((candidate) => candidate.id === lot?.id);
          const next = order[index + 1] ?? order[0];
          if (next) latest.current.goToLot(next.id);
        },
      };
      const run = map[event.code];
      if (!run) return;
      event.preventDefault();
      run();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const onEntryKey = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submitFloor(LIVE_INTENT.sell);
    }
  };
  const onPaddleInput = (value: string) => {
    setPaddleText(value);
    markEdited("paddle");
  };
  const names = useMemo(() => new Map(props.directory), [props.directory]);
  useEffect(() => {
    const typed = paddleText.trim();
    if (!/^\d{1,7}$/.test(typed)) return;
    // Offline the console names the paddle from the directory it holds.
    if (!navigator.onLine)
      return setLookup({ data: { paddle: Number(typed), name: names.get(Number(typed)) ?? null } });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(paths.livePaddle(eventId, { paddle: typed }), { signal: controller.signal })
        .then((response) => (response.ok ? response.json() : null))
        .then((data) => {
          if (data) setLookup({ data });
        })
        .catch(() => {
          // Cancelled by the next keystroke, or the network is away: the server checks the paddle on Enter anyway.
        });
    }, 120);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [paddleText, eventId, names]);

  const busy = false;
  const open = selected?.phase === "open";
  const sold = selected?.phase === "sold";
  const waiting = selected?.phase === "waiting";
  const paddleMessage = floorError("paddle") ?? (unknownPaddle ? `No guest has paddle ${paddleText.trim()}.` : null);

  return (
    // toasts-beside: notifications take a band of their own at the foot of the window, never over the log.
    <div className="console toasts-beside">
      <header className="console__bar">
        <h1>Live auction · {eventTitle}</h1>
        <LiveIndicator status={status} />
        <span className="spacer" />
        <a href={paths.livec(eventId)} target="_blank" rel="noreferrer">
          Projector (/livec)
        </a>
        <Link to={paths.setupLiveAuction(eventId)}>Live auction setup</Link>
      </header>
      {hydrated ? (
        <StationBar
          queue={queue}
          timezone={props.timezone}
          signInHref={`/auth/sign-in?returnTo=${encodeURIComponent(here)}`}
          showsAnswer
        />
      ) : null}
      <StationConflicts conflicts={props.conflicts} syncUrl={props.syncUrl} timezone={props.timezone} />
      <div className="console__main">
        <nav aria-label="Running order">
          <ol className="console__order">
            {lots.map((lot) => (
              <li key={lot.id}>
                <Link
                  to={lotHref(lot.id)}
                  aria-current={lot.id === selected?.id ? "true" : undefined}
                  onClick={(event) => {
                    if (navigator.onLine) return;
                    event.preventDefault();
                    goToLot(lot.id);
                  }}
                >
                  <span className="lot-no">{lot.lot ?? "—"}</span>
                  <span className="lot-title">{lot.title}</span>
                  <span className="lot-state">
                    <Phase phase={lot.phase} />{" "}
                    {lot.phase === "sold"
                      ? `#${lot.winners.map((won) => won.paddle).join(", #")} · ${money(lot.winners[0]?.amount ?? null)}`
                      : lot.currentBid !== null
                        ? money(lot.currentBid)
                        : ""}
                    {lot.onlineBidding ? " · online" : ""}
                  </span>
                </Link>
              </li>
            ))}
          </ol>
          {lots.length === 0 ? (
            <p>
              No published live lots. Add them under <a href={paths.auctionItemsLivePackages(eventId)}>Live packages</a>
              .
            </p>
          ) : null}
        </nav>

        {selected && detail ? (
          <section className="console__lot" aria-labelledby="lot-heading">
            <div className="console__lot-head">
              {selected.image ? <img src={selected.image} alt="" /> : <div />}
              <div>
                <p>
                  Lot {selected.lot ?? "—"} · <Phase phase={selected.phase} />
                  {selected.onlineBidding ? " · Online bidding on" : ""}
                </p>
                <h2 id="lot-heading">{selected.title}</h2>
                {selected.excerpt ? <p className="console__excerpt">{selected.excerpt}</p> : null}
                <dl className="console__figures">
                  <div>
                    <dt>Value</dt>
                    <dd>{selected.value ? money(selected.value) : "Priceless"}</dd>
                  </div>
                  <div>
                    <dt>{sold ? "Hammer price" : "Current bid"}</dt>
                    <dd data-testid="current-bid">
                      {sold ? money(selected.winners[0]?.amount ?? null) : money(selected.currentBid)}
                    </dd>
                  </div>
                  <div>
                    <dt>{sold ? "Winning paddle" : "Leading paddle"}</dt>
                    <dd data-testid="leader">
                      {sold
                        ? selected.winnerNames.map((won) => `#${won.paddle} ${won.name ?? ""}`).join(", ")
                        : selected.leader !== null
                          ? `#${selected.leader}`
                          : "—"}
                    </dd>
                  </div>
                  {open ? (
                    <div>
                      <dt>Next bid at least</dt>
                      <dd>{money(selected.nextMinimum)}</dd>
                    </div>
                  ) : null}
                </dl>
              </div>
            </div>

            {formErrorOf(actionsReply) ? (
              <p className="console__alert" role="alert">
                {formErrorOf(actionsReply)}
              </p>
            ) : null}
            {formErrorOf(floorReply) ? (
              <p className="console__alert" role="alert">
                {formErrorOf(floorReply)}
              </p>
            ) : null}

            <Form
              method="post"
              action={here}
              className="console__actions"
              aria-label="Lot actions"
              onSubmit={queueButton(lotAction)}
            >
              <input type="hidden" name="lot" value={selected.id} />
              <button
                type="submit"
                name="intent"
                value={LIVE_INTENT.open}
                className="big-button big-button--go"
                disabled={!waiting || busy}
              >
                Open lot <kbd>Alt+O</kbd>
              </button>
              <button
                type="submit"
                name="intent"
                value={LIVE_INTENT.sold}
                className="big-button big-button--sold"
                disabled={!open || busy}
              >
                Sold <kbd>Alt+S</kbd>
              </button>
              <button
                type="submit"
                name="intent"
                value={LIVE_INTENT.passed}
                className="big-button"
                disabled={!open || busy}
              >
                Passed <kbd>Alt+P</kbd>
              </button>
              <button
                type="submit"
                name="intent"
                value={LIVE_INTENT.undo}
                className="big-button big-button--warn"
                disabled={busy}
              >
                Undo last <kbd>Alt+Z</kbd>
              </button>
              <button
                type="submit"
                name="intent"
                value={selected.onlineBidding ? LIVE_INTENT.onlineOff : LIVE_INTENT.onlineOn}
                className="big-button"
                disabled={busy || sold || selected.phase === "passed"}
              >
                {selected.onlineBidding ? "Online bidding off" : "Online bidding on"} <kbd>Alt+B</kbd>
              </button>
            </Form>

            <Form
              method="post"
              action={here}
              ref={formRef}
              className="console__entry"
              onKeyDown={onEntryKey}
              onSubmit={(event) => {
                if (unknownPaddle) return event.preventDefault();
                queueButton(submitFloor)?.(event);
              }}
              aria-label="Floor entry"
              noValidate
            >
              <input type="hidden" name="lot" value={selected.id} />
              <div>
                <label htmlFor="entry-paddle">Paddle</label>
                <input
                  id="entry-paddle"
                  ref={paddleRef}
                  name="paddle"
                  inputMode="numeric"
                  autoComplete="off"
                  defaultValue={
                    typeof floorReply?.initialValue?.paddle === "string" ? floorReply.initialValue.paddle : ""
                  }
                  onChange={(event) => onPaddleInput(event.currentTarget.value)}
                  aria-invalid={paddleMessage ? true : undefined}
                  aria-describedby="entry-paddle-who"
                />
                <p
                  id="entry-paddle-who"
                  className={paddleMessage ? "console__error" : "console__who"}
                  aria-live="polite"
                >
                  {paddleMessage ?? (known && lookup.data?.name ? lookup.data.name : "\u00a0")}
                </p>
              </div>
              <div>
                <label htmlFor="entry-amount">Amount</label>
                <input
                  id="entry-amount"
                  name="amount"
                  inputMode="decimal"
                  autoComplete="off"
                  defaultValue={
                    typeof floorReply?.initialValue?.amount === "string" ? floorReply.initialValue.amount : ""
                  }
                  onChange={() => markEdited("amount")}
                  aria-invalid={floorError("amount") ? true : undefined}
                  aria-describedby="entry-amount-error"
                />
                <p id="entry-amount-error" className="console__error" aria-live="polite">
                  {floorError("amount") ?? "\u00a0"}
                </p>
              </div>
              <div className="entry-buttons">
                <button
                  type="submit"
                  name="intent"
                  value={LIVE_INTENT.bid}
                  className="big-button big-button--go"
                  disabled={!open || busy}
                >
                  Record bid <kbd>Enter</kbd>
                </button>
                <button
                  type="submit"
                  name="intent"
                  value={LIVE_INTENT.sell}
                  className="big-button big-button--sold"
                  disabled={!open || busy}
                >
                  Bid and sell <kbd>Ctrl+Enter</kbd>
                </button>
                <button
                  type="submit"
                  name="intent"
                  value={LIVE_INTENT.soldTwice}
                  className="big-button"
                  disabled={!sold || busy}
                >
                  Sold twice <kbd>Alt+T</kbd>
                </button>
              </div>
            </Form>

            <div className="console__panel">
              <h3>Bids on this lot</h3>
              {!detailKnown ? (
                <p>Offline: this lot's bids show when the network is back.</p>
              ) : detail.bids.length === 0 ? (
                <p>No bids yet.</p>
              ) : (
                <table aria-label="Bids on this lot">
                  <thead>
                    <tr>
                      <th scope="col">Paddle</th>
                      <th scope="col">Name</th>
                      <th scope="col">Amount</th>
                      <th scope="col">From</th>
                      <th scope="col">Status</th>
                    </tr>
                  </thead>
                  <tbody>
                    {detail.bids.map((row) => (
                      <tr key={row.bidId} className={row.status === "retracted" ? "undone" : undefined}>
                        <td>#{row.paddle ?? "?"}</td>
                        <td>{row.name}</td>
                        <td>{money(row.amount)}</td>
                        <td>{row.source}</td>
                        <td>{row.status}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </div>
            <div className="console__panel">
              <h3>Absentee and online maximum bids</h3>
              {!detailKnown ? (
                <p>Offline: the maximum bids show when the network is back.</p>
              ) : detail.maxima.length === 0 ? (
                <p>None left for this lot.</p>
              ) : (
                <table aria-label="Maximum bids">
                  <tbody>
                    {detail.maxima.map((row, index) => (
                      <tr key={index}>
                        <td>#{row.paddle ?? "?"}</td>
                        <td>{row.name}</td>
                        <td>up to {money(row.amount)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </div>
            {selected.description ? (
              <details className="console__panel">
                <summary>Description</summary>
                <div dangerouslySetInnerHTML={{ __html: selected.description }} />
              </details>
            ) : null}
          </section>
        ) : (
          <section className="console__lot">
            <p>Choose a lot from the running order.</p>
            <Form method="get">
              <input type="hidden" name="id" value={eventId} />
            </Form>
          </section>
        )}

        <aside className="console__side">
          <div className="console__panel">
            <h3>Keyboard</h3>
            <dl className="console__shortcuts">
              {CONSOLE_SHORTCUTS.map((shortcut) => (
                <div key={shortcut.keys} style={{ display: "contents" }}>
                  <dt>
                    <kbd>{shortcut.keys}</kbd>
                  </dt>
                  <dd>{shortcut.label}</dd>
                </div>
              ))}
            </dl>
          </div>
          <div className="console__panel">
            <h3>Log</h3>
            {log.length === 0 ? (
              <p>Nothing recorded yet.</p>
            ) : (
              <table aria-label="Log" className="console__log">
                <thead>
                  <tr>
                    <th scope="col">Lot</th>
                    <th scope="col">Entry</th>
                  </tr>
                </thead>
                <tbody>
                  {log.map((entry) => (
                    <tr key={entry.id} className={entry.undone ? "undone" : undefined}>
                      <td>{entry.lot ?? "—"}</td>
                      <td>
                        {ACTION_LABELS[entry.action] ?? entry.action}
                        {entry.paddle !== null ? ` #${entry.paddle}` : ""}
                        {entry.amount !== null ? ` ${money(entry.amount)}` : ""}
                        {entry.reason ? ` (${entry.reason})` : ""}
                        <span className="console__log-meta">
                          <time dateTime={entry.at}>{entry.atLabel}</time>
                          {entry.by ? ` · ${entry.by}` : ""}
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        </aside>
      </div>
    </div>
  );
}
