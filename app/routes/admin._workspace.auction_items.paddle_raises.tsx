import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { requireEventPermission } from "~/auth/access.server";
import { readLevels, writeLevels } from "~/catalogue/lines";
import {
  createPaddleRaise,
  deletePaddleRaises,
  listPaddleRaises,
  RaiseHasPledgesError,
  setPaddleRaisesActive,
  updatePaddleRaise,
  type PaddleRaiseInput,
  type PaddleRaiseRow,
} from "~/catalogue/paddle-raises.server";
import { eventSettings } from "~/events/event-settings.server";
import { DataGrid } from "~/grid/data-grid";
import { readSelectedIds, refuseBulk } from "~/grid/grid-forms.server";
import { RowDialog, RowDialogAbove } from "~/grid/row-dialog";
import { EmptyState } from "~/ui/empty-state";
import { ErrorPanel, errorTitle } from "~/ui/error-page";
import { Field } from "~/ui/field";
import { FormDialog, type DialogRefusal } from "~/ui/form-dialog";
import { formatMoney } from "~/ui/format";
import { centsToInput, moneyField } from "~/ui/money-input";
import { redirectWithToast } from "~/ui/toast.server";
import type { GridBulkAction, GridColumn } from "~/grid/grid-types";

export const meta: MetaFunction = ({ error }) => [
  { title: error ? `${errorTitle(error)} · Gavel` : "Paddle raises · Auction items · Gavel" },
];

/** /admin/auction_items/paddle_raises: the event's paddle raises (fund-a-need), their goals and giving levels. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  const [raises, settings] = await Promise.all([listPaddleRaises(eventId), eventSettings(eventId)]);
  return { raises, currency: settings.currency };
}

const raiseSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, "Give the paddle raise a name, such as “Fund a Classroom”.")
    .max(120, "Keep the name to 120 characters."),
  description: z
    .string()
    .trim()
    .max(1000, "Keep the description to 1,000 characters.")
    .transform((value) => value || null),
  goal: moneyField(),
  is_active: z
    .string()
    .optional()
    .transform((value) => value === "on"),
  levels: z.string().transform((value, context) => {
    const reading = readLevels(value);
    if ("error" in reading) {
      context.addIssue({ code: "custom", message: reading.error });
      return z.NEVER;
    }
    if (reading.items.length === 0) {
      context.addIssue({ code: "custom", message: "Give at least one level, such as “1000 Books for a year”." });
      return z.NEVER;
    }
    return reading.items;
  }),
});

const FIELDS = ["title", "description", "goal", "is_active", "levels"] as const;

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
    if (!form.has("is_active")) delete values.is_active;
    const parsed = raiseSchema.safeParse(values);
    if (!parsed.success)
      return data<DialogRefusal>({ dialog, fieldErrors: parsed.error.flatten().fieldErrors, values }, { status: 400 });
    const input: PaddleRaiseInput = parsed.data;
    if (intent === "create") {
      await createPaddleRaise(eventId, input);
      return redirectWithToast(here, { title: `Paddle raise “${input.title}” created` });
    }
    const id = z.coerce.number().int().positive().safeParse(form.get("id"));
    if (!id.success || !(await updatePaddleRaise(eventId, id.data, input))) {
      return data<DialogRefusal>(
        { dialog, formError: "This paddle raise no longer exists. Reload the page.", values },
        { status: 400 },
      );
    }
    return redirectWithToast(here, { title: `Paddle raise “${input.title}” saved` });
  }

  const ids = readSelectedIds(form);
  if (!ids) return refuseBulk("Select the paddle raises first.");
  switch (intent) {
    case "activate":
    case "deactivate": {
      const changed = await setPaddleRaisesActive(eventId, ids, intent === "activate");
      return redirectWithToast(here, {
        title: `${changed} ${changed === 1 ? "paddle raise" : "paddle raises"} ${intent === "activate" ? "active" : "inactive"}`,
      });
    }
    case "delete":
      try {
        const deleted = await deletePaddleRaises(eventId, ids);
        return redirectWithToast(here, {
          title: deleted === 1 ? "Paddle raise deleted" : `${deleted} paddle raises deleted`,
        });
      } catch (error) {
        if (!(error instanceof RaiseHasPledgesError)) throw error;
        return refuseBulk(`Nothing was deleted. ${error.message}`);
      }
    default:
      throw new Response("This form does not say what to do.", { status: 400 });
  }
}

const bulkActions: GridBulkAction[] = [
  { intent: "activate", label: "Mark active" },
  { intent: "deactivate", label: "Mark inactive" },
  {
    intent: "delete",
    label: "Delete",
    danger: true,
    confirm: (count) => ({
      title: count === 1 ? "Delete this paddle raise?" : `Delete ${count} paddle raises?`,
      description: "Raises with pledges are never deleted; mark them inactive instead.",
    }),
  },
];

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
    {
      id: "edit",
      header: "Edit",
      value: () => null,
      filter: false,
      noExport: true,
      cell: (row) => <RaiseDialog raise={row} />,
    },
  ];
  return (
    <>
      <div className="page-header">
        <h1>Paddle raises</h1>
        <p>
          Fund-a-need appeals: guests raise their paddle at a giving level; the screens show the total climbing to the
          goal.
        </p>
      </div>
      <RowDialogAbove
        rows={raises}
        dialogName={(row) => `edit-raise-${row.paddle_raise_id}`}
        render={(row) => <RaiseDialog raise={row} above />}
      />
      <DataGrid
        label="Paddle raises"
        rows={raises}
        columns={columns}
        rowId={(row) => String(row.paddle_raise_id)}
        rowLabel={(row) => row.title}
        bulkActions={bulkActions}
        actions={<RaiseDialog />}
        empty={
          <EmptyState
            title="No paddle raise yet"
            text="Set up the appeal, its goal and the levels guests pledge at."
            action={<RaiseDialog />}
          />
        }
      />
    </>
  );
}

/** The form of a paddle raise: a new one, or `raise` to edit. */
function RaiseDialog({ raise, above = false }: { raise?: PaddleRaiseRow; above?: boolean }) {
  const name = raise ? `edit-raise-${raise.paddle_raise_id}` : "new-raise";
  // An edit dialog sits in a grid cell; `above`: its copy shown above the grid without JavaScript.
  const Dialog = raise && !above ? RowDialog : FormDialog;
  return (
    <Dialog
      name={name}
      trigger={raise ? "Edit" : "New paddle raise"}
      triggerLabel={raise ? `Edit ${raise.title}` : undefined}
      triggerVariant={raise ? "ghost" : "primary"}
      title={raise ? `Edit ${raise.title}` : "New paddle raise"}
      submitLabel={raise ? "Save" : "Create paddle raise"}
      fields={raise ? { intent: "update", id: String(raise.paddle_raise_id) } : { intent: "create" }}
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
                  defaultValue={value("title", raise?.title ?? "")}
                />
              )}
            </Field>
            <Field
              label="Goal"
              help="Optional; the screens show progress towards it."
              error={refusal?.fieldErrors?.goal?.[0]}
            >
              {(control) => (
                <input
                  {...control}
                  name="goal"
                  inputMode="decimal"
                  defaultValue={value("goal", centsToInput(raise?.goal))}
                />
              )}
            </Field>
            <Field
              label="Giving levels"
              required
              help="One per line: the amount, then what it pays for. For example “5000 Fund a classroom”."
              error={refusal?.fieldErrors?.levels?.[0]}
            >
              {(control) => (
                <textarea
                  {...control}
                  name="levels"
                  rows={6}
                  required
                  defaultValue={value("levels", writeLevels(raise?.levels ?? []))}
                />
              )}
            </Field>
            <Field label="Description" error={refusal?.fieldErrors?.description?.[0]}>
              {(control) => (
                <textarea
                  {...control}
                  name="description"
                  rows={3}
                  defaultValue={value("description", raise?.description ?? "")}
                />
              )}
            </Field>
            <label className="checkbox">
              <input
                type="checkbox"
                name="is_active"
                defaultChecked={refusal?.values ? refusal.values.is_active === "on" : (raise?.is_active ?? true)}
              />
              Active (shown to guests and on the screens)
            </label>
          </>
        );
      }}
    </Dialog>
  );
}

export function ErrorBoundary() {
  return <ErrorPanel />;
}
