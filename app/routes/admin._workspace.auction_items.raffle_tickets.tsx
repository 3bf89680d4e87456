import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { requireEventPermission } from "~/auth/access.server";
import { readBundles, readPrizes, writeBundles, writePrizes, type LinesReading } from "~/catalogue/lines";
import {
  createRaffle,
  deleteRaffles,
  listRaffles,
  PrizeDrawnError,
  RaffleHasSalesError,
  updateRaffle,
} from "~/catalogue/raffles.server";
import { eventSettings } from "~/events/event-settings.server";
import { DataGrid } from "~/grid/data-grid";
import { readSelectedIds, refuseBulk } from "~/grid/grid-forms.server";
import { RowDialog, RowDialogAbove } from "~/grid/row-dialog";
import { DateTimeField, dateTimeFieldLinks } from "~/ui/date-time-field";
import { EmptyState } from "~/ui/empty-state";
import { ErrorPanel, errorTitle } from "~/ui/error-page";
import { Field } from "~/ui/field";
import { FormDialog, type DialogRefusal } from "~/ui/form-dialog";
import { formatMoney } from "~/ui/format";
import { redirectWithToast } from "~/ui/toast.server";
import { formatInZone, zonedDateTimeSchema, zonedInputToUtc } from "~/ui/zoned-time";
import type { GridBulkAction, GridColumn } from "~/grid/grid-types";

export const meta: MetaFunction = ({ error }) => [
  { title: error ? `${errorTitle(error)} · Gavel` : "Raffle tickets · Auction items · Gavel" },
];

export const links: LinksFunction = () => dateTimeFieldLinks();

/** /admin/auction_items/raffle_tickets: the event's raffles, their ticket bundles, prizes and draw time. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  const [raffles, settings] = await Promise.all([listRaffles(eventId), eventSettings(eventId)]);
  return { raffles, currency: settings.currency, timeZone: settings.timezone };
}

const fromLines = <T,>(read: (text: string) => LinesReading<T>, empty: string | null) =>
  z.string().transform((value, context) => {
    const reading = read(value);
    if ("error" in reading) {
      context.addIssue({ code: "custom", message: reading.error });
      return z.NEVER;
    }
    if (empty && reading.items.length === 0) {
      context.addIssue({ code: "custom", message: empty });
      return z.NEVER;
    }
    return reading.items;
  });

const raffleSchema = (timeZone: string) =>
  z.object({
    title: z
      .string()
      .trim()
      .min(1, "Give the raffle a name, such as “Golden ticket”.")
      .max(120, "Keep the name to 120 characters."),
    description: z
      .string()
      .trim()
      .max(1000, "Keep the description to 1,000 characters.")
      .transform((value) => value || null),
    draw_date_time: zonedDateTimeSchema(timeZone),
    bundles: fromLines(readBundles, "Give at least one way to buy tickets, such as “1 for 10”."),
    prizes: fromLines(readPrizes, null),
  });

const FIELDS = ["title", "description", "draw_date_time", "bundles", "prizes"] as const;

export async function action({ request }: ActionFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  const form = await request.formData();
  const url = new URL(request.url);
  url.searchParams.delete("dialog");
  const here = url.pathname + url.search;
  const intent = form.get("intent");

  if (intent === "create" || intent === "update") {
    const dialog = String(form.get("dialog") ?? "");
    const values = Object.fromEntries(FIELDS.map((name) => [name, String(form.get(name) ?? "")]));
    const { timezone } = await eventSettings(eventId);
    const parsed = raffleSchema(timezone).safeParse(values);
    if (!parsed.success)
      return data<DialogRefusal>({ dialog, fieldErrors: parsed.error.flatten().fieldErrors, values }, { status: 400 });
    try {
      if (intent === "create") {
        await createRaffle(eventId, parsed.data);
        return redirectWithToast(here, { title: `Raffle “${parsed.data.title}” created` });
      }
      const id = z.coerce.number().int().positive().safeParse(form.get("id"));
      if (!id.success || !(await updateRaffle(eventId, id.data, parsed.data))) {
        return data<DialogRefusal>(
          { dialog, formError: "This raffle no longer exists. Reload the page.", values },
          { status: 400 },
        );
      }
    } catch (error) {
      if (!(error instanceof PrizeDrawnError)) throw error;
      return data<DialogRefusal>({ dialog, fieldErrors: { prizes: [error.message] }, values }, { status: 400 });
    }
    return redirectWithToast(here, { title: `Raffle “${parsed.data.title}” saved` });
  }

  if (intent !== "delete") throw new Response("This form does not say what to do.", { status: 400 });
  const ids = readSelectedIds(form);
  if (!ids) return refuseBulk("Select the raffles to delete first.");
  try {
    const deleted = await deleteRaffles(eventId, ids);
    return redirectWithToast(here, { title: deleted === 1 ? "Raffle deleted" : `${deleted} raffles deleted` });
  } catch (error) {
    if (!(error instanceof RaffleHasSalesError)) throw error;
    return refuseBulk(`Nothing was deleted. ${error.message}`);
  }
}

const bulkActions: GridBulkAction[] = [
  {
    intent: "delete",
    label: "Delete",
    danger: true,
    confirm: (count) => ({
      title: count === 1 ? "Delete this raffle?" : `Delete ${count} raffles?`,
      description: "Raffles with tickets sold are never deleted.",
    }),
  },
];

type RaffleRow = ReturnType<typeof useLoaderData<typeof loader>>["raffles"][number];

export default function RaffleTicketsPage() {
  const { raffles, currency, timeZone } = useLoaderData<typeof loader>();
  const money = (cents: number) => formatMoney(cents, currency);
  const columns: GridColumn<RaffleRow>[] = [
    { id: "title", header: "Raffle", value: (row) => row.title },
    {
      id: "bundles",
      header: "Tickets",
      value: (row) => row.bundles.map((bundle) => `${bundle.quantity} for ${bundle.price / 100}`).join(" · "),
      cell: (row) => row.bundles.map((bundle) => `${bundle.quantity} for ${money(bundle.price)}`).join(" · "),
    },
    { id: "prizes", header: "Prizes", value: (row) => row.prizes.map((prize) => prize.title).join(", ") },
    {
      id: "draw_date_time",
      header: "Draw",
      value: (row) => (row.draw_date_time ? formatInZone(new Date(row.draw_date_time), timeZone, "datetime") : null),
      filter: false,
    },
    { id: "tickets_sold", header: "Sold", value: (row) => row.tickets_sold, numeric: true, filter: false },
    {
      id: "raised",
      header: "Raised",
      value: (row) => row.raised / 100,
      cell: (row) => money(row.raised),
      numeric: true,
      filter: false,
    },
    {
      id: "edit",
      header: "Edit",
      value: () => null,
      filter: false,
      noExport: true,
      cell: (row) => <RaffleDialog raffle={row} timeZone={timeZone} />,
    },
  ];
  return (
    <>
      <div className="page-header">
        <h1>Raffle tickets</h1>
        <p>Raffles, the ticket bundles guests buy (1 for $10, 5 for $40…), the prizes and when they are drawn.</p>
      </div>
      <RowDialogAbove
        rows={raffles}
        dialogName={(row) => `edit-raffle-${row.raffle_id}`}
        render={(row) => <RaffleDialog raffle={row} timeZone={timeZone} above />}
      />
      <DataGrid
        label="Raffles"
        rows={raffles}
        columns={columns}
        rowId={(row) => String(row.raffle_id)}
        rowLabel={(row) => row.title}
        bulkActions={bulkActions}
        actions={<RaffleDialog timeZone={timeZone} />}
        empty={
          <EmptyState
            title="No raffle yet"
            text="Set up a raffle: its ticket bundles, prizes and draw time."
            action={<RaffleDialog timeZone={timeZone} />}
          />
        }
      />
    </>
  );
}

function RaffleDialog({ raffle, timeZone, above = false }: { raffle?: RaffleRow; timeZone: string; above?: boolean }) {
  // An edit dialog sits in a grid cell; `above`: its copy shown above the grid without JavaScript.
  const Dialog = raffle && !above ? RowDialog : FormDialog;
  return (
    <Dialog
      name={raffle ? `edit-raffle-${raffle.raffle_id}` : "new-raffle"}
      trigger={raffle ? "Edit" : "New raffle"}
      triggerLabel={raffle ? `Edit ${raffle.title}` : undefined}
      triggerVariant={raffle ? "ghost" : "primary"}
      title={raffle ? `Edit ${raffle.title}` : "New raffle"}
      submitLabel={raffle ? "Save" : "Create raffle"}
      fields={raffle ? { intent: "update", id: String(raffle.raffle_id) } : { intent: "create" }}
    >
      {(refusal) => {
        const value = (field: string, saved: string) => refusal?.values?.[field] ?? saved;
        return (
          <>
            <Field label="Name" required error={refusal?.fieldErrors?.title?.[0]}>
              {(control) => (
                <input
                  {...control}
                  name="title"
                  required
                  maxLength={120}
                  defaultValue={value("title", raffle?.title ?? "")}
                />
              )}
            </Field>
            <Field
              label="Ticket bundles"
              required
              help="One per line: how many tickets, then the price. For example “1 for 10” and “5 for 40”."
              error={refusal?.fieldErrors?.bundles?.[0]}
            >
              {(control) => (
                <textarea
                  {...control}
                  name="bundles"
                  rows={4}
                  required
                  defaultValue={value("bundles", writeBundles(raffle?.bundles ?? []))}
                />
              )}
            </Field>
            <Field
              label="Prizes"
              help="One per line, with its value after “=” when known. For example “Weekend in Napa = 1200”."
              error={refusal?.fieldErrors?.prizes?.[0]}
            >
              {(control) => (
                <textarea
                  {...control}
                  name="prizes"
                  rows={4}
                  defaultValue={value("prizes", writePrizes(raffle?.prizes ?? []))}
                />
              )}
            </Field>
            <DateTimeField
              name="draw_date_time"
              label="Draw time"
              timeZone={timeZone}
              defaultValue={
                refusal?.values
                  ? (zonedInputToUtc(refusal.values.draw_date_time ?? "", timeZone)?.toISOString() ?? null)
                  : raffle?.draw_date_time
                    ? new Date(raffle.draw_date_time).toISOString()
                    : null
              }
              error={refusal?.fieldErrors?.draw_date_time?.[0]}
            />
            <Field label="Description" error={refusal?.fieldErrors?.description?.[0]}>
              {(control) => (
                <textarea
                  {...control}
                  name="description"
                  rows={3}
                  defaultValue={value("description", raffle?.description ?? "")}
                />
              )}
            </Field>
          </>
        );
      }}
    </Dialog>
  );
}

export function ErrorBoundary() {
  return <ErrorPanel />;
}
