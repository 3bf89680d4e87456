/**
 * The goal thermometer of a paddle raise (and of the giving pages): the total so far against the goal, as a bar and
 * in words (the words are what a screen reader reads; the bar is drawn for the room). Without a goal, the total
 * alone; without a count, no count.
 */
import { formatRoundMoney } from "~/ui/format";

export function Thermometer({
  total,
  goal,
  count,
  noun = ["pledge", "pledges"],
  currency,
  size = "md",
}: {
  total: number;
  goal: number | null;
  count?: number;
  /** What is counted, one and many. */
  noun?: readonly [string, string];
  currency: string;
  size?: "md" | "lg";
}) {
  const share = goal && goal > 0 ? total / goal : null;
  const caption = [
    count === undefined ? null : `${count} ${count === 1 ? noun[0] : noun[1]}`,
    share === null ? null : `${Math.floor(share * 100)}% of the goal`,
  ].filter(Boolean);
  return (
    <figure className={`thermometer thermometer--${size}`}>
      <p className="thermometer__total">
        <strong>{formatRoundMoney(total, currency)}</strong>
        {goal ? <span> of {formatRoundMoney(goal, currency)}</span> : null}
      </p>
      {share !== null ? (
        <div className="thermometer__track" aria-hidden="true">
          <div className="thermometer__fill" style={{ width: `${Math.min(100, share * 100)}%` }} />
        </div>
      ) : null}
      {caption.length > 0 ? <figcaption className="thermometer__caption">{caption.join(" · ")}</figcaption> : null}
    </figure>
  );
}
