import { Form, Link, useLocation } from "@remix-run/react";
import { eventAddress } from "~/http/paths";
import { Button } from "~/ui/button";
import { MESSAGE_KINDS, MESSAGE_STATUSES, type OutboxFilters } from "../outbox-filters";

/**
 * The outbox's filters, a GET form (guest, kind, status) that works without JavaScript; "Show all" when one is set.
 * The event's id stays in the query when the page was opened with one.
 */
export function OutboxFilterForm({
  filters,
  eventIdInQuery,
}: {
  filters: OutboxFilters;
  eventIdInQuery: number | null;
}) {
  const { pathname } = useLocation();
  const filtered = Boolean(filters.guest || filters.kind || filters.status);
  return (
    <Form method="get" className="outbox-filters" aria-label="Filter the messages">
      {eventIdInQuery !== null ? <input type="hidden" name="id" value={eventIdInQuery} /> : null}
      <div className="outbox-filters__field">
        <label htmlFor="outbox-guest">Guest</label>
        <input
          id="outbox-guest"
          name="guest"
          type="search"
          defaultValue={filters.guest}
          placeholder="Name, email or phone"
          maxLength={100}
        />
      </div>
      <div className="outbox-filters__field">
        <label htmlFor="outbox-kind">Kind</label>
        <select id="outbox-kind" name="kind" defaultValue={filters.kind ?? ""}>
          <option value="">All kinds</option>
          {MESSAGE_KINDS.map((kind) => (
            <option key={kind.value} value={kind.value}>
              {kind.label}
            </option>
          ))}
        </select>
      </div>
      <div className="outbox-filters__field">
        <label htmlFor="outbox-status">Status</label>
        <select id="outbox-status" name="status" defaultValue={filters.status ?? ""}>
          <option value="">All statuses</option>
          {Object.entries(MESSAGE_STATUSES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div className="outbox-filters__actions">
        <Button type="submit">Filter</Button>
        {filtered ? <Link to={eventAddress(pathname, eventIdInQuery ?? undefined)}>Show all</Link> : null}
      </div>
    </Form>
  );
}
