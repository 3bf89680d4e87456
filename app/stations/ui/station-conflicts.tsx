/**
 * "To deal with": entries taken offline at any station of this kind that the server turned down (a guest already
 * checked in elsewhere, an order paid meanwhile), listed on every such station until someone marks one dealt with.
 * Without JavaScript the button is a plain form post that comes back to the station.
 */
import { useFetcher } from "@remix-run/react";
import { buttonClass } from "~/ui/button";
import { RESOLVE_FIELD, type StationConflict } from "../station-entry";

export function StationConflicts({
  conflicts,
  syncUrl,
  timezone,
}: {
  conflicts: StationConflict[];
  syncUrl: string;
  timezone: string;
}) {
  if (conflicts.length === 0) return null;
  const time = (iso: string) =>
    new Intl.DateTimeFormat("en-US", { timeStyle: "short", timeZone: timezone }).format(new Date(iso));
  return (
    <section className="station-conflicts" aria-labelledby="station-conflicts-title">
      <h2 id="station-conflicts-title" className="station-conflicts__title">
        To deal with ({conflicts.length})
      </h2>
      <p className="station-conflicts__hint">
        Taken while offline, then turned down by what had happened meanwhile. Put each right, then mark it dealt with.
      </p>
      <ul className="station-conflicts__list">
        {conflicts.map((conflict) => (
          <ConflictRow key={conflict.id} conflict={conflict} syncUrl={syncUrl} time={time} />
        ))}
      </ul>
    </section>
  );
}

function ConflictRow({
  conflict,
  syncUrl,
  time,
}: {
  conflict: StationConflict;
  syncUrl: string;
  time: (iso: string) => string;
}) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <li className="station-conflicts__item">
      <div>
        <p className="station-conflicts__message">{conflict.message}</p>
        <p className="station-conflicts__meta">
          Taken at {time(conflict.occurredAt)}
          {conflict.by ? ` by ${conflict.by}` : ""}, sent at {time(conflict.receivedAt)}
          {conflict.outcome === "refused" ? " · not recorded" : ""}
        </p>
      </div>
      <fetcher.Form method="post" action={syncUrl}>
        <button
          type="submit"
          name={RESOLVE_FIELD}
          value={conflict.id}
          className={buttonClass({ variant: "secondary" })}
          disabled={busy}
        >
          Dealt with
        </button>
      </fetcher.Form>
    </li>
  );
}
