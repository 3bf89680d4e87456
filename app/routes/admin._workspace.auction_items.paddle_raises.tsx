import { useLoaderData } from "@remix-run/react";
import { countOf, listAction } from "~/admin-list/list-action.server";
import { AdminList } from "~/admin-list/ui/admin-list";
import { ACTIVE_BULK_ACTIONS, deleteBulkAction } from "~/admin-list/ui/columns";
import { requireEventPermission } from "~/auth/access.server";
import { writeLevels } from "~/catalogue/lines";
import { type paddleRaiseSchema, paddleRaiseDialog } from "~/catalogue/paddle-raise-form";
import {
  createPaddleRaise,
  deletePaddleRaises,
  listPaddleRaises,
  setPaddleRaisesActive,
  updatePaddleRaise,
  type PaddleRaiseRow,
} from "~/catalogue/paddle-raises.server";
import { eventSettings } from "~/events/event-settings.server";
import { titleMeta } from "~/ui/error-page";
import { checkboxProps, Field } from "~/ui/field";
import { formatMoney } from "~/ui/format";
import { centsToInput } from "~/ui/money-input";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { GridBulkAction, GridColumn } from "~/grid/grid-types";
import type { Fieldset } from "~/ui/form-dialog";

export const meta = titleMeta("Paddle raises · Auction items · Gavel");

const NOUN = ["paddle raise", "paddle raises"] as const;

/** /admin/auction_items/paddle_raises: the event's paddle raises (fund-a-need), their goals and giving levels. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  const [raises, settings] = await Promise.all([listPaddleRaises(eventId), eventSettings(eventId)]);
  return { raises, currency: settings.currency };
}

export async function action(args: ActionFunctionArgs) {
  return listAction(args, {
    permission: "can_edit_auction_items",
    noun: NOUN,
    dialog: {
      form: paddleRaiseDialog,
      create: async ({ eventId }, raise) => {
        await createPaddleRaise(eventId, raise);
        return `Paddle raise “${raise.title}” created`;
      },
      update: async ({ eventId, id }, raise) =>
        (await updatePaddleRaise(eventId, id, raise)) ? `Paddle raise “${raise.title}” saved` : null,
    },
    bulk: {
      activate: async ({ eventId, ids }) => `${countOf(await setPaddleRaisesActive(eventId, ids, true), NOUN)} active`,
      deactivate: async ({ eventId, ids }) =>
        `${countOf(await setPaddleRaisesActive(eventId, ids, false), NOUN)} inactive`,
      delete: async ({ eventId, ids }) => {
        const deleted = await deletePaddleRaises(eventId, ids);
        return deleted === 1 ? "Paddle raise deleted" : `${deleted} paddle raises deleted`;
      },
    },
  });
}

const bulkActions: GridBulkAction[] = [
  ...ACTIVE_BULK_ACTIONS,
  deleteBulkAction((count) => ({
    title: count === 1 ? "Delete this paddle raise?" : `Delete ${count} paddle raises?`,
    description: "Raises with pledges are never deleted; mark them inactive instead.",
  })),
];

/** A saved raise as its form posts it. */
function raiseValues(raise: PaddleRaiseRow) {
  return {
    title: raise.title,
    goal: centsToInput(raise.goal),
    levels: writeLevels(raise.levels),
    description: raise.description ?? "",
    is_active: raise.is_active ? "yes" : "no",
  };
}

function RaiseFields({ fields }: { fields: Fieldset<typeof paddleRaiseSchema> }) {
  return (
    <>
      <Field label="Name" required meta={fields.title}>
        {(control) => <input {...control} required />}
      </Field>
      <Field label="Goal" help="Optional; the screens show progress towards it." meta={fields.goal}>
        {(control) => <input {...control} inputMode="decimal" />}
      </Field>
      <Field
        label="Giving levels"
        required
        help="One per line: the amount, then what it pays for. For example “5000 Fund a classroom”."
        meta={fields.levels}
      >
        {(control) => <textarea {...control} rows={6} required />}
      </Field>
      <Field label="Description" meta={fields.description}>
        {(control) => <textarea {...control} rows={3} />}
      </Field>
      <label className="checkbox">
        <input type="checkbox" {...checkboxProps(fields.is_active)} />
        Active (shown to guests and on the screens)
      </label>
    </>
  );
}

export default function PaddleRaisesPage() {
  const { raises, currency } = useLoaderData<typeof loader>();
  const money = (cents: number | null) => (cents === null ? "—" : formatMoney(cents, currency));
  const columns: GridColumn<PaddleRaiseRow>[] = [
    { id: "title", header: "Paddle raise", value: (row) => row.title },
    {
      id: "goal",
      header: "Goal",
      value: (row) => (row.goal === null ? null : row.goal / 100),
      cell: (row) => money(row.goal),
      numeric: true,
    },
    {
      id: "levels",
      header: "Levels",
      value: (row) => row.levels.map((level) => level.amount / 100).join(" · "),
      cell: (row) => row.levels.map((level) => money(level.amount)).join(" · "),
    },
    {
      id: "pledged",
      header: "Pledged",
      value: (row) => row.pledged / 100,
      cell: (row) => money(row.pledged),
      numeric: true,
      filter: false,
    },
    { id: "pledge_count", header: "Pledges", value: (row) => row.pledge_count, numeric: true, filter: false },
    { id: "is_active", header: "Active", value: (row) => row.is_active, filter: "select" },
  ];
  return (
    <AdminList
      title="Paddle raises"
      intro={
        <>
          Fund-a-need appeals: guests raise their paddle at a giving level; the screens show the total climbing to the
          goal.
        </>
      }
      label="Paddle raises"
      rows={raises}
      columns={columns}
      rowId={(row) => row.paddle_raise_id}
      rowLabel={(row) => row.title}
      bulkActions={bulkActions}
      dialog={{
        form: paddleRaiseDialog,
        newLabel: "New paddle raise",
        addLabel: "Create paddle raise",
        newValues: { is_active: "yes" },
        saveLabel: "Save",
        values: raiseValues,
        fields: (fields) => <RaiseFields fields={fields} />,
      }}
      empty={{ title: "No paddle raise yet", text: "Set up the appeal, its goal and the levels guests pledge at." }}
    />
  );
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
