/**
 * The goal thermometer of a paddle raise: the total so far against the goal, as a bar and in words (the words are
 * what a screen reader reads; the bar is drawn for the room). Without a goal, the total alone.
 */
import { formatRoundMoney } from "~/ui/format";

export function Thermometer({
  total,
  goal,
  count,
  currency,
  size = "md",
}: {
  total: number;
  goal: number | null;
  count: number;
  currency: string;
  size?: "md" | "lg";
}) {
  const share = goal && goal > 0 ? total / goal : null;
  const gifts = `${count} ${count === 1 ? "pledge" : "pledges"}`;
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
      <figcaption className="thermometer__caption">
        {gifts}
        {share !== null ? ` · ${Math.floor(share * 100)}% of the goal` : null}
      </figcaption>
    </figure>
  );
}
