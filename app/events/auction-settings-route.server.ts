/**
 * The loader and action of /admin/setup/silent_auction and /admin/setup/virtual_auction: the two screens differ
 * only in the auction they edit. Both need can_configure_event (docs/permissions.md).
 */
import { data } from "@remix-run/node";
import { requireEventPermission } from "~/auth/access.server";
import { redirectWithToast } from "~/ui/toast.server";
import {
  AUCTION_KINDS,
  describeAuctionRules,
  parseAuctionSettings,
  settingsFieldNames,
  staggeredCloses,
  type AuctionKind,
  type FieldErrors,
} from "./auction-settings";
import { AuctionNotEnabledError, loadAuctionSettings, saveAuctionSettings } from "./auction-settings.server";
import { postedValues } from "./settings-forms.server";

export async function auctionSettingsLoader(request: Request, kind: AuctionKind) {
  const { eventId } = await requireEventPermission(request, "can_configure_event");
  const view = await loadAuctionSettings(eventId, kind);
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  const record = view.record;
  return {
    kind,
    timeZone: view.timeZone,
    enabled: view.enabled,
    exists: record !== null,
    saved: record && {
      start_date_time: iso(record.start_date_time),
      end_date_time: iso(record.end_date_time),
      hard_end_date_time: iso(record.hard_end_date_time),
      soft_close_minutes: String(record.soft_close_minutes),
      is_auto_bid: record.is_auto_bid,
      increment_policy: record.increment_policy,
      increment_percent: String(record.increment_percent),
    },
    categories: view.categories.map((row) => ({ ...row, end_date_time: iso(row.end_date_time) })),
    summary: record
      ? describeAuctionRules(
          {
            ...record,
            category_closes: view.categories.flatMap((row) =>
              row.end_date_time ? [{ title: row.title, end_date_time: row.end_date_time }] : [],
            ),
          },
          view.timeZone,
        )
      : [],
  };
}

export type AuctionSettingsActionData =
  | { errors: FieldErrors; values: Record<string, string>; formError?: string }
  | { filled: true; values: Record<string, string> };

/**
 * Two intents. "save" checks the whole form and saves it, or answers 400 with the messages and what was typed;
 * "fill" computes staggered closing times from the helper's first time and gap and sends the form back with
 * them filled in, unsaved, to check and edit (so the helper works without JavaScript too).
 */
export async function auctionSettingsAction(request: Request, kind: AuctionKind) {
  const { eventId } = await requireEventPermission(request, "can_configure_event");
  const form = await request.formData();
  const { timeZone, record, categories } = await loadAuctionSettings(eventId, kind);
  const categoryIds = categories.map((row) => row.category_id);
  const values = postedValues(form, settingsFieldNames(categoryIds));
  const refuse = (errors: FieldErrors, formError?: string) =>
    data<AuctionSettingsActionData>({ errors, values, ...(formError ? { formError } : {}) }, { status: 400 });
  if (!record) return refuse({}, new AuctionNotEnabledError(kind).message);

  switch (form.get("intent")) {
    case "fill": {
      // Categories with items in this auction, in the order shown; all of them when none has items yet.
      const withItems = categories.filter((row) => row.item_count > 0).map((row) => row.category_id);
      const filled = staggeredCloses(
        values.first_close,
        values.close_gap_minutes,
        withItems.length > 0 ? withItems : categoryIds,
        timeZone,
      );
      if (!filled.ok) return refuse(filled.errors);
      return data<AuctionSettingsActionData>({ filled: true, values: { ...values, ...filled.closes } });
    }
    case "save": {
      const parsed = parseAuctionSettings(values, timeZone, categoryIds);
      if (!parsed.ok) return refuse(parsed.errors, "Nothing was saved. Correct the fields marked below.");
      try {
        await saveAuctionSettings(eventId, kind, parsed.settings);
      } catch (error) {
        if (error instanceof AuctionNotEnabledError) return refuse({}, error.message);
        throw error;
      }
      return redirectWithToast(AUCTION_KINDS[kind].path + new URL(request.url).search, {
        title: `${AUCTION_KINDS[kind].label} settings saved`,
      });
    }
    default:
      throw new Response("This form does not say what to do.", { status: 400 });
  }
}
