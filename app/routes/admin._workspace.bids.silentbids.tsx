import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireEventPermission } from "~/auth/access.server";
import {
  closeItemSchema,
  closingTimeSchema,
  readSilentBidsView,
  retractSchema,
  SILENT_BIDS_INTENT,
  type StaffDialogName,
} from "~/bidding/silent-bids";
import {
  bidsMarker,
  eventDisplay,
  listItemSummaries,
  listSilentBids,
  staffItemTitle,
} from "~/bidding/silent-bids.server";
import { closeItemNow, extendItem, reopenItem, retractBid } from "~/bidding/staff-actions.server";
import { SilentBidsScreen } from "~/bidding/ui/silent-bids-screen";
import { db } from "~/db.server";
import { intentAction } from "~/forms/intent-action.server";
import { Refusal } from "~/forms/refusal";
import { paths } from "~/http/paths";
import { dateTimeFieldLinks } from "~/ui/date-time-field";
import { titleMeta } from "~/ui/error-page";
import { formatInZone } from "~/ui/zoned-time";

export const meta = titleMeta("Silent bids · Bids · Gavel");

export const links: LinksFunction = () => dateTimeFieldLinks();

/**
 * /admin/bids/silentbids: the live grid of the event's silent and virtual bids (?view=items: one row per item),
 * for can_view_stats; closing, extending and reopening items and retracting bids need can_control_event.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { eventId, role } = await requireEventPermission(request, "can_view_stats");
  const view = readSilentBidsView(new URL(request.url).searchParams);
  const display = await eventDisplay(eventId);
  const [bids, items, marker] = await Promise.all([
    view === "bids" ? listSilentBids(eventId, display) : [],
    view === "items" ? listItemSummaries(eventId, display) : [],
    bidsMarker(eventId),
  ]);
  return {
    view,
    bids,
    items,
    timezone: display.timezone,
    canControl: role.can_control_event,
    lastBidId: marker.lastBidId,
    streamUrl: paths.bidsSilentbidsStream(eventId),
  };
}

/**
 * Close, extend, reopen an item; retract a bid. Each is a dialog named in `dialog` (or, posted from a page
 * without JavaScript, after the intent and the row), so only that dialog opens again with its messages.
 */
export async function action({ request }: ActionFunctionArgs) {
  const now = new Date();
  return intentAction(request, {
    access: async (request) => {
      const { eventId } = await requireEventPermission(request, "can_control_event");
      return { eventId, display: await eventDisplay(eventId) };
    },
    intents: (intent) => ({
      [SILENT_BIDS_INTENT.close]: intent({
        formId: staffDialogOf(SILENT_BIDS_INTENT.close),
        schema: closeItemSchema,
        shownFields: [],
        run: async ({ eventId }, { item_id }) => {
          const units = await closeItemNow(db, eventId, item_id, now);
          const title = await staffItemTitle(eventId, item_id);
          if (units.length === 0) return `${title} closed with no winner`;
          return `${title} closed: ${units.length === 1 ? "1 winner" : `${units.length} winners`}`;
        },
      }),
      [SILENT_BIDS_INTENT.extend]: intent({
        formId: staffDialogOf(SILENT_BIDS_INTENT.extend),
        schema: ({ display }) => closingTimeSchema(display.timezone, now),
        shownFields: ["until"],
        run: async ({ eventId, display }, { item_id, until }) => {
          const [item] = (await listItemSummaries(eventId, display, now)).filter((row) => row.itemId === item_id);
          if (item?.closesAt && until!.getTime() <= new Date(item.closesAt).getTime())
            throw new Refusal(`Choose a time after the current close (${item.closesLabel}).`, "until");
          await extendItem(db, eventId, item_id, until!, now);
          return `${await staffItemTitle(eventId, item_id)} now closes ${formatInZone(until, display.timezone)}`;
        },
      }),
      [SILENT_BIDS_INTENT.reopen]: intent({
        formId: staffDialogOf(SILENT_BIDS_INTENT.reopen),
        schema: ({ display }) => closingTimeSchema(display.timezone, now),
        shownFields: ["until"],
        run: async ({ eventId, display }, { item_id, until }) => {
          await reopenItem(db, eventId, item_id, until!, now);
          return `${await staffItemTitle(eventId, item_id)} reopened until ${formatInZone(until, display.timezone)}`;
        },
      }),
      [SILENT_BIDS_INTENT.retract]: intent({
        formId: staffDialogOf(SILENT_BIDS_INTENT.retract),
        schema: retractSchema,
        shownFields: ["reason"],
        run: async ({ eventId }, { item_id, bid_id, reason }) => {
          await retractBid(db, eventId, item_id, bid_id, reason);
          return "Bid retracted";
        },
      }),
    }),
  });
}

/** The dialog a post came from: named in `dialog`, or (without JavaScript) the intent and its bid or item. */
const staffDialogOf = (name: StaffDialogName) => (form: FormData) =>
  String(form.get("dialog") ?? "") || `${name}-${String(form.get("bid_id") ?? form.get("item_id") ?? "")}`;

export default function SilentBidsPage() {
  const loaded = useLoaderData<typeof loader>();
  return <SilentBidsScreen {...loaded} />;
}

export { ErrorPanel as ErrorBoundary } from "~/ui/error-page";
