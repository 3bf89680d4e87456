/**
 * Names people read for the ledger's sources (invoice_line.source, app/billing/line-sources) and the report's own
 * groups. A source added later (donations, raffle) shows under its raw name until it is given a label here: the
 * revenue report groups by whatever is stored, so no new source is ever left out of the totals.
 */
const LABELS: Record<string, string> = {
  ticket: "Tickets",
  silent: "Silent auction",
  virtual: "Virtual auction",
  auction: "Silent and virtual auctions",
  live: "Live auction",
  pledge: "Paddle raise",
  duel: "Head-to-head giving",
  donation: "Donations",
  donations: "Donations",
  raffle: "Raffle",
  purchase: "Items for sale",
  sale: "Items for sale",
  fee: "Fees covered",
  refund: "Refunds",
  credit: "Paid ahead (not yet applied)",
  other: "Other payments",
};

/** The order sources are listed in; unknown ones come after, by name. */
const ORDER = Object.keys(LABELS);

export function sourceLabel(source: string): string {
  return LABELS[source] ?? source.replace(/[_-]+/g, " ").replace(/^./, (first) => first.toUpperCase());
}

export function compareSources(a: string, b: string): number {
  const rank = (source: string) => (ORDER.includes(source) ? ORDER.indexOf(source) : ORDER.length);
  return rank(a) - rank(b) || a.localeCompare(b);
}
