/**
 * Every source of what guests owe, in the order their lines first appear on an invoice. To bill a new kind of thing, write
 * its module beside these and add it here.
 */
import { liveLotsHammered, silentAndVirtualWins } from "./auction-wins.server";
import { donationPledges } from "./donations.server";
import { duelGifts } from "./duel-gifts.server";
import { paddleRaisePledges } from "./pledges.server";
import { itemsForSalePurchases } from "./purchases.server";
import { raffleTickets } from "./raffle-tickets.server";
import { unpaidTickets } from "./unpaid-tickets.server";
import type { InvoiceLineSource } from "./line-source";

export const INVOICE_LINE_SOURCES: readonly InvoiceLineSource[] = [
  unpaidTickets,
  silentAndVirtualWins,
  liveLotsHammered,
  itemsForSalePurchases,
  paddleRaisePledges,
  duelGifts,
  raffleTickets,
  donationPledges,
];
