/**
 * What a guest may give of their own amount, on /dp (a gift) and /pi (a pledge of their own amount): the smallest a
 * card takes (the provider's minimum) and a ceiling well above any gala's gift; with the words both pages say.
 */
export const GIFT_LIMITS = { min: 100, max: 10_000_000 } as const;

export const GIFT_RANGE = `Give from ${GIFT_LIMITS.min / 100} to ${(GIFT_LIMITS.max / 100).toLocaleString("en-US")}.`;
