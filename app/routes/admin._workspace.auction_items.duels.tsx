import { requireEventPermission } from "~/auth/access.server";
import { db } from "~/db.server";
import { duelFormId, duelSchema } from "~/duels/duels";
import { createDuel, duelBoards, duelSettings, removeDuel, updateDuel } from "~/duels/duels.server";
import { DuelSetupPage, type DuelSetupData } from "~/duels/ui/duel-settings-page";
import { eventSettings } from "~/events/event-settings.server";
import { parseForm } from "~/forms/form-contract";
import { readPostedForm } from "~/forms/posted-form.server";
import { Refusal } from "~/forms/refusal";
import { answerForm, refuseForm } from "~/forms/reply.server";
import { readOrRefuse, rowId } from "~/forms/rules";
import { backWithToast } from "~/http/toast.server";
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

export async function action({ request }: ActionFunctionArgs) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  const settings = await eventSettings(eventId);
  const formData = await readPostedForm(request);
  const intent = formData.get("intent");
  if (intent === "create")
    return answerForm(duelFormId("new"), parseForm(formData, duelSchema(settings.timezone || "UTC")), async (duel) => {
      await createDuel(db, eventId, duel);
      return backWithToast(request, `${duel.title} added`);
    });
  let duelId: number;
  try {
    duelId = readOrRefuse(rowId, formData.get("duel"));
  } catch (error) {
    if (error instanceof Refusal) return refuseForm(duelFormId("new"), "Choose a duel.");
    throw error;
  }
  if (intent === "remove") {
    try {
      await removeDuel(db, eventId, duelId);
    } catch (error) {
      if (error instanceof Refusal) return refuseForm(duelFormId(duelId), error.message);
      throw error;
    }
    return backWithToast(request, "Duel deleted");
  }
  const submission = parseForm(formData, duelSchema(settings.timezone || "UTC"));
  return answerForm(duelFormId(duelId), submission, async (duel) => {
    await updateDuel(db, eventId, duelId, duel);
    return backWithToast(request, `${duel.title} saved`);
  });
}

export default function DuelsRoute() {
  return <DuelSetupPage />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
