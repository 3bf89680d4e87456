import { requireEventPermission } from "~/auth/access.server";
import { db } from "~/db.server";
import { DUEL_INTENT, duelFormId, duelFormOf, duelRowSchema, duelSchema } from "~/duels/duels";
import { createDuel, duelBoards, duelSettings, removeDuel, updateDuel } from "~/duels/duels.server";
import { DuelSetupPage, type DuelSetupData } from "~/duels/ui/duel-settings-page";
import { eventSettings } from "~/events/event-settings.server";
import { intentAction } from "~/forms/intent-action.server";
import { Refusal } from "~/forms/refusal";
import { refuseForm } from "~/forms/reply.server";
import { dateTimeFieldLinks } from "~/ui/date-time-field";
import { titleMeta } from "~/ui/error-page";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";

export const meta = titleMeta("Duels · Auction items · Gavel");

export const links: LinksFunction = () => dateTimeFieldLinks();

/** /admin/auction_items/duels: the event's head-to-head giving (can_edit_auction_items). */
export async function loader({ request }: LoaderFunctionArgs): Promise<DuelSetupData> {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  const [settings, rows, boards] = await Promise.all([
    eventSettings(eventId),
    duelSettings(db, eventId),
    duelBoards(db, eventId),
  ]);
  const totals = new Map(boards.map((board) => [board.id, board]));
  return {
    eventId,
    timeZone: settings.timezone || "UTC",
    currency: settings.currency,
    duels: rows.map((row) => {
      const board = totals.get(row.duel_id);
      return {
        id: row.duel_id,
        title: row.title,
        side_a: row.side_a,
        side_b: row.side_b,
        increments: row.increments,
        ends_at: row.ends_at?.toISOString() ?? null,
        is_active: row.is_active,
        raised: (board?.sides.a.total ?? 0) + (board?.sides.b.total ?? 0),
        gifts: (board?.sides.a.gifts ?? 0) + (board?.sides.b.gifts ?? 0),
      };
    }),
  };
}

/** Add a duel, save one's settings, delete one (no gifts yet). */
export async function action({ request }: ActionFunctionArgs) {
  return intentAction(request, {
    access: async (request) => {
      const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
      return { eventId, timeZone: (await eventSettings(eventId)).timezone || "UTC" };
    },
    intents: (intent) => ({
      [DUEL_INTENT.create]: intent({
        formId: duelFormId("new"),
        schema: ({ timeZone }) => duelSchema(timeZone),
        run: async ({ eventId }, duel) => {
          await createDuel(db, eventId, duel);
          return `${duel.title} added`;
        },
      }),
      [DUEL_INTENT.update]: intent({
        formId: duelFormOf,
        schema: ({ timeZone }) => duelSchema(timeZone).merge(duelRowSchema),
        // A post naming no duel is told so above the form.
        shownFields: Object.keys(duelSchema("UTC").shape),
        run: async ({ eventId }, { duel: duelId, ...duel }) => {
          await updateDuel(db, eventId, duelId, duel);
          return `${duel.title} saved`;
        },
      }),
      [DUEL_INTENT.remove]: intent({
        formId: duelFormOf,
        schema: duelRowSchema,
        unparsed: "Choose a duel.",
        run: async ({ eventId }, { duel }) => {
          try {
            await removeDuel(db, eventId, duel);
          } catch (error) {
            if (error instanceof Refusal) return refuseForm(duelFormId(duel), error.message);
            throw error;
          }
          return "Duel deleted";
        },
      }),
    }),
  });
}

export default function DuelsRoute() {
  return <DuelSetupPage />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
