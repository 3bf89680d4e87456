/** "Visa ending 4242", for people. Client-safe. */
export function cardLabel(card: { brand: string | null; last4: string | null }): string {
  const brand = card.brand ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : "Card";
  return card.last4 ? `${brand} ending ${card.last4}` : brand;
}
