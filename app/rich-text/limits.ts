/** Far more than any description needs; bounds the work of sanitising a post. Client-safe: forms' schemas use it. */
export const RICH_TEXT_MAX_LENGTH = 100_000;

/** The message when a rich text is over the limit. */
export const RICH_TEXT_TOO_LONG = "This text is too long. Shorten it, or remove pasted formatting.";
