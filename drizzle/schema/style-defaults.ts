/** The default style values of an event; also used by the browser, so this module imports nothing. */
export const DEFAULT_EVENT_STYLE = {
  primary_color: "#37474f",
  secondary_color: "#307697",
  accent_color: "#d5c9b3",
  text_color: "#161616",
  heading_font: "Roboto",
  subheading_font: "Roboto",
  body_font: "Roboto",
  heading_weight: 600,
  subheading_weight: 500,
  body_weight: 400,
} as const;
