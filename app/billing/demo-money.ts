/**
 * What every billing screen, checkout and receipt of an event whose cards go to the demo's sandbox says
 * (docs/decisions/037-demo-sandbox.md): nobody may take the demo's payments, or its receipts, for real ones.
 */
export const DEMO_MONEY_NOTE = "Demo: no real money. Cards go to Gavel's sandbox: no card is charged.";

/** The receipt's words (mail and PDF): a demo receipt is no tax receipt. */
export const DEMO_RECEIPT_NOTE =
  "Demo: no real money was paid. This receipt is from Gavel's sandbox, not a tax receipt.";
