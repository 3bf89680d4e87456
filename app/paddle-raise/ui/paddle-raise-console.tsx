/**
 * The clerk's paddle raise screen, built for speed under pressure on a laptop: the auctioneer calls a level, paddles
 * go up, the spotter calls each number; the clerk types the paddle and presses Enter. The level stays chosen for the
 * next paddle; ↑ and ↓ in the paddle field move to the level above or below. The holder's name shows as the paddle is
 * typed, and an unknown paddle is refused at the field. Every entry can be cancelled or corrected, with a reason,
 * from the log. Without JavaScript the same form posts and the page comes back at the same level. With it, each pledge
 * goes into the console's queue (app/stations/): counted on the screen at once, sent now or, through a Wi-Fi drop,
 * when the network is back.
 */
import { Form, Link, useActionData } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { formProps, useContractForm } from "~/forms/use-contract-form";
import { paths } from "~/http/paths";
import { useMenuScreen } from "~/navigation/use-menu-screen";
import { LiveIndicator, useLiveRefresh } from "~/realtime/ui/use-live-refresh";
import { StationBar } from "~/stations/ui/station-bar";
import { StationConflicts } from "~/stations/ui/station-conflicts";
import { useStationQueue, type StationQueue } from "~/stations/use-station-queue";
import { Button, ButtonLink } from "~/ui/button";
import { EmptyState } from "~/ui/empty-state";
import { Field } from "~/ui/field";
import { FormAlert } from "~/ui/form-alert";
import { formatRoundMoney } from "~/ui/format";
import { Thermometer } from "~/ui/thermometer";
import { useHydrated } from "~/ui/use-hydrated";
import { FLOOR_PLEDGE_FORM, floorPledgeSchema, PLEDGE_INTENT } from "../pledge-forms";
import { figuresWithPledges } from "../pledge-overlay";
import { PledgeLog } from "./pledge-log";
import { RecentGifts } from "./recent-gifts";
import type { PaddleRaiseConsoleData } from "../console.server";
import type { StationConflict, StationMessage } from "~/stations/station-entry";

// Types only: erased from the browser's bundle.
type ConsoleProps = PaddleRaiseConsoleData & {
  eventId: number;
  level: string;
  streamUrl: string;
  syncUrl: string;
  conflicts: StationConflict[];
};
type Level = ConsoleProps["levels"][number];

const CUSTOM = "custom";
const newKey = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

export function PaddleRaiseConsole(props: ConsoleProps) {
  const status = useLiveRefresh(props.streamUrl, props.marker);
  const hydrated = useHydrated();
  const queue = useStationQueue<StationMessage>({
    queue: `pledges:${props.eventId}`,
    syncUrl: props.syncUrl,
    loaded: props.levels,
  });
  // The figures with the pledges the server has not confirmed yet.
  const counted = useMemo(() => {
    if (!props.raise) return null;
    const taken = [...queue.confirmed, ...queue.waiting];
    return figuresWithPledges(props.raise, props.levels, taken);
  }, [props.raise, props.levels, queue.confirmed, queue.waiting]);
  const raise = counted?.raise ?? null;
  const { raises, eventId } = props;
  // Raises are set up on a catalogue screen, offered to those whose role opens it.
  const setUp = useMenuScreen("/admin/auction_items/paddle_raises");
  return (
    // toasts-beside: notifications take a band of their own at the foot of the window, never over the log.
    <div className="paddle-raise toasts-beside">
      <div className="paddle-raise__top">
        <h1 className="paddle-raise__title">Paddle raise</h1>
        <LiveIndicator status={status} />
        {raises.length > 1 ? (
          <nav aria-label="Paddle raises" className="paddle-raise__raises">
            {raises.map((candidate) => (
              <Link
                key={candidate.id}
                to={paths.bidsPaddleraises(eventId, { raise: candidate.id })}
                aria-current={candidate.id === raise?.id ? "page" : undefined}
              >
                {candidate.title}
                {candidate.isActive ? null : " (closed)"}
              </Link>
            ))}
          </nav>
        ) : null}
      </div>
      {hydrated ? (
        <StationBar
          queue={queue}
          timezone={props.timezone}
          signInHref={`/auth/sign-in?returnTo=${encodeURIComponent(paths.bidsPaddleraises(eventId))}`}
          showsAnswer
        />
      ) : null}
      <StationConflicts conflicts={props.conflicts} syncUrl={props.syncUrl} timezone={props.timezone} />
      {raise === null ? (
        <EmptyState
          title="No paddle raise yet"
          text="Create one, with its goal and giving levels, under Auction items, Paddle raises."
          action={
            setUp ? (
              <ButtonLink to={setUp.to} variant="primary">
                Set up a paddle raise
              </ButtonLink>
            ) : null
          }
        />
      ) : (
        <>
          <div className="paddle-raise__grid">
            <PledgeEntry
              key={raise.id}
              {...props}
              raise={raise}
              levels={counted?.levels ?? props.levels}
              queue={hydrated ? queue : null}
            />
            <aside className="paddle-raise__side" aria-label={`${raise.title} so far`}>
              <h2 className="paddle-raise__raise-title">{raise.title}</h2>
              <Thermometer total={raise.total} goal={raise.goal} count={raise.count} currency={props.currency} />
              <RecentGifts gifts={props.recent} currency={props.currency} headingId="recent-gifts-heading" />
            </aside>
          </div>
          <PledgeLog entries={props.log} currency={props.currency} />
        </>
      )}
    </div>
  );
}

function PledgeEntry(
  props: ConsoleProps & {
    raise: NonNullable<ConsoleProps["raise"]>;
    /** The console's queue, once the page runs its scripts. */
    queue: StationQueue<StationMessage> | null;
  },
) {
  const { raise, levels, currency, queue } = props;
  const hydrated = useHydrated();
  const actionData = useActionData<unknown>();
  const choices = useMemo(() => [...levels.map((level) => String(level.amount)), CUSTOM], [levels]);
  const [level, setLevel] = useState(choices.includes(props.level) ? props.level : choices[0]);
  const [paddle, setPaddle] = useState("");
  const [key, setKey] = useState(newKey);
  const paddleInput = useRef<HTMLInputElement>(null);
  const names = useMemo(() => new Map<number, string>(props.directory as Array<[number, string]>), [props.directory]);
  const { form, fields } = useContractForm({ id: FLOOR_PLEDGE_FORM, schema: floorPledgeSchema, reply: actionData });

  // The clerk's hands stay on the keyboard: the paddle field has focus when the screen opens, and stays there.
  useEffect(() => paddleInput.current?.focus(), []);

  // The field empties as soon as a pledge is taken, so the next paddle can be typed while this one is on its way: the
  // queue sends it, and a refusal comes back in the console's status line and its list to deal with.
  const [paddleProblem, setPaddleProblem] = useState<string | null>(null);
  const onSubmit: typeof form.onSubmit = (event) => {
    // Only this pledge's messages show: an earlier one's (a paddle nobody holds, the server's answer) are done with,
    // whether this one is refused here (an amount) or taken.
    setPaddleProblem(null);
    queue?.supersede();
    form.onSubmit(event);
    if (event.defaultPrevented || !queue) return;
    event.preventDefault();
    // The console holds every paddle of the event: one nobody holds is refused here, online or not.
    if (!holder) return setPaddleProblem(`Nobody holds paddle ${typed} at this event.`);
    const posted = new FormData(event.currentTarget);
    const amount = chosen ? formatRoundMoney(chosen.amount, currency) : `${posted.get("custom")}`;
    queue.take(
      PLEDGE_INTENT.pledge,
      (["raise", "paddle", "level", "custom"] as const).map((name) => [name, String(posted.get(name) ?? "")]),
      `Paddle ${typed} · ${amount}`,
    );
    setPaddle("");
    setKey(newKey());
    paddleInput.current?.focus();
  };

  const typed = paddle.trim();
  const holder = /^\d+$/.test(typed) ? names.get(Number(typed)) : undefined;
  const preview = typed === "" ? "" : holder ? holder : /^\d+$/.test(typed) ? `Nobody holds paddle ${typed}` : "";
  const chosen = levels.find((candidate) => String(candidate.amount) === level);

  function moveLevel(step: number) {
    const at = choices.indexOf(level);
    setLevel(choices[Math.min(choices.length - 1, Math.max(0, at + step))]);
  }

  return (
    <Form
      method="post"
      {...formProps(form)}
      onSubmit={onSubmit}
      className="pledge-entry"
      aria-labelledby="pledge-entry-heading"
    >
      <h2 id="pledge-entry-heading" className="visually-hidden">
        Record a pledge
      </h2>
      <input type="hidden" name="intent" value={PLEDGE_INTENT.pledge} />
      <input type="hidden" name="raise" value={raise.id} />
      <input type="hidden" name="key" value={key} />
      {form.errors?.[0] ? <FormAlert>{form.errors[0]}</FormAlert> : null}
      {raise.isActive ? null : (
        <FormAlert>This paddle raise is closed. Open it again under Auction items to take pledges.</FormAlert>
      )}
      <fieldset className="pledge-levels" aria-describedby={fields.level.errors ? "pledge-level-error" : undefined}>
        <legend>Level being called</legend>
        {levels.map((candidate: Level) => (
          <label key={candidate.amount} className="pledge-level">
            <input
              type="radio"
              name="level"
              value={candidate.amount}
              checked={level === String(candidate.amount)}
              onChange={() => setLevel(String(candidate.amount))}
            />
            <span className="pledge-level__amount">{formatRoundMoney(candidate.amount, currency)}</span>
            <span className="pledge-level__count">
              {candidate.count} {candidate.count === 1 ? "pledge" : "pledges"}
              {candidate.label ? ` · ${candidate.label}` : null}
            </span>
          </label>
        ))}
        <label className="pledge-level">
          <input
            type="radio"
            name="level"
            value={CUSTOM}
            checked={level === CUSTOM}
            onChange={() => setLevel(CUSTOM)}
          />
          <span className="pledge-level__amount">Other amount</span>
        </label>
        {fields.level.errors ? (
          <p id="pledge-level-error" className="field__error">
            {fields.level.errors[0]}
          </p>
        ) : null}
      </fieldset>
      {level === CUSTOM ? (
        <Field label="Amount" meta={fields.custom}>
          {(control) => <input {...control} inputMode="decimal" autoComplete="off" />}
        </Field>
      ) : null}
      <Field
        label="Paddle"
        meta={fields.paddle}
        error={paddleProblem && paddle.trim() !== "" ? paddleProblem : undefined}
        className="pledge-entry__paddle"
        help={hydrated ? "Enter records it. ↑ ↓ change the level." : undefined}
      >
        {(control) => (
          <input
            {...control}
            ref={paddleInput}
            value={paddle}
            onChange={(event) => {
              setPaddle(event.target.value);
              // The refusal was about the paddle typed before: the name under the field now speaks for this one.
              setPaddleProblem(null);
            }}
            onKeyDown={(event) => {
              if (event.key === "ArrowUp" || event.key === "ArrowDown") {
                event.preventDefault();
                moveLevel(event.key === "ArrowUp" ? -1 : 1);
              }
            }}
            inputMode="numeric"
            autoComplete="off"
            enterKeyHint="done"
          />
        )}
      </Field>
      <p
        className={holder ? "pledge-entry__holder" : "pledge-entry__holder pledge-entry__holder--unknown"}
        aria-live="polite"
      >
        {preview}
      </p>
      <Button type="submit" variant="primary" size="lg" disabled={!raise.isActive}>
        Record {level === CUSTOM ? "pledge" : chosen ? formatRoundMoney(chosen.amount, currency) : "pledge"}
      </Button>
    </Form>
  );
}
