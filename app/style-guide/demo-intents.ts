/** The style guide's demo forms (/admin/eric/components), by the intent each posts: read by the page and its action. */
export const STYLE_GUIDE_INTENT = {
  toast: "toast",
  confirm: "confirm",
  slow: "slow",
  pledge: "pledge",
  richText: "rich-text",
  dateTime: "date-time",
} as const;
