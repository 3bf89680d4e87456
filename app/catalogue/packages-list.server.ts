/**
 * The admin list (app/admin-list/) of the live and silent packages screens: the two routes declare the same list
 * for another type of item, so the declaration is here once, with the domain calls of packages.server.ts.
 */
import { countOf, listForm, type ListSpec } from "~/admin-list/list-action.server";
import { readOrRefuse } from "~/forms/rules";
import { BULK_INTENT } from "~/grid/grid-types";
import { bidProposalSchema } from "./bid-proposal";
import { saveBidProposal } from "./bid-proposal.server";
import {
  categoryChoice,
  NUMBER_LOTS_FORM,
  numberLotsSchema,
  PACKAGES_INTENT,
  packageInlineRules,
  statusChoice,
  type PackageInlineField,
  type PackageType,
} from "./packages";
import { deletePackages, moveToCategory, numberLots, setPackagesStatus, updatePackageField } from "./packages.server";
import type { ZodTypeAny } from "zod";

const ITEMS = ["item", "items"] as const;

export function packagesList(type: PackageType): ListSpec<ZodTypeAny> {
  return {
    permission: "can_edit_auction_items",
    noun: ITEMS,
    gone: "This item is no longer here. Reload the page.",
    inline: {
      rules: packageInlineRules,
      save: ({ eventId, id }, field, value) =>
        updatePackageField(eventId, type, id, field as PackageInlineField, value),
    },
    bulk: {
      [PACKAGES_INTENT.changeCategory]: async ({ eventId, ids, form }) => {
        const categoryId = readOrRefuse(categoryChoice, form.get("category_id"));
        return `${countOf(await moveToCategory(eventId, type, ids, categoryId), ITEMS)} moved to the category`;
      },
      [PACKAGES_INTENT.changeStatus]: async ({ eventId, ids, form }) => {
        const status = readOrRefuse(statusChoice, form.get("status"));
        return `${countOf(await setPackagesStatus(eventId, type, ids, status), ITEMS)} now ${status}`;
      },
      [BULK_INTENT.delete]: async ({ eventId, ids }) => {
        const deleted = await deletePackages(eventId, type, ids);
        return deleted === 1 ? "Item deleted" : `${deleted} items deleted`;
      },
    },
    bulkSelect: {
      [PACKAGES_INTENT.changeCategory]: "Select the items to put in a category first.",
      [PACKAGES_INTENT.changeStatus]: "Select the items to change first.",
    },
    forms: {
      [PACKAGES_INTENT.bidProposal]: listForm({
        schema: bidProposalSchema,
        save: async ({ eventId }, proposal) => {
          await saveBidProposal(eventId, proposal);
          return `New items are proposed a starting bid of ${proposal.starting_bid_percent}% and an increment of ${proposal.increment_percent}% of their value`;
        },
      }),
      [NUMBER_LOTS_FORM]: listForm({
        schema: numberLotsSchema,
        save: async ({ eventId }, { start }) => {
          const done = await numberLots(eventId, type, start);
          if (done.count === 0) return "There are no items to number";
          return `${done.count === 1 ? "1 lot" : `${done.count} lots`} numbered from ${done.first}`;
        },
      }),
    },
  };
}
