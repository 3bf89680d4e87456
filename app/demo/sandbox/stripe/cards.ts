/**
 * Stripe's documented test cards, as far as Gavel's tests use them: what happens when a card is saved, paid with on
 * a hosted page, or charged later off-session.
 */
export type CardBehaviour =
  | "succeeds"
  /** 4000000000000002: declined everywhere. */
  | "declines"
  /** 4000002500003155: asks the cardholder to authenticate; an off-session charge then needs them again. */
  | "requires_authentication"
  /** 4000000000000341: saving succeeds, every charge is declined. */
  | "declines_after_saving";

const SPECIAL: Record<string, CardBehaviour> = {
  "4000000000000002": "declines",
  "4000002500003155": "requires_authentication",
  "4000000000000341": "declines_after_saving",
};

export function cardBehaviour(number: string): CardBehaviour {
  return SPECIAL[number] ?? "succeeds";
}

export function cardBrand(number: string): string {
  if (number.startsWith("4")) return "visa";
  if (/^5[1-5]/.test(number) || /^2[2-7]/.test(number)) return "mastercard";
  if (/^3[47]/.test(number)) return "amex";
  if (number.startsWith("6")) return "discover";
  return "unknown";
}

/** The Luhn check every real card number passes. */
export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let index = 0; index < number.length; index++) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length >= 13 && number.length <= 19 && sum % 10 === 0;
}

export const DECLINED = "Your card was declined.";
export const AUTHENTICATION_REQUIRED = "Your card was declined. This transaction requires authentication.";
