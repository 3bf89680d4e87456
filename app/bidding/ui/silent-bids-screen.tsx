/**
 * The screen of /admin/bids/silentbids (its loader and action: the route module, ../silent-bids.server.ts): the bid
 * ledger and the per-item summary as data grids, the staff actions as dialogs (without JavaScript, a confirmation
 * step in the page, `?dialog=`), and the live indicator. Client-safe.
 */
import { Link, useLocation, useSearchParams } from "@remix-run/react";
import { useMemo } from "react";
import { DataGrid } from "~/grid/ui/data-grid";
import { LiveIndicator, useLiveRefresh } from "~/realtime/ui/use-live-refresh";
import { DateTimeField } from "~/ui/date-time-field";
import { EmptyState } from "~/ui/empty-state";
import { Field } from "~/ui/field";
import { FormDialog } from "~/ui/form-dialog";
import { timeZoneLabel } from "~/ui/zoned-time";
import {
  AUCTION_TYPE_LABELS,
  BID_STATUS_LABELS,
  closingTimeFields,
  retractFields,
  SILENT_BIDS_INTENT,
  staffDialog,
  type BidRow,
  type ItemSummaryRow,
  type SilentBidsView,
} from "../silent-bids";
import type { GridColumn } from "~/grid/grid-types";

const none = <span className="muted">—</span>;

export interface SilentBidsScreenProps {
  view: SilentBidsView;
  bids: BidRow[];
  items: ItemSummaryRow[];
  timezone: string;
  canControl: boolean;
  streamUrl: string;
  /** The newest bid the loader saw, to tell on connecting whether the page is behind. */
  lastBidId: number | null;
}

export function SilentBidsScreen({
  view,
  bids,
  items,
  timezone,
  canControl,
  streamUrl,
  lastBidId,
}: SilentBidsScreenProps) {
  const status = useLiveRefresh(streamUrl, lastBidId);
  return (
    <>
      <div className="page-header">
        <div className="bids-header">
          <h1>Silent bids</h1>
          <LiveIndicator status={status} />
        </div>
        <p>
          Every bid on the silent and virtual auctions as it happens, and each item's state. Times are{" "}
          {timeZoneLabel(timezone)}.
          {canControl ? " Close, extend or reopen an item, or retract a bid, from here." : null}
        </p>
        <ViewTabs view={view} />
      </div>
      {view === "bids" ? (
        <BidsGrid bids={bids} canControl={canControl} />
      ) : (
        <ItemsGrid items={items} timezone={timezone} canControl={canControl} />
      )}
    </>
  );
}

function ViewTabs({ view }: { view: SilentBidsView }) {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  // A tab keeps the event (?id) and drops the other grid's view.
  const to = (next: SilentBidsView) => {
    const params = new URLSearchParams();
    const id = searchParams.get("id");
    if (id) params.set("id", id);
    if (next === "items") params.set("view", "items");
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ""}`;
  };
  return (
    <nav className="tabs" aria-label="Silent bids views">
      <ul className="tabs__list">
        <li>
          <Link to={to("bids")} className="tabs__tab" aria-current={view === "bids" ? "page" : undefined}>
            Bids
          </Link>
        </li>
        <li>
          <Link to={to("items")} className="tabs__tab" aria-current={view === "items" ? "page" : undefined}>
            Items
          </Link>
        </li>
      </ul>
    </nav>
  );
}

const yesNo = (value: boolean) => (value ? "Yes" : "No");

function BidsGrid({ bids, canControl }: { bids: BidRow[]; canControl: boolean }) {
  const columns = useMemo<GridColumn<BidRow>[]>(() => {
    const list: GridColumn<BidRow>[] = [
      {
        id: "time",
        header: "Time",
        value: (row) => row.time,
        cell: (row) => row.timeLabel,
        // Bids in the same millisecond keep their ledger order.
        sortValue: (row) => `${String(row.timeMs).padStart(15, "0")}.${String(row.bidId).padStart(12, "0")}`,
      },
      { id: "lot", header: "Lot", value: (row) => row.lot, numeric: true },
      { id: "item", header: "Item", value: (row) => row.itemTitle },
      {
        id: "type",
        header: "Type",
        value: (row) => AUCTION_TYPE_LABELS[row.itemType] ?? row.itemType,
        filter: "select",
      },
      { id: "bidder", header: "Bidder", value: (row) => row.bidder },
      { id: "paddle", header: "Paddle", value: (row) => row.paddle, numeric: true },
      { id: "email", header: "Email", value: (row) => row.email, hidden: true },
      {
        id: "amount",
        header: "Amount",
        value: (row) => row.amount / 100,
        cell: (row) => row.amountLabel,
        numeric: true,
      },
      {
        id: "status",
        header: "Status",
        value: (row) => BID_STATUS_LABELS[row.status] ?? row.status,
        cell: (row) => (
          <span className={`badge bid-status bid-status--${row.status}`}>
            {BID_STATUS_LABELS[row.status] ?? row.status}
          </span>
        ),
        filter: "select",
      },
      { id: "auto", header: "Auto", value: (row) => yesNo(row.autoBid), filter: "select" },
      { id: "buy_now", header: "Buy now", value: (row) => yesNo(row.buyNow), filter: "select" },
      { id: "placed_by", header: "Placed by", value: (row) => row.placedBy },
      { id: "retract_reason", header: "Retract reason", value: (row) => row.retractReason },
    ];
    if (canControl) {
      list.push({
        id: "actions",
        header: "Actions",
        value: () => null,
        cell: (row) => (row.retractable ? <RetractDialog row={row} /> : none),
        filter: false,
        noExport: true,
      });
    }
    return list;
  }, [canControl]);

  return (
    <DataGrid
      label="Silent bids"
      rows={bids}
      columns={columns}
      rowId={(row) => String(row.bidId)}
      rowLabel={(row) => `bid ${row.bidId}`}
      empty={
        <EmptyState
          title="No bids yet"
          text="Bids on the silent and virtual auctions appear here as they are placed."
        />
      }
    />
  );
}

function RetractDialog({ row }: { row: BidRow }) {
  return (
    <FormDialog
      name={staffDialog(SILENT_BIDS_INTENT.retract, row.bidId)}
      trigger="Retract"
      triggerLabel={`Retract ${row.bidder}'s bid of ${row.amountLabel} on ${row.itemTitle}`}
      triggerVariant="danger"
      title="Retract this bid?"
      description={`${row.bidder}${row.paddle === null ? "" : ` (paddle ${row.paddle})`} bid ${row.amountLabel} on ${row.itemTitle}. This bid and the bidder's later bids on the item are retracted, with their maximum; the other bids then decide who leads. The reason is kept with the bid.`}
      submitLabel="Retract the bid"
      fields={{ intent: SILENT_BIDS_INTENT.retract, item_id: String(row.itemId), bid_id: String(row.bidId) }}
      schema={retractFields}
    >
      {(fields) => (
        <Field label="Reason" required meta={fields.reason} help="Such as: placed by mistake, the guest asked.">
          {(control) => <textarea {...control} rows={3} required />}
        </Field>
      )}
    </FormDialog>
  );
}

function ItemsGrid({
  items,
  timezone,
  canControl,
}: {
  items: ItemSummaryRow[];
  timezone: string;
  canControl: boolean;
}) {
  const columns = useMemo<GridColumn<ItemSummaryRow>[]>(() => {
    const list: GridColumn<ItemSummaryRow>[] = [
      { id: "lot", header: "Lot", value: (row) => row.lot, numeric: true },
      { id: "item", header: "Item", value: (row) => row.title },
      { id: "type", header: "Type", value: (row) => AUCTION_TYPE_LABELS[row.type] ?? row.type, filter: "select" },
      {
        id: "current_bid",
        header: "Current bid",
        value: (row) => (row.currentBid === null ? null : row.currentBid / 100),
        cell: (row) => row.currentBidLabel ?? none,
        numeric: true,
      },
      { id: "bid_count", header: "Bids", value: (row) => row.bidCount, numeric: true },
      {
        id: "holders",
        header: "Paddles holding",
        value: (row) => row.holders.join(", "),
      },
      {
        id: "closes",
        header: "Closes",
        value: (row) => row.closesLabel,
        sortValue: (row) => (row.closesAt ? new Date(row.closesAt).getTime() : null),
      },
      {
        id: "state",
        header: "State",
        value: (row) => (row.closed ? "Closed" : row.auctionOn ? "Open" : "Auction off"),
        cell: (row) => (
          <span
            className={`badge ${row.closed ? "badge--muted" : row.auctionOn ? "badge--success" : "badge--warning"}`}
          >
            {row.closed ? "Closed" : row.auctionOn ? "Open" : "Auction off"}
          </span>
        ),
        filter: "select",
      },
    ];
    if (canControl) {
      list.push({
        id: "actions",
        header: "Actions",
        value: () => null,
        cell: (row) => <ItemActions row={row} timezone={timezone} />,
        filter: false,
        noExport: true,
      });
    }
    return list;
  }, [canControl, timezone]);

  return (
    <DataGrid
      label="Silent items"
      rows={items}
      columns={columns}
      rowId={(row) => String(row.itemId)}
      rowLabel={(row) => row.title}
      empty={
        <EmptyState
          title="No silent or virtual items yet"
          text="Published silent and virtual auction items appear here with their bids and closing times."
        />
      }
    />
  );
}

function ItemActions({ row, timezone }: { row: ItemSummaryRow; timezone: string }) {
  const name = row.lot === null ? row.title : `lot ${row.lot}, ${row.title}`;
  if (row.closed) {
    if (row.reopenRefusal) return <span className="muted">{row.reopenRefusal}</span>;
    return (
      <FormDialog
        name={staffDialog(SILENT_BIDS_INTENT.reopen, row.itemId)}
        trigger="Reopen"
        triggerLabel={`Reopen ${name}`}
        title={`Reopen ${row.title}?`}
        description="Its winners have not been notified yet, so bidding can start again: winning bids go back to winning and the others to outbid. Units bought outright stay sold."
        submitLabel="Reopen"
        fields={{ intent: SILENT_BIDS_INTENT.reopen, item_id: String(row.itemId) }}
        schema={closingTimeFields}
      >
        {(fields) => (
          <DateTimeField
            name="until"
            label="New closing time"
            timeZone={timezone}
            required
            defaultValue={row.suggestedClose}
            error={fields.until.errors?.[0]}
            help="If the auction's own closing time is later, the item stays open until then."
          />
        )}
      </FormDialog>
    );
  }
  return (
    <div className="cluster bids-actions">
      <FormDialog
        name={staffDialog(SILENT_BIDS_INTENT.close, row.itemId)}
        trigger="Close now"
        triggerLabel={`Close ${name} now`}
        triggerVariant="danger"
        title={`Close ${row.title} now?`}
        description={
          row.holders.length
            ? `Bidding stops and the ${row.holders.length === 1 ? "leading bid wins" : "leading bids win"} (paddle ${row.holders.join(", ")}) at ${row.currentBidLabel ?? "the current bid"}. You can reopen it until winners are notified.`
            : "Bidding stops; there is no bid, so nobody wins it. You can reopen it until winners are notified."
        }
        submitLabel="Close now"
        fields={{ intent: SILENT_BIDS_INTENT.close, item_id: String(row.itemId) }}
      >
        {() => null}
      </FormDialog>
      <FormDialog
        name={staffDialog(SILENT_BIDS_INTENT.extend, row.itemId)}
        trigger="Extend"
        triggerLabel={`Extend ${name}`}
        title={`Extend ${row.title}`}
        description={row.closesLabel ? `It closes ${row.closesLabel} now.` : "It has no closing time yet."}
        submitLabel="Extend"
        fields={{ intent: SILENT_BIDS_INTENT.extend, item_id: String(row.itemId) }}
        schema={closingTimeFields}
      >
        {(fields) => (
          <DateTimeField
            name="until"
            label="Close at"
            timeZone={timezone}
            required
            defaultValue={row.suggestedClose}
            error={fields.until.errors?.[0]}
          />
        )}
      </FormDialog>
    </div>
  );
}
