// Pricing an order of tickets with and without a promo code (app/registration/pricing.ts): percent and amount
// discounts per ticket, codes limited to some ticket types, and the usage cap taken from the earliest lines first.
import { describe, expect, it } from "vitest";
import { appliesToTicket, discountPerTicket, priceOrder, type PromoTerms } from "~/registration/pricing";

const promo = (terms: Partial<PromoTerms>): PromoTerms => ({
  discount_type: "percent",
  discount: 10,
  ticket_ids: [],
  usage_left: null,
  ...terms,
});

describe("discountPerTicket", () => {
  it("takes a percentage rounded to the cent", () => {
    expect(discountPerTicket(15_000, { discount_type: "percent", discount: 10 })).toBe(1_500);
    expect(discountPerTicket(999, { discount_type: "percent", discount: 15 })).toBe(150); // 149.85
    expect(discountPerTicket(12_345, { discount_type: "percent", discount: 100 })).toBe(12_345);
  });

  it("takes a fixed amount, never more than the ticket costs", () => {
    expect(discountPerTicket(15_000, { discount_type: "amount", discount: 2_500 })).toBe(2_500);
    expect(discountPerTicket(2_000, { discount_type: "amount", discount: 2_500 })).toBe(2_000);
  });

  it("takes nothing off a free ticket or with a zero discount", () => {
    expect(discountPerTicket(0, { discount_type: "amount", discount: 500 })).toBe(0);
    expect(discountPerTicket(5_000, { discount_type: "percent", discount: 0 })).toBe(0);
  });
});

describe("appliesToTicket", () => {
  it("applies to every ticket type when the list is empty, else only to the listed ones", () => {
    expect(appliesToTicket([], 7)).toBe(true);
    expect(appliesToTicket([3, 7], 7)).toBe(true);
    expect(appliesToTicket([3], 7)).toBe(false);
  });
});

describe("priceOrder", () => {
  const lines = [
    { ticketId: 1, unitPrice: 20_000, quantity: 2 },
    { ticketId: 2, unitPrice: 150_000, quantity: 1 },
  ];

  it("without a code, charges each line its price times its quantity", () => {
    expect(priceOrder(lines, null)).toEqual({
      lines: [
        {
          ticketId: 1,
          quantity: 2,
          subtotal: 40_000,
          discount: 0,
          amount: 40_000,
        },
        {
          ticketId: 2,
          quantity: 1,
          subtotal: 150_000,
          discount: 0,
          amount: 150_000,
        },
      ],
      discount: 0,
      total: 190_000,
      ticketsDiscounted: 0,
    });
  });

  it("a percent code discounts every ticket of every line", () => {
    const order = priceOrder(lines, promo({ discount: 25 }));
    expect(order.lines.map((l) => [l.discount, l.amount])).toEqual([
      [10_000, 30_000],
      [37_500, 112_500],
    ]);
    expect(order).toMatchObject({
      discount: 47_500,
      total: 142_500,
      ticketsDiscounted: 3,
    });
  });

  it("an amount code takes its amount off each ticket, never taking a line below zero", () => {
    const order = priceOrder(
      [
        { ticketId: 1, unitPrice: 3_000, quantity: 2 },
        { ticketId: 2, unitPrice: 10_000, quantity: 1 },
      ],
      promo({ discount_type: "amount", discount: 5_000 }),
    );
    expect(order.lines.map((l) => [l.discount, l.amount])).toEqual([
      [6_000, 0],
      [5_000, 5_000],
    ]);
    expect(order.total).toBe(5_000);
  });

  it("a code limited to some ticket types leaves the others at full price", () => {
    const order = priceOrder(lines, promo({ discount: 50, ticket_ids: [2] }));
    expect(order.lines.map((l) => l.discount)).toEqual([0, 75_000]);
    expect(order).toMatchObject({
      discount: 75_000,
      total: 115_000,
      ticketsDiscounted: 1,
    });
  });

  it("the usage cap discounts only the first tickets, earliest lines first", () => {
    const order = priceOrder(
      [
        { ticketId: 1, unitPrice: 10_000, quantity: 2 },
        { ticketId: 2, unitPrice: 20_000, quantity: 3 },
        { ticketId: 3, unitPrice: 30_000, quantity: 1 },
      ],
      promo({ discount_type: "amount", discount: 1_000, usage_left: 3 }),
    );
    expect(order.lines.map((l) => l.discount)).toEqual([2_000, 1_000, 0]);
    expect(order).toMatchObject({
      discount: 3_000,
      total: 107_000,
      ticketsDiscounted: 3,
    });
  });

  it("ineligible lines do not use up the cap", () => {
    const order = priceOrder(lines, promo({ discount: 10, ticket_ids: [2], usage_left: 1 }));
    expect(order.lines.map((l) => l.discount)).toEqual([0, 15_000]);
  });

  it("free tickets take nothing off the cap", () => {
    const order = priceOrder(
      [
        { ticketId: 1, unitPrice: 0, quantity: 2 },
        { ticketId: 2, unitPrice: 10_000, quantity: 1 },
      ],
      promo({ discount: 10, usage_left: 1 }),
    );
    expect(order.lines.map((l) => l.discount)).toEqual([0, 1_000]);
    expect(order.ticketsDiscounted).toBe(1);
  });

  it("a used-up code discounts nothing", () => {
    const order = priceOrder(lines, promo({ discount: 10, usage_left: 0 }));
    expect(order).toMatchObject({
      discount: 0,
      total: 190_000,
      ticketsDiscounted: 0,
    });
  });

  it("an empty order costs nothing", () => {
    expect(priceOrder([], promo({}))).toEqual({
      lines: [],
      discount: 0,
      total: 0,
      ticketsDiscounted: 0,
    });
  });
});
