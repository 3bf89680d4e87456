import { DEMO_MONEY_NOTE } from "../demo-money";

/** The band on billing screens and checkout while the event's cards go to the demo's sandbox. */
export function DemoMoneyNote() {
  return (
    <p className="demo-money-note" role="note">
      <strong>{DEMO_MONEY_NOTE.split(".")[0]}.</strong>
      {DEMO_MONEY_NOTE.slice(DEMO_MONEY_NOTE.indexOf(".") + 1)}
    </p>
  );
}
