/** What a bidder reads when a bid is not taken (client-safe). Amounts come formatted in the event's currency. */
import type { Refusal } from "./engine";

export function refusalMessage(refusal: Refusal, { nextMinimum }: { nextMinimum: string | null }): string {
  switch (refusal) {
    case "too_low":
      return nextMinimum ? `Someone got there first: the next minimum bid is ${nextMinimum}.` : "That bid is too low.";
    case "closed":
      return "Bidding on this item has closed.";
    case "not_open":
      return "Bidding has not opened yet.";
    case "not_biddable":
      return "This item is not taking bids.";
    case "in_person_only":
      return "This item takes bids in the room only: ask a volunteer at a bid station.";
    case "no_paddle":
      return "You need a bidder number first: join the auction.";
    case "card_required":
      return "This event asks for a card on file before bidding: save one with “Save a card to bid”.";
    case "invalid_amount":
      return "Enter an amount such as 150 or 150.00.";
    case "maximum_below_bid":
      return "Your maximum must be at least your bid.";
    case "proxy_off":
      return "Maximum bids are turned off for this auction: enter a bid.";
    case "maximum_single_unit":
      return "Maximum bids are for single items: enter a bid.";
    case "already_leading":
      return "You already have the highest bid. You can raise your maximum instead.";
    case "already_holding":
      return "You already hold one of the winning bids on this item.";
    case "maximum_not_lowered":
      return "A maximum can be raised, not lowered.";
    case "buy_now_unavailable":
      return "Buy now is no longer available for this item.";
    case "review_again":
      return "This confirmation was for another item: please review your bid again.";
  }
}
