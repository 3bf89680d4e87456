/**
 * /admin/bids/livebids: every live lot in the shared grid (hammer price, winning paddle and name, value, over or
 * under value), with CSV export from the grid; staff with can_control_event correct a winner's paddle or price
 * with a reason that is kept in the live auction's log. Follows the live stream.
 */
import { useMemo } from "react";
import { DataGrid } from "~/grid/ui/data-grid";
import { paths } from "~/http/paths";
import { LiveIndicator, useLiveRefresh } from "~/realtime/ui/use-live-refresh";
import { EmptyState } from "~/ui/empty-state";
import { Field } from "~/ui/field";
import { FormDialog } from "~/ui/form-dialog";
import { formatMoney } from "~/ui/format";
import { centsToInput } from "~/ui/money-input";
import { correctionDialog, correctionFields, LIVE_BIDS_INTENT, LOT_PHASE_LABELS } from "../live-lots";
import type { LiveBidRow } from "../live-lots.server";
import type { GridColumn } from "~/grid/grid-types";

// Types only: erased from the browser's bundle.
export type LiveBidGridRow = LiveBidRow;

export interface LiveBidsScreenProps {
  rows: LiveBidGridRow[];
  currency: string;
  canControl: boolean;
  eventId: number;
  marker: string;
  streamUrl: string;
}

export function LiveBidsScreen({ rows, currency, canControl, eventId, marker, streamUrl }: LiveBidsScreenProps) {
  const status = useLiveRefresh(streamUrl, marker);
  const columns = useMemo<GridColumn<LiveBidGridRow>[]>(() => {
    const money = (cents: number | null) => (cents === null ? "" : formatMoney(cents, currency));
    const list: GridColumn<LiveBidGridRow>[] = [
      { id: "lot", header: "Lot", value: (row) => row.lot, numeric: true },
      { id: "title", header: "Title", value: (row) => row.title },
      { id: "status", header: "Status", value: (row) => LOT_PHASE_LABELS[row.phase], filter: "select" },
      {
        id: "hammer",
        header: "Hammer price",
        value: (row) => (row.phase === "sold" && row.price !== null ? row.price / 100 : null),
        cell: (row) => (row.phase === "sold" ? money(row.price) : ""),
        numeric: true,
      },
      {
        id: "paddle",
        header: "Winning paddle",
        value: (row) => (row.phase === "sold" ? row.paddle : null),
        numeric: true,
      },
      { id: "name", header: "Winner", value: (row) => row.name },
      {
        id: "value",
        header: "Value",
        value: (row) => (row.value === null ? null : row.value / 100),
        cell: (row) => money(row.value),
        numeric: true,
      },
      {
        id: "over_under",
        header: "Over / under value",
        value: (row) => (row.overUnder === null ? null : row.overUnder / 100),
        cell: (row) =>
          row.overUnder === null ? "" : `${row.overUnder >= 0 ? "+" : "−"}${money(Math.abs(row.overUnder))}`,
        numeric: true,
      },
    ];
    if (canControl)
      list.push({
        id: "actions",
        header: "Actions",
        value: () => null,
        cell: (row) => (row.phase === "sold" && row.unit > 0 ? <CorrectDialog row={row} currency={currency} /> : null),
        filter: false,
        noExport: true,
      });
    return list;
  }, [canControl, currency]);

  return (
    <>
      <div className="page-header">
        <h1>
          Live bids <LiveIndicator status={status} />
        </h1>
        <p>
          Every live lot with its hammer price and winner. Run the auction from the{" "}
          <a href={paths.live(eventId)}>clerk’s console</a>.
        </p>
      </div>
      <DataGrid
        label="Live bids"
        rows={rows}
        columns={columns}
        rowId={(row) => row.key}
        rowLabel={(row) => `Lot ${row.lot ?? ""} ${row.title}`}
        empty={<EmptyState title="No live lots" text="Published live packages appear here in running order." />}
      />
    </>
  );
}

function CorrectDialog({ row, currency }: { row: LiveBidGridRow; currency: string }) {
  return (
    <FormDialog
      name={correctionDialog(row.lotId, row.unit)}
      trigger="Correct"
      triggerLabel={`Correct the winner of lot ${row.lot ?? ""} ${row.title}`}
      title={`Correct lot ${row.lot ?? ""}: ${row.title}`}
      description={`Recorded: paddle ${row.paddle ?? "?"} for ${row.price === null ? "?" : formatMoney(row.price, currency)}. The old entry stays in the ledger, retracted with your reason.`}
      submitLabel="Save the correction"
      fields={{ intent: LIVE_BIDS_INTENT.correct, lot: String(row.lotId), unit: String(row.unit) }}
      schema={correctionFields}
      defaultValue={{ paddle: row.paddle === null ? "" : String(row.paddle), amount: centsToInput(row.price) }}
    >
      {(fields) => (
        <>
          <Field label="Paddle" required meta={fields.paddle}>
            {(control) => <input {...control} inputMode="numeric" required />}
          </Field>
          <Field label="Price" required meta={fields.amount}>
            {(control) => <input {...control} inputMode="decimal" required />}
          </Field>
          <Field label="Reason" required meta={fields.reason} help="Such as: the clerk misheard the paddle.">
            {(control) => <textarea {...control} rows={3} required />}
          </Field>
        </>
      )}
    </FormDialog>
  );
}
