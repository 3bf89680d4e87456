/**
 * /duel on a guest's phone or the room's screen: two sides, their totals live, the leader, the time left; a
 * signed-in guest taps an amount on a side, then confirms the gift (plain POST forms: works without JavaScript).
 */
import { Form, useActionData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { replyFor } from "~/forms/form-contract";
import { useLiveStream } from "~/realtime/use-live-stream";
import { Button, ButtonLink } from "~/ui/button";
import { FormAlert } from "~/ui/form-alert";
import { formatMoney, formatRoundMoney } from "~/ui/format";
import { GuestPage } from "~/ui/guest-bar";
import { CardFirst, MoneyReview } from "~/ui/money-review";
import { useHydrated } from "~/ui/use-hydrated";
import { GIVE_FORM, isOpen, leader, SIDES, type DuelBoard, type Side } from "../duels";

export interface DuelPageData {
  eventId: number;
  eventTitle: string;
  currency: string;
  timeZone: string;
  boards: DuelBoard[];
  chosenId: number | null;
  guestName: string | null;
  signInHref: string;
  /** Where to save the card the event asks for before anything goes on the bill; null when none is needed. */
  cardHref: string | null;
  /** This page, where Change of a review goes back to. */
  here: string;
  streamUrl: string;
  thanks: { amount: number; side: Side; duelId: number } | null;
  giftKey: string;
  loadedAt: number;
}

export function DuelScreen(data: DuelPageData) {
  const hydrated = useHydrated();
  const [boards, setBoards] = useState(data.boards);
  useEffect(() => setBoards(data.boards), [data.boards]);
  const { serverOffset, status } = useLiveStream(hydrated ? data.streamUrl : null, {
    onSnapshot: (next) => setBoards(next as DuelBoard[]),
    onDelta: (_type, next) => setBoards(next as DuelBoard[]),
  });
  const [now, setNow] = useState(data.loadedAt);
  useEffect(() => {
    const clock = setInterval(() => setNow(Date.now() + serverOffset), 1000);
    return () => clearInterval(clock);
  }, [serverOffset]);

  const board = boards.find((candidate) => candidate.id === data.chosenId) ?? boards.find((b) => b.isActive) ?? null;
  return (
    <GuestPage bar={data} live={hydrated ? status : null} className="duel">
      {board === null ? (
        <section className="guest-card">
          <h1>Duel</h1>
          <p>No duel is on right now. It starts when the host calls it.</p>
        </section>
      ) : (
        <DuelBoardView board={board} data={data} now={now} />
      )}
    </GuestPage>
  );
}

function DuelBoardView({ board, data, now }: { board: DuelBoard; data: DuelPageData; now: number }) {
  const open = isOpen(board, now);
  const ahead = leader(board);
  const total = board.sides.a.total + board.sides.b.total;
  const share = total === 0 ? 50 : Math.round((board.sides.a.total / total) * 100);
  const thanks = data.thanks && data.thanks.duelId === board.id ? data.thanks : null;
  const answer = useActionData<{ formId: string; review?: GiftReview }>();
  const review = answer?.review && answer.review.duelId === board.id ? answer.review : null;
  const reply = replyFor(answer, GIVE_FORM);
  const refusal =
    reply?.error?.[""]?.[0] ?? reply?.error?.amount?.[0] ?? reply?.error?.side?.[0] ?? reply?.error?.key?.[0];
  return (
    <>
      <section className="guest-card" aria-labelledby="duel-heading">
        <h1 id="duel-heading">{board.title}</h1>
        <p className="duel__status" role="status" aria-live="polite">
          {ahead ? `${board.sides[ahead].name} leads` : total === 0 ? "Be the first to give" : "Neck and neck"}
          {board.endsAt ? ` · ${open ? timeLeft(board.endsAt, now, data.timeZone) : "Ended"}` : open ? "" : " · Ended"}
        </p>
        <div className="duel__bar" aria-hidden="true">
          <div className="duel__bar-a" style={{ width: `${share}%` }} />
        </div>
        {thanks ? (
          <p className="duel__thanks">
            Thank you! {formatRoundMoney(thanks.amount, data.currency)} to {board.sides[thanks.side].name}, added to
            your bill at checkout.
          </p>
        ) : null}
        {refusal ? <FormAlert>{refusal}</FormAlert> : null}
      </section>
      {review && open ? (
        <MoneyReview
          heading="Confirm your gift"
          summary={`${formatMoney(review.amount, data.currency)} to ${review.sideName} in ${review.duelTitle}, on your bill at checkout.`}
          fields={{ duel: String(review.duelId), side: review.side, amount: String(review.amount), key: review.key }}
          confirmLabel={`Confirm: give ${formatMoney(review.amount, data.currency)}`}
          changeHref={data.here}
        />
      ) : null}
      {open && data.guestName && data.cardHref ? (
        <section className="guest-card">
          <CardFirst cardHref={data.cardHref} />
        </section>
      ) : null}
      <div className="duel__sides">
        {SIDES.map((side) => (
          <section
            key={side}
            className={`guest-card duel-side duel-side--${side}${ahead === side ? " duel-side--ahead" : ""}`}
            aria-labelledby={`duel-side-${side}`}
          >
            <h2 id={`duel-side-${side}`}>{board.sides[side].name}</h2>
            <p className="big-figure" data-testid={`duel-total-${side}`}>
              {formatRoundMoney(board.sides[side].total, data.currency)}
            </p>
            <p className="duel-side__gifts">
              {board.sides[side].gifts} {board.sides[side].gifts === 1 ? "gift" : "gifts"}
            </p>
            {open && data.guestName && !data.cardHref && !review ? (
              <Form method="post" className="duel-side__give" aria-label={`Give to ${board.sides[side].name}`}>
                <input type="hidden" name="duel" value={board.id} />
                <input type="hidden" name="side" value={side} />
                <input type="hidden" name="key" value={`${data.giftKey}-${side}`} />
                <input type="hidden" name="step" value="review" />
                <div className="duel-side__amounts">
                  {board.increments.map((amount) => (
                    <Button key={amount} type="submit" name="amount" value={String(amount)} variant="primary" size="lg">
                      Give {formatRoundMoney(amount, data.currency)}
                    </Button>
                  ))}
                </div>
              </Form>
            ) : null}
          </section>
        ))}
      </div>
      {open && !data.guestName ? (
        <section className="guest-card">
          <p>Sign in with your email to give. Your gifts are added to your bill at checkout.</p>
          <ButtonLink to={data.signInHref} variant="primary" size="lg">
            Sign in to give
          </ButtonLink>
        </section>
      ) : null}
    </>
  );
}

/** The action's review of a tapped amount, before it is given. */
interface GiftReview {
  duelId: number;
  duelTitle: string;
  side: Side;
  sideName: string;
  amount: number;
  key: string;
}

/** "4:09 left" until the end, on the server's clock; the clock time when further off than an hour. */
function timeLeft(endsAt: string, now: number, timeZone: string) {
  const left = Math.max(0, Math.floor((Date.parse(endsAt) - now) / 1000));
  if (left > 3600)
    return `ends at ${new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" }).format(new Date(endsAt))}`;
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")} left`;
}
