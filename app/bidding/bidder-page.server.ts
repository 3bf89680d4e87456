/**
 * /inroombid, the bidders' pages (gallery, item, my bids) for an event: who is looking, whether the auctions show
 * to them, the board, and their standing. The route only picks the view.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import {
  getSignedInUser,
  SIGNED_IN_USER_COLUMNS,
  signedInUserFrom,
  signInAndComeBack,
  type SignedInUser,
} from "~/auth/access.server";
import { getSessionUser } from "~/auth/session.server";
import { creditNeedsCard } from "~/billing/cards.server";
import { isAnyOf, preparedQuery } from "~/db/prepared.server";
import { readRowId } from "~/db/row-id";
import { db } from "~/db.server";
import { pageTree } from "~/designed-pages/page-documents.server";
import { featureVisibility, type FeatureFlags } from "~/events/feature-switches";
import { findPublicEvent, openToThePublic, type PublicEvent } from "~/events/public-event.server";
import { fullName } from "~/ui/format";
import { bid, event, usr, usr_event_role } from "~drizzle/schema";
import { resolveAuctionPage } from "./auction-page";
import {
  loadEventAuctionRules,
  loadEventAuctionRulesWithStanding,
  type EventAuctionRules,
} from "./auction-rules.server";
import { STANDING_COLUMNS, standingFrom, type BidderStanding } from "./bidder-standing.server";
import { eventSettingsAt } from "./event-settings-cache.server";
import type { OwnBid } from "./live-item";
import type { AppLoadContext } from "@remix-run/node";
import type { Role } from "~/auth/permissions";

export interface BidderContext {
  event: PublicEvent;
  rules: EventAuctionRules;
  /** Some of the event's auctions are in testing and shown only because this person may preview them. */
  preview: boolean;
  user: {
    usrId: number;
    name: string;
    paddle: number | null;
    canBidForGuests: boolean;
    /** The event asks for a card on file before bidding, and this bidder has none saved for it. */
    needsCard: boolean;
  } | null;
}

/**
 * 404 unless the event's silent or virtual auction shows to this visitor (an auction in testing shows only to
 * previewers).
 */
export async function loadBidderContext(request: Request, found?: PublicEvent): Promise<BidderContext> {
  const known = found ? undefined : await readSignedInBidder(request);
  if (known) return bidderContext(known);
  // The event of ?id, unless the caller found it another way (a short path such as /cisnew), and who is asking:
  // read together, in one round trip.
  const [event, signedIn] = await Promise.all([found ?? findPublicEvent(request), getSignedInUser(request)]);
  const { rules, standing } = signedIn
    ? await loadEventAuctionRulesWithStanding(db, event.event_id, signedIn.usr_id)
    : { rules: await loadEventAuctionRules(db, event.event_id), standing: null };
  return bidderContext({ event, rules, signedIn, standing });
}

const signedInBidder = preparedQuery("signed_in_bidder", (db) =>
  db
    .select({
      ...SIGNED_IN_USER_COLUMNS,
      ...STANDING_COLUMNS,
      settingsVersion: sql<number | null>`(select ${event.settings_version} from ${event}
        where ${event.event_id} = ${sql.placeholder("eventId")})`,
    })
    .from(usr)
    .leftJoin(usr_event_role, eq(usr_event_role.usr_id, usr.usr_id))
    .where(eq(usr.usr_id, sql.placeholder("usrId")))
    .orderBy(asc(usr_event_role.usr_event_role_id)),
);

/**
 * A signed-in visitor of an event named by ?id, in one statement: the person, their roles, their paddle and card, and
 * the event's settings_version, with the event's row and rules from this process's copy of that version
 * (event-settings-cache.server.ts). Undefined for anyone else (not signed in, a session that no longer counts, an
 * event by slug), whom the reads of each part answer.
 */
async function readSignedInBidder(request: Request) {
  const eventId = readRowId(new URL(request.url).searchParams.get("id"));
  const session = eventId === null ? undefined : await getSessionUser(request);
  if (eventId === null || !session) return undefined;
  const rows = await signedInBidder(db).execute({ usrId: session.usrId, sessionId: session.sessionId, eventId });
  const signedIn = signedInUserFrom(rows, { request, session });
  if (!signedIn) return undefined;
  const [row] = rows;
  const settings = row.settingsVersion === null ? undefined : await eventSettingsAt(eventId, row.settingsVersion);
  const event = openToThePublic(settings?.event);
  // The rules are shared by the process's requests: each context gets its own list of the auctions it shows.
  const rules = settings?.rules ? { ...settings.rules, auctions: { ...settings.rules.auctions } } : null;
  return { event, rules, signedIn, standing: standingFrom(row) };
}

/** The context of what was read: 404 when neither auction shows to this visitor, or the event takes no bids. */
function bidderContext({
  event,
  rules,
  signedIn,
  standing,
}: {
  event: PublicEvent;
  rules: EventAuctionRules | null;
  signedIn: SignedInUser | undefined;
  standing: BidderStanding | null;
}): BidderContext {
  const role: Role | undefined = signedIn?.roles.find((candidate) => candidate.event_id === event.event_id);
  const canPreview = role?.can_preview_event === true;
  const silent = featureVisibility(event as unknown as FeatureFlags, "silent_auction", canPreview);
  const virtual = featureVisibility(event as unknown as FeatureFlags, "virtual_auction", canPreview);
  if (silent === "hidden" && virtual === "hidden") throw new Response("The auction is not open yet.", { status: 404 });
  if (!rules) throw new Response("There is no event at this address.", { status: 404 });
  // Drop an auction this visitor may not see (its items stay out of every view).
  if (silent === "hidden") delete rules.auctions.silent;
  if (virtual === "hidden") delete rules.auctions.virtual;
  const user =
    signedIn && standing
      ? {
          usrId: signedIn.usr_id,
          name: fullName(signedIn.first_name, signedIn.last_name) || signedIn.email_address,
          paddle: standing.paddle,
          canBidForGuests: role?.can_bid === true && role.is_team_member,
          needsCard: creditNeedsCard({ storeCard: rules.storeCard, hasCard: standing.hasCard }),
        }
      : null;
  return { event, rules, preview: silent === "preview" || virtual === "preview", user };
}

/** A signed-in bidder's context. */
export type Bidder = BidderContext & { user: NonNullable<BidderContext["user"]> };

/**
 * The context a form post's action read, for the page's loader when Remix runs it in the same request: an action
 * that answers without a redirect (a refused bid, 409; a review; a form's errors) changed none of it, so the page
 * shown with the answer need not read the event, the bidder and the rules again. What changes them (joining, a bid
 * placed) answers with a redirect, and the page it leads to is a request of its own. Keyed by the request's load
 * context, the one object Remix hands to the action and to the loaders of a request.
 */
const readByAction = new WeakMap<AppLoadContext, Bidder>();

/** The context of a signed-in bidder; for anyone else, the redirect to sign in and come back to this page. */
export async function requireBidder(request: Request, requestContext: AppLoadContext): Promise<Bidder> {
  const context = await loadBidderContext(request);
  if (!context.user) throw signInAndComeBack(request);
  readByAction.set(requestContext, context as Bidder);
  return context as Bidder;
}

/** The bidder pages' context: the one the action read in this request (readByAction), otherwise read now. */
export async function bidderPageContext(request: Request, requestContext: AppLoadContext): Promise<BidderContext> {
  return readByAction.get(requestContext) ?? (await loadBidderContext(request));
}

const bidsOfBidder = preparedQuery("bids_of_bidder", (db) =>
  db
    .select({ itemId: bid.auction_item_id, amount: bid.bid, bidId: bid.bid_id, status: bid.status, kind: bid.kind })
    .from(bid)
    .where(
      and(
        eq(bid.event_id, sql.placeholder("eventId")),
        eq(bid.usr_id, sql.placeholder("usrId")),
        isAnyOf(bid.auction_item_id, "itemIds"),
      ),
    )
    .orderBy(asc(bid.auction_item_id), desc(bid.bid), asc(bid.bid_id)),
);

/**
 * The items this bidder has bid on at the event, each with their best bid still standing: their page reads their
 * standing (winning, outbid, won) from it on an item of more holders than its live state lists.
 */
export async function ownBids(usrId: number, eventId: number, itemIds: number[]): Promise<OwnBid[]> {
  if (itemIds.length === 0) return [];
  return ownBidsFrom(await bidsOfBidder(db).execute({ eventId, usrId, itemIds }));
}

export interface BidOfBidder {
  itemId: number;
  amount: number;
  bidId: number;
  status: string;
  kind: string;
}

/** What a bidder holds of each item, from their bids in the order of their items, each item's highest first. */
export function ownBidsFrom(rows: BidOfBidder[]): OwnBid[] {
  const byItem = new Map<number, OwnBid>();
  for (const row of rows) {
    const own = byItem.get(row.itemId) ?? { itemId: row.itemId, best: null, boughtOutright: false };
    if (row.kind === "buy_now") own.boughtOutright = true;
    // Rows come highest first, so the first standing one is the bid that ranks.
    else if (!own.best && row.status !== "retracted") own.best = { amount: row.amount, bidId: row.bidId };
    byItem.set(row.itemId, own);
  }
  return [...byItem.values()];
}

/** The page's published settings, the event's branding as the theme's defaults (app/bidding/auction-page.ts). */
export async function silentAuctionPageSettings(event: PublicEvent) {
  return resolveAuctionPage(await pageTree(event.event_id, "silentAuction"), event);
}
