// What an order of tickets costs, with or without a promo code. Pure and client-safe: the /register page shows
// the same figures in the browser that its action records on the server. Amounts are integer cents.

export type DiscountType = "percent" | "amount";

export type OrderLine = {
  ticketId: number;
  unitPrice: number;
  quantity: number;
};

/** The parts of a promo code that price an order; usage_left is how many more tickets it may discount (null: no cap). */
export type PromoTerms = {
  discount_type: DiscountType;
  discount: number;
  ticket_ids: number[];
  usage_left: number | null;
};

export type PricedLine = {
  ticketId: number;
  quantity: number;
  subtotal: number;
  discount: number;
  amount: number;
};

/** ticketsDiscounted is how many tickets got the discount: what the code's times_used grows by when the order is recorded. */
export type PricedOrder = {
  lines: PricedLine[];
  discount: number;
  total: number;
  ticketsDiscounted: number;
};

/**
 * The discount a code takes off one ticket of this price: a percentage rounded to the cent, or a fixed amount,
 * never more than the ticket costs.
 */
export function discountPerTicket(unitPrice: number, terms: Pick<PromoTerms, "discount_type" | "discount">): number {
  if (unitPrice <= 0 || terms.discount <= 0) return 0;
  const off =
    terms.discount_type === "percent" ? Math.round((unitPrice * Math.min(terms.discount, 100)) / 100) : terms.discount;
  return Math.min(off, unitPrice);
}

/** Whether a code applies to a ticket type: an empty list means every ticket type of the event. */
export function appliesToTicket(ticketIds: readonly number[], ticketId: number): boolean {
  return ticketIds.length === 0 || ticketIds.includes(ticketId);
}

/**
 * Prices each line and the order. A promo code discounts each eligible ticket; when it has a usage cap, only the
 * first usage_left eligible tickets get the discount, taken from the earliest lines first. A ticket the code takes
 * nothing off (a free one) does not use up the cap.
 */
export function priceOrder(lines: readonly OrderLine[], promo: PromoTerms | null): PricedOrder {
  let usageLeft = promo?.usage_left ?? null;
  let ticketsDiscounted = 0;
  const priced = lines.map((line): PricedLine => {
    const quantity = Math.max(0, Math.trunc(line.quantity));
    const subtotal = line.unitPrice * quantity;
    let discount = 0;
    const perTicket =
      promo && appliesToTicket(promo.ticket_ids, line.ticketId) ? discountPerTicket(line.unitPrice, promo) : 0;
    if (perTicket > 0) {
      const discounted = usageLeft === null ? quantity : Math.min(quantity, Math.max(0, usageLeft));
      if (usageLeft !== null) usageLeft -= discounted;
      ticketsDiscounted += discounted;
      discount = perTicket * discounted;
    }
    return {
      ticketId: line.ticketId,
      quantity,
      subtotal,
      discount,
      amount: subtotal - discount,
    };
  });
  return {
    lines: priced,
    discount: priced.reduce((sum, line) => sum + line.discount, 0),
    total: priced.reduce((sum, line) => sum + line.amount, 0),
    ticketsDiscounted,
  };
}
