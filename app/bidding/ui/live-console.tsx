/**
 * The clerk's console of /live: the running order, the lot shown with its bids and the maxima left on it, the entry
 * form (paddle, Tab, amount, Enter) with the paddle's name as it is typed, the actions with their shortcuts, and
 * the log. Every post is a plain form (it works without JavaScript); with JavaScript they go through fetchers so
 * the clerk's focus stays in the entry form, and the live stream reloads the data when another console or an
 * online bidder changes anything.
 */
import { Form, Link, useActionData, useFetcher, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { formErrorOf, replyFor, type FormReply } from "~/forms/form-contract";
import { paths } from "~/http/paths";
import { LiveIndicator, useLiveRefresh } from "~/realtime/ui/use-live-refresh";
import { formatMoney } from "~/ui/format";
import {
  CONSOLE_SHORTCUTS,
  FLOOR_FORM,
  LIVE_INTENT,
  LOT_ACTIONS_FORM,
  LOT_PHASE_LABELS,
  type ConsoleLot,
  type LogEntry,
  type LotBid,
  type LotPhase,
} from "../live-lots";

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
  const { eventId, eventTitle, currency, lots, selected, following, detail, log, marker, streamUrl } = props;
  const money = (cents: number | null) => (cents === null ? "—" : formatMoney(cents, currency));
  const status = useLiveRefresh(streamUrl, marker);
  const here = paths.live(eventId, { lot: following || !selected ? undefined : selected.id });
  const lotHref = (id: number) => paths.live(eventId, { lot: id });
  const navigate = useNavigate();
  const actionData = useActionData<FormReply>();
  const floor = useFetcher<FormReply>();
  const actions = useFetcher<FormReply>();
  // The paddle's guest as it is typed: a small GET per pause in typing; a newer one cancels the older.
  const [lookup, setLookup] = useState<{ data?: { paddle: number | null; name: string | null } }>({});
  const formRef = useRef<HTMLFormElement>(null);
  const paddleRef = useRef<HTMLInputElement>(null);
  const [paddleText, setPaddleText] = useState("");

  const floorReply = replyFor(floor.data ?? actionData, FLOOR_FORM);
  const actionsReply = replyFor(actions.data ?? actionData, LOT_ACTIONS_FORM);
  // A field's message from the server stands until the clerk changes that field.
  const [edited, setEdited] = useState<string[]>([]);
  useEffect(() => setEdited([]), [floor.data, actionData]);
  const floorError = (field: string) => (edited.includes(field) ? undefined : floorReply?.error?.[field]?.[0]);
  const markEdited = (field: string) => setEdited((fields) => (fields.includes(field) ? fields : [...fields, field]));
  const known = lookup.data && paddleText.trim() !== "" && lookup.data.paddle === Number(paddleText.trim());
  const unknownPaddle = known && lookup.data?.name === null;

  // The console is keyboard-first: the paddle field has the focus when the page opens and when the lot changes.
  useEffect(() => {
    paddleRef.current?.focus();
  }, [selected?.id]);

  // A taken entry empties the form and puts the clerk back on the paddle field.
  const wasBusy = useRef(false);
  useEffect(() => {
    if (floor.state !== "idle") {
      wasBusy.current = true;
      return;
    }
    if (!wasBusy.current) return;
    wasBusy.current = false;
    if (!replyFor(floor.data, FLOOR_FORM)) {
      formRef.current?.reset();
      setPaddleText("");
    }
    paddleRef.current?.focus();
  }, [floor.state, floor.data]);

  const lotAction = (intent: string) => {
    if (!selected && intent !== LIVE_INTENT.undo) return;
    actions.submit({ intent, lot: String(selected?.id ?? "") }, { method: "post", action: here });
  };
  const submitFloor = (intent: typeof LIVE_INTENT.sell | typeof LIVE_INTENT.soldTwice) => {
    if (!formRef.current) return;
    const data = new FormData(formRef.current);
    data.set("intent", intent);
    floor.submit(data, { method: "post", action: here });
  };

  const latest = useRef({ lotAction, submitFloor, selected, lots });
  latest.current = { lotAction, submitFloor, selected, lots };
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
          if (next) navigate(lotHref(next.id));
        },
      };
      const run = map[event.code];
      if (!run) return;
      event.preventDefault();
      run();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
  useEffect(() => {
    const typed = paddleText.trim();
    if (!/^\d{1,7}$/.test(typed)) return;
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
  }, [paddleText, eventId]);

  const busy = floor.state !== "idle" || actions.state !== "idle";
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
      <div className="console__main">
        <nav aria-label="Running order">
          <ol className="console__order">
            {lots.map((lot) => (
              <li key={lot.id}>
                <Link to={lotHref(lot.id)} aria-current={lot.id === selected?.id ? "true" : undefined}>
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

            <actions.Form method="post" action={here} className="console__actions" aria-label="Lot actions">
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
            </actions.Form>

            <floor.Form
              method="post"
              action={here}
              ref={formRef}
              className="console__entry"
              onKeyDown={onEntryKey}
              onSubmit={(event) => {
                if (unknownPaddle) event.preventDefault();
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
            </floor.Form>

            <div className="console__panel">
              <h3>Bids on this lot</h3>
              {detail.bids.length === 0 ? (
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
              {detail.maxima.length === 0 ? (
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
