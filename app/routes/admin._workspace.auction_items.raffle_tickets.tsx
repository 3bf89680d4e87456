import { useLoaderData } from "@remix-run/react";
import { listAction } from "~/admin-list/list-action.server";
import { AdminList } from "~/admin-list/ui/admin-list";
import { deleteBulkAction } from "~/admin-list/ui/columns";
import { requireEventPermission } from "~/auth/access.server";
import { writeBundles, writePrizes } from "~/catalogue/lines";
import { type raffleSchema, raffleDialog } from "~/catalogue/raffle-form";
import { createRaffle, deleteRaffles, listRaffles, updateRaffle } from "~/catalogue/raffles.server";
import { eventSettings } from "~/events/event-settings.server";
import { DateTimeField, dateTimeFieldLinks } from "~/ui/date-time-field";
import { titleMeta } from "~/ui/error-page";
import { Field } from "~/ui/field";
import { formatMoney } from "~/ui/format";
import { formatInZone, utcToZonedInput, zonedInputToUtc } from "~/ui/zoned-time";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import type { GridBulkAction, GridColumn } from "~/grid/grid-types";
import type { Fieldset } from "~/ui/form-dialog";

export const meta = titleMeta("Raffle tickets · Auction items · Gavel");

export const links: LinksFunction = () => dateTimeFieldLinks();

/** /admin/auction_items/raffle_tickets: the event's raffles, their ticket bundles, prizes and draw time. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  const [raffles, settings] = await Promise.all([listRaffles(eventId), eventSettings(eventId)]);
  return { raffles, currency: settings.currency, timeZone: settings.timezone };
}

export async function action(args: ActionFunctionArgs) {
  return listAction(args, {
    permission: "can_edit_auction_items",
    noun: ["raffle", "raffles"],
    dialog: {
      form: async (eventId) => raffleDialog((await eventSettings(eventId)).timezone),
      create: async ({ eventId }, raffle) => {
        await createRaffle(eventId, raffle);
        return `Raffle “${raffle.title}” created`;
      },
      update: async ({ eventId, id }, raffle) =>
        (await updateRaffle(eventId, id, raffle)) ? `Raffle “${raffle.title}” saved` : null,
    },
    bulk: {
      delete: async ({ eventId, ids }) => {
        const deleted = await deleteRaffles(eventId, ids);
        return deleted === 1 ? "Raffle deleted" : `${deleted} raffles deleted`;
      },
    },
  });
}

const bulkActions: GridBulkAction[] = [
  deleteBulkAction((count) => ({
    title: count === 1 ? "Delete this raffle?" : `Delete ${count} raffles?`,
    description: "Raffles with tickets sold are never deleted.",
  })),
];

type RaffleRow = ReturnType<typeof useLoaderData<typeof loader>>["raffles"][number];

/** A saved raffle as its form posts it. */
function raffleValues(raffle: RaffleRow, timeZone: string) {
  return {
    title: raffle.title,
    bundles: writeBundles(raffle.bundles),
    prizes: writePrizes(raffle.prizes),
    draw_date_time: utcToZonedInput(raffle.draw_date_time, timeZone),
    description: raffle.description ?? "",
  };
}

function RaffleFields({ fields, timeZone }: { fields: Fieldset<ReturnType<typeof raffleSchema>>; timeZone: string }) {
  const drawTime = fields.draw_date_time.initialValue;
  return (
    <>
      <Field label="Name" required meta={fields.title}>
        {(control) => <input {...control} required />}
      </Field>
      <Field
        label="Ticket bundles"
        required
        help="One per line: how many tickets, then the price. For example “1 for 10” and “5 for 40”."
        meta={fields.bundles}
      >
        {(control) => <textarea {...control} rows={4} required />}
      </Field>
      <Field
        label="Prizes"
        help="One per line, with its value after “=” when known. For example “Weekend in Napa = 1200”."
        meta={fields.prizes}
      >
        {(control) => <textarea {...control} rows={4} />}
      </Field>
      <DateTimeField
        name={fields.draw_date_time.name}
        label="Draw time"
        timeZone={timeZone}
        defaultValue={
          typeof drawTime === "string" ? (zonedInputToUtc(drawTime, timeZone)?.toISOString() ?? null) : null
        }
        error={fields.draw_date_time.errors?.[0]}
      />
      <Field label="Description" meta={fields.description}>
        {(control) => <textarea {...control} rows={3} />}
      </Field>
    </>
  );
}

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
      // Pledged, as docs/money.md names it: tickets sold, paid or not, not money collected yet.
      header: "Pledged",
      value: (row) => row.raised / 100,
      cell: (row) => money(row.raised),
      numeric: true,
      filter: false,
    },
  ];
  return (
    <AdminList
      title="Raffle tickets"
      intro="Raffles, the ticket bundles guests buy (1 for $10, 5 for $40…), the prizes and when they are drawn."
      label="Raffles"
      rows={raffles}
      columns={columns}
      rowId={(row) => row.raffle_id}
      rowLabel={(row) => row.title}
      bulkActions={bulkActions}
      dialog={{
        form: raffleDialog(timeZone),
        newLabel: "New raffle",
        addLabel: "Create raffle",
        saveLabel: "Save",
        values: (raffle) => raffleValues(raffle, timeZone),
        fields: (fields) => <RaffleFields fields={fields} timeZone={timeZone} />,
      }}
      empty={{ title: "No raffle yet", text: "Set up a raffle: its ticket bundles, prizes and draw time." }}
    />
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
