/**
 * The live and silent packages screens (/admin/auction_items/live_packages and /silent_packages): every auction
 * item of one type, packages and single items, with inline edits, bulk changes and lot numbering. Both routes call
 * packagesLoader / packagesAction with their type. Every query is bound to the event and the type: an id of another
 * event's item, or of an item of another type, is not found.
 *
 * Numbering lots: the type's items are numbered in catalogue order (display_order, then title, then id), the
 * order the catalogue and the auctioneer follow, whatever the grid happens to be sorted by. The numbers start
 * after the highest lot of the event's other items, or at the number the organiser gives when none of the numbers
 * needed is taken by another type's item. Lots are unique per event, so the type's lots are first set to negative
 * placeholders and then to their numbers, in one transaction.
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { and, asc, eq, inArray, isNotNull, max, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { eventIdFromQuery, requireEventPermission } from "~/auth/access.server";
import { db } from "~/db.server";
import { clientOfEvent } from "~/events/client-of-event.server";
import { parseForm } from "~/forms/form-contract";
import { refuseSubmission } from "~/forms/reply.server";
import {
  inlineEditSaved,
  readInlineEdit,
  readSelectedIds,
  refuseBulk,
  refuseInlineEdit,
} from "~/grid/grid-forms.server";
import { formatMoney } from "~/ui/format";
import { redirectWithToast } from "~/ui/toast.server";
import { auction_item, bid, category } from "~drizzle/schema";
import { amountProblems } from "./auction-item-form.server";
import { inventoryCountSql } from "./auction-item.server";
import { deleteItems, DuplicateLotError, ItemsWithBidsError, updateItemField } from "./auction-items.server";
import { bidProposalSchema } from "./bid-proposal";
import { eventBidProposal, saveBidProposal } from "./bid-proposal.server";
import { catalogueOptions, checkChoices, UnknownChoiceError } from "./catalogue-options.server";
import { pickedId } from "./inventory-fields";
import { eventCurrency } from "./inventory.server";
import { itemInlineRules } from "./item-fields";
import { ITEM_STATUSES } from "./item-rules";

export type PackageType = "live" | "silent";

/** The largest lot the item page accepts (itemInlineRules.lot: up to six digits). */
const MAX_LOT = 999_999;

export async function listPackages(eventId: number, type: PackageType) {
  return db
    .select({
      auction_item_id: auction_item.auction_item_id,
      lot: auction_item.lot,
      title: auction_item.title,
      subtype: auction_item.subtype,
      value: auction_item.value,
      starting_bid: auction_item.starting_bid,
      increment: auction_item.increment,
      buy_now: auction_item.buy_now,
      status: auction_item.status,
      display_order: auction_item.display_order,
      category_id: auction_item.xinv_category_id,
      category_title: category.title,
      inventory_count: inventoryCountSql,
      bid_count: sql<number>`(select count(*) from ${bid} where ${bid.auction_item_id} = ${auction_item.auction_item_id})::int`,
    })
    .from(auction_item)
    .leftJoin(category, eq(category.category_id, auction_item.xinv_category_id))
    .where(and(eq(auction_item.event_id, eventId), eq(auction_item.type, type)))
    .orderBy(
      asc(auction_item.lot),
      asc(auction_item.display_order),
      asc(auction_item.title),
      asc(auction_item.auction_item_id),
    );
}

/** The lot numbers clash with another type's item (or run past the largest lot). */
export class LotNumberingError extends Error {}

/** Numbers the type's items from `start` (default: after the other types' highest lot); how many were numbered. */
export async function numberLots(
  eventId: number,
  type: PackageType,
  start?: number,
): Promise<{ count: number; first: number }> {
  return db.transaction(async (tx) => {
    // Every item of the event, locked: nobody changes a lot between the check and the renumbering.
    await tx
      .select({ id: auction_item.auction_item_id })
      .from(auction_item)
      .where(eq(auction_item.event_id, eventId))
      .for("update");
    const items = await tx
      .select({ id: auction_item.auction_item_id })
      .from(auction_item)
      .where(and(eq(auction_item.event_id, eventId), eq(auction_item.type, type)))
      .orderBy(asc(auction_item.display_order), asc(auction_item.title), asc(auction_item.auction_item_id));
    const othersLots = and(
      eq(auction_item.event_id, eventId),
      ne(auction_item.type, type),
      isNotNull(auction_item.lot),
    );
    const [{ highest }] = await tx
      .select({ highest: max(auction_item.lot) })
      .from(auction_item)
      .where(othersLots);
    const first = start ?? (highest ?? 0) + 1;
    if (items.length === 0) return { count: 0, first };
    const last = first + items.length - 1;
    if (last > MAX_LOT)
      throw new LotNumberingError(`The numbers would run past ${MAX_LOT}. Start from a smaller number.`);
    const clashes = await tx
      .select({ lot: auction_item.lot, title: auction_item.title, type: auction_item.type })
      .from(auction_item)
      .where(and(othersLots, sql`${auction_item.lot} between ${first} and ${last}`))
      .orderBy(asc(auction_item.lot));
    if (clashes.length > 0) {
      const named = clashes
        .slice(0, 3)
        .map((row) => `lot ${row.lot} is “${row.title}” (${row.type})`)
        .join(", ");
      throw new LotNumberingError(
        `Nothing was renumbered: lots ${first} to ${last} are needed, but ${named}${clashes.length > 3 ? ", and more" : ""}. ` +
          `Leave the start blank to begin after lot ${highest ?? 0}, or choose another start.`,
      );
    }
    // Lots are unique per event: negative placeholders first, so no two items hold the same lot in between.
    await tx
      .update(auction_item)
      .set({ lot: sql`-${auction_item.auction_item_id}` })
      .where(and(eq(auction_item.event_id, eventId), eq(auction_item.type, type)));
    for (const [index, item] of items.entries()) {
      await tx
        .update(auction_item)
        .set({ lot: first + index })
        .where(eq(auction_item.auction_item_id, item.id));
    }
    return { count: items.length, first };
  });
}

/** The event's items of the type among `ids`. */
async function itemsOfType(eventId: number, type: PackageType, ids: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: auction_item.auction_item_id })
    .from(auction_item)
    .where(
      and(eq(auction_item.event_id, eventId), eq(auction_item.type, type), inArray(auction_item.auction_item_id, ids)),
    );
  return rows.map((row) => row.id);
}

const INLINE_FIELDS = ["lot", "title", "value", "starting_bid", "increment"] as const;
type PackageInlineField = (typeof INLINE_FIELDS)[number];

export async function packagesLoader({ request }: LoaderFunctionArgs, type: PackageType) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  const [rows, options, currency, bidProposal] = [
    await listPackages(eventId, type),
    await catalogueOptions(eventId),
    await eventCurrency(eventId),
    await eventBidProposal(eventId),
  ];
  const money = (cents: number | null) => (cents === null ? null : formatMoney(cents, currency));
  return {
    type,
    items: rows.map((row) => ({
      ...row,
      value_label: money(row.value),
      starting_bid_label: money(row.starting_bid),
      increment_label: money(row.increment),
      buy_now_label: money(row.buy_now),
    })),
    categories: options.categories,
    queryEvent: eventIdFromQuery(request) ?? null,
    bidProposal,
  };
}

export async function packagesAction({ request }: ActionFunctionArgs, type: PackageType) {
  const { eventId } = await requireEventPermission(request, "can_edit_auction_items");
  const form = await request.formData();
  const url = new URL(request.url);
  const here = url.pathname + url.search;

  switch (form.get("intent")) {
    case "inline-edit": {
      const edit = readInlineEdit(form);
      if (!edit || !(INLINE_FIELDS as readonly string[]).includes(edit.field)) {
        throw new Response("This edit is not one the grid makes.", { status: 400 });
      }
      const field = edit.field as PackageInlineField;
      const parsed = itemInlineRules[field].safeParse(edit.value);
      if (!parsed.success) return refuseInlineEdit(edit, parsed.error.issues[0].message);
      const [current] = await db
        .select()
        .from(auction_item)
        .where(
          and(
            eq(auction_item.event_id, eventId),
            eq(auction_item.type, type),
            eq(auction_item.auction_item_id, edit.id),
          ),
        );
      if (!current) return refuseInlineEdit(edit, "This item is no longer here. Reload the page.");
      const problem = Object.values(amountProblems({ ...current, [field]: parsed.data }))[0];
      if (problem) return refuseInlineEdit(edit, problem);
      try {
        if (!(await updateItemField(eventId, edit.id, field, parsed.data))) {
          return refuseInlineEdit(edit, "This item is no longer here. Reload the page.");
        }
      } catch (error) {
        if (!(error instanceof DuplicateLotError)) throw error;
        return refuseInlineEdit(edit, `Lot ${error.lot} is already taken by another item of this event.`);
      }
      return inlineEditSaved();
    }

    case "bid-proposal": {
      const submission = parseForm(form, bidProposalSchema);
      if (submission.status !== "success") return refuseSubmission("bid-proposal", submission);
      const proposal = submission.value;
      await saveBidProposal(eventId, proposal);
      url.searchParams.delete("dialog");
      return redirectWithToast(url.pathname + url.search, {
        title: `New items are proposed a starting bid of ${proposal.starting_bid_percent}% and an increment of ${proposal.increment_percent}% of their value`,
      });
    }

    case "number-lots": {
      const raw = String(form.get("start") ?? "").trim();
      if (raw !== "" && !/^[1-9]\d{0,5}$/.test(raw)) {
        return data({ numberError: "Start from a whole number of at least 1, such as 101." }, { status: 400 });
      }
      try {
        const done = await numberLots(eventId, type, raw === "" ? undefined : Number(raw));
        return redirectWithToast(here, {
          title:
            done.count === 0
              ? "There are no items to number"
              : `${done.count === 1 ? "1 lot" : `${done.count} lots`} numbered from ${done.first}`,
        });
      } catch (error) {
        if (!(error instanceof LotNumberingError)) throw error;
        return data({ numberError: error.message }, { status: 400 });
      }
    }

    case "change-category": {
      const ids = readSelectedIds(form);
      if (!ids) return refuseBulk("Select the items to put in a category first.");
      const choice = String(form.get("category_id") ?? "");
      if (choice === "") return refuseBulk("Choose the category to put the selected items in.");
      const picked = pickedId("category").safeParse(choice === "none" ? "" : choice);
      if (!picked.success) return refuseBulk(picked.error.issues[0].message);
      try {
        await checkChoices(db, await clientOfEvent(eventId), { category_id: picked.data });
      } catch (error) {
        if (!(error instanceof UnknownChoiceError)) throw error;
        return refuseBulk(error.message);
      }
      const mine = await itemsOfType(eventId, type, ids);
      if (mine.length > 0) {
        await db
          .update(auction_item)
          .set({ xinv_category_id: picked.data })
          .where(and(eq(auction_item.event_id, eventId), inArray(auction_item.auction_item_id, mine)));
      }
      return redirectWithToast(here, {
        title: `${mine.length === 1 ? "1 item" : `${mine.length} items`} moved to the category`,
      });
    }

    case "change-status": {
      const ids = readSelectedIds(form);
      if (!ids) return refuseBulk("Select the items to change first.");
      const status = z.enum(ITEM_STATUSES).safeParse(form.get("status"));
      if (!status.success) return refuseBulk("Choose draft, published or withdrawn.");
      const mine = await itemsOfType(eventId, type, ids);
      if (mine.length > 0) {
        await db
          .update(auction_item)
          .set({ status: status.data })
          .where(and(eq(auction_item.event_id, eventId), inArray(auction_item.auction_item_id, mine)));
      }
      return redirectWithToast(here, {
        title: `${mine.length === 1 ? "1 item" : `${mine.length} items`} now ${status.data}`,
      });
    }

    case "delete": {
      const ids = readSelectedIds(form);
      if (!ids) return refuseBulk("Select the items to delete first.");
      try {
        const deleted = await deleteItems(eventId, await itemsOfType(eventId, type, ids));
        return redirectWithToast(here, { title: deleted === 1 ? "Item deleted" : `${deleted} items deleted` });
      } catch (error) {
        if (!(error instanceof ItemsWithBidsError)) throw error;
        return refuseBulk(`Nothing was deleted. ${error.message}`);
      }
    }

    default:
      throw new Response("This form does not say what to do.", { status: 400 });
  }
}
