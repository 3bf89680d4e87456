/**
 * Every message Gavel sends, as a template: an email subject and body, and a text of about 120 characters. Bodies
 * hold {{placeholders}} filled from the message's values; an organiser may replace a template's subject, body and
 * text on /admin/setup/email and /admin/setup/texting. Client-safe: the setup screens preview as one types, and
 * /admin/eric/email shows every template, each with the real event's name, date, address and links (previewValues)
 * and a sample guest and item.
 */
import { NOTIFY_LABELS, type NotifyFlag } from "~/auth/permissions";
import { escapeHtml } from "~/mail/escape-html";
import { renderBodyHtml, renderBodyText } from "./rich-body";

export const TEMPLATE_NAMES = [
  "outbid",
  "outbid_digest",
  "winning_at_close",
  "extended",
  "won",
  "receipt",
  "tax_statement",
  "registration_confirmation",
  "guest_ticket",
  "reminder_evening_before",
  "reminder_closing_soon",
  "pickup_ready",
  "fundraiser_approved",
  "team_registration",
  "team_form_submit",
  "team_event_status",
  "team_buy_now",
  "team_low_inventory",
  "team_content_change",
  "broadcast",
  "test",
] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

export interface TemplateDefinition {
  label: string;
  /** Who receives it, for the setup screens. */
  audience: string;
  /** Sent by the app on its own (and so can be switched off); the others are written by staff. */
  automatic: boolean;
  subject: string;
  /** Paragraphs separated by a blank line. */
  body: string;
  /** The button under the body: its label; its address is the message's {{link}}. */
  action?: string;
  text: string;
  /** Values for previews: what a real message of this kind carries. */
  sample: Record<string, string>;
}

/** Who gets a team notice, as the team screen names its email notification ("New registrations"). */
function teamAudience(flag: NotifyFlag): string {
  return `Team members who get “${NOTIFY_LABELS[flag]}” emails (Setup › Team)`;
}

const ITEM_SAMPLE = {
  first_name: "Priya",
  event: "Harbor Light Gala",
  item: "Napa Valley weekend for two",
  amount: "$1,250.00",
  closes: "9:45 PM",
  link: "https://gavel.example.org/inroombid?id=1&item=12",
};
const EVENT_SAMPLE = {
  first_name: "Priya",
  event: "Harbor Light Gala",
  when: "Saturday, May 16, 2026 at 6:30 PM",
  where: "Harbor Light Pavilion, 100 Pier Road, Boston",
  link: "https://gavel.example.org/event?id=1",
};

export const TEMPLATES: Record<TemplateName, TemplateDefinition> = {
  outbid: {
    label: "Outbid",
    audience: "The bidder who lost the lead",
    automatic: true,
    subject: "You've been outbid on {{item}}",
    body: "Hello {{first_name}},\n\nSomeone bid {{amount}} on {{item}} at {{event}}. Bidding on it ends at {{closes}}.\n\nBid again to take the lead back.",
    action: "Bid again",
    text: "{{event}}: outbid on {{item}} ({{amount}}). Ends {{closes}}. Bid again: {{link}}",
    sample: ITEM_SAMPLE,
  },
  outbid_digest: {
    label: "Outbid again (digest)",
    audience: "A bidder outbid again within the outbid window, still outbid when it ends",
    automatic: true,
    subject: "Still outbid on {{item}}: {{amount}} leads",
    body: "Hello {{first_name}},\n\nSince our last message you were outbid {{times}} on {{item}} at {{event}}. The bid to beat is {{amount}}; bidding ends at {{closes}}.",
    action: "Bid again",
    text: "{{event}}: outbid {{times}} on {{item}}. Now {{amount}}, ends {{closes}}: {{link}}",
    sample: { ...ITEM_SAMPLE, times: "3 more times" },
  },
  winning_at_close: {
    label: "Winning at close",
    audience: "Bidders in the lead when bidding is about to end",
    automatic: true,
    subject: "You're winning {{item}}: bidding ends at {{closes}}",
    body: "Hello {{first_name}},\n\nYou lead on {{item}} at {{event}} with {{amount}}. Bidding ends at {{closes}}; keep an eye on it.",
    action: "See the item",
    text: "{{event}}: you lead on {{item}} ({{amount}}). Ends {{closes}}: {{link}}",
    sample: ITEM_SAMPLE,
  },
  extended: {
    label: "Bidding extended",
    audience: "Bidders on an item whose close moved after a late bid",
    automatic: true,
    subject: "Bidding on {{item}} now ends at {{closes}}",
    body: "Hello {{first_name}},\n\nA late bid on {{item}} at {{event}} moved its close to {{closes}}. The bid to beat is {{amount}}.",
    action: "See the item",
    text: "{{event}}: {{item}} now ends {{closes}} (bid {{amount}}): {{link}}",
    sample: ITEM_SAMPLE,
  },
  won: {
    label: "Won",
    audience: "The winner of an item",
    automatic: true,
    subject: "You won {{item}}",
    body: "Congratulations, {{first_name}}!\n\nYou won {{item}} at {{event}} for {{amount}}. Thank you for supporting the cause.\n\nYour invoice shows everything you won and how to pay.",
    action: "See your invoice",
    text: "{{event}}: you won {{item}} for {{amount}}! Invoice: {{link}}",
    sample: { ...ITEM_SAMPLE, link: "https://gavel.example.org/invoice?id=1" },
  },
  receipt: {
    label: "Receipt",
    audience: "A guest who paid",
    automatic: true,
    subject: "Your receipt from {{event}}",
    body: "Hello {{first_name}},\n\nThank you for your payment of {{amount}} to {{charity}}. Your receipt is attached.\n\n{{deductible}}",
    action: "See your invoice",
    text: "{{event}}: thank you! Payment {{amount}} received. Receipt: {{link}}",
    sample: {
      ...ITEM_SAMPLE,
      charity: "Harbor Light Foundation",
      deductible: "The tax-deductible part of this payment is $450.00.",
      link: "https://gavel.example.org/invoice?id=1",
    },
  },
  tax_statement: {
    label: "Tax statement",
    audience: "A donor, when the team emails the statements from the tax report",
    automatic: false,
    subject: "Your tax statement from {{charity}}: {{period}}",
    body: "Hello {{first_name}},\n\nThank you for supporting {{charity}}. Your statement of gifts for {{period}} is ready: the tax-deductible total is {{deductible}}.\n\nKeep it with your tax records.",
    action: "Download your statement (PDF)",
    text: "{{charity}}: your tax statement for {{period}} ({{deductible}} deductible): {{link}}",
    sample: {
      ...EVENT_SAMPLE,
      charity: "Harbor Light Foundation",
      period: "2026",
      deductible: "$1,450.00",
      link: "https://gavel.example.org/tax-statement?s=y2026.1.12.signature",
    },
  },
  registration_confirmation: {
    label: "Registration confirmation",
    audience: "The buyer of tickets",
    automatic: true,
    subject: "Your registration for {{event}}",
    body: "Hello {{first_name}},\n\nYou are registered for {{event}}. {{tickets}}.\n\n{{message}}\n\n{{meals}}\n\nShow each guest's QR code at the door to check in quickly.",
    action: "View your registration",
    text: "{{event}} on {{when}}: you're registered. Details: {{link}}",
    sample: {
      ...EVENT_SAMPLE,
      tickets: "2 × Table seat: $500.00, to pay at the event",
      message: "Dress code: black tie optional.",
      meals: "We will ask for the meal choices still to be made before the event.",
    },
  },
  guest_ticket: {
    label: "A guest's ticket",
    audience: "A guest who adds their details on the personal link the buyer of their seat sent them",
    automatic: true,
    subject: "Your ticket for {{event}}",
    body: "Hello {{first_name}},\n\nYour details are saved: you are on the guest list for {{event}}. {{tickets}}.\n\n{{message}}\n\nShow your QR code at the door to check in quickly. You can change your details on your personal link.",
    action: "View your ticket",
    text: "{{event}} on {{when}}: your ticket. {{link}}",
    sample: {
      ...EVENT_SAMPLE,
      tickets: "Table of 8 · Paddle 163 · Meal: Roast salmon",
      message: "Dress code: black tie optional.",
      link: "https://gavel.example.org/register?id=1&guest=0123456789abcdef0123456789abcdef",
    },
  },
  reminder_evening_before: {
    label: "Reminder: the evening before",
    audience: "Registered guests",
    automatic: true,
    subject: "See you tomorrow at {{event}}",
    body: "Hello {{first_name}},\n\n{{event}} is tomorrow: {{when}}, at {{where}}. We look forward to seeing you.",
    action: "Event details",
    text: "{{event}} is tomorrow, {{when}}, at {{where}}: {{link}}",
    sample: EVENT_SAMPLE,
  },
  reminder_closing_soon: {
    label: "Reminder: bidding closes soon",
    audience: "Bidders",
    automatic: true,
    subject: "Bidding at {{event}} closes at {{closes}}",
    body: "Hello {{first_name}},\n\nThe silent auction at {{event}} closes at {{closes}}. Check your items before it ends.",
    action: "See the auction",
    text: "{{event}}: bidding closes at {{closes}}. Your items: {{link}}",
    sample: ITEM_SAMPLE,
  },
  pickup_ready: {
    label: "Pickup ready",
    audience: "Guests who paid in full for what they won or bought",
    automatic: true,
    subject: "Ready to collect: {{item}}",
    body: "Hello {{first_name}},\n\nThank you: you have paid in full. What you won or bought at {{event}} can be collected now at {{where}}: {{item}}.",
    action: "See your invoice",
    text: "{{event}}: paid in full, thank you! Collect {{item}} at {{where}}. {{link}}",
    sample: { ...ITEM_SAMPLE, where: "the checkout desk by the main entrance" },
  },
  fundraiser_approved: {
    label: "Fundraising page approved",
    audience: "Supporters whose own fundraising page the team approved",
    automatic: true,
    subject: "Your fundraising page for {{event}} is live",
    body: "Hello {{first_name}},\n\nThe team at {{event}} approved your page, {{page}}: it is public now. Share its link with your friends and family; every gift made through it counts on your page.",
    action: "Open your page",
    text: "{{event}}: your fundraising page is live. Share it: {{link}}",
    sample: {
      first_name: "Priya",
      event: "Harbor Light Gala",
      page: "Priya runs for the harbor",
      link: "https://gavel.example.org/cattleman?cattleManId=7",
    },
  },
  team_registration: {
    label: "Team: new registration",
    audience: teamAudience("notify_registration"),
    automatic: true,
    subject: "New registration for {{event}}: {{guest}}",
    body: "{{guest}} registered for {{event}}: {{tickets}}.",
    action: "See the registrants",
    text: "{{event}}: {{guest}} registered ({{tickets}}).",
    sample: {
      event: "Harbor Light Gala",
      guest: "Jordan Lee",
      tickets: "1 × Table of 8",
      link: "https://gavel.example.org/admin/registration/registrants",
    },
  },
  team_form_submit: {
    label: "Team: form submitted",
    audience: teamAudience("notify_form_submit"),
    automatic: true,
    subject: "A form was submitted for {{event}}",
    body: "{{guest}} submitted {{form}} for {{event}}.",
    action: "Open the dashboard",
    text: "{{event}}: {{guest}} submitted {{form}}.",
    sample: {
      event: "Harbor Light Gala",
      guest: "Jordan Lee",
      form: "the registration questions",
      link: "https://gavel.example.org/admin/dashboard",
    },
  },
  team_event_status: {
    label: "Team: event status",
    audience: teamAudience("notify_event_status"),
    automatic: true,
    subject: "{{event}}: {{status}}",
    body: "{{status}} at {{event}}.",
    action: "Open the dashboard",
    text: "{{event}}: {{status}}.",
    sample: {
      event: "Harbor Light Gala",
      status: "the silent auction closed",
      link: "https://gavel.example.org/admin/dashboard",
    },
  },
  team_buy_now: {
    label: "Team: buy now",
    audience: teamAudience("notify_buy_now"),
    automatic: true,
    subject: "Bought now at {{event}}: {{item}}",
    body: "{{guest}} bought {{item}} now for {{amount}} at {{event}}.",
    action: "See the bids",
    text: "{{event}}: {{guest}} bought {{item}} now for {{amount}}.",
    sample: {
      ...ITEM_SAMPLE,
      guest: "Jordan Lee (paddle 101)",
      link: "https://gavel.example.org/admin/bids/silentbids",
    },
  },
  team_low_inventory: {
    label: "Team: low inventory",
    audience: teamAudience("notify_low_inventory"),
    automatic: true,
    subject: "Running low at {{event}}: {{item}}",
    body: "Only {{remaining}} of {{item}} remain at {{event}}.",
    action: "See the items",
    text: "{{event}}: {{remaining}} of {{item}} left.",
    sample: { ...ITEM_SAMPLE, remaining: "2", link: "https://gavel.example.org/admin/auction_items/inventory" },
  },
  team_content_change: {
    label: "Team: content changed",
    audience: teamAudience("notify_content_change"),
    automatic: true,
    subject: "{{event}}: {{page}} changed",
    body: "{{guest}} changed {{page}} of {{event}}.",
    action: "Open the page",
    text: "{{event}}: {{guest}} changed {{page}}.",
    sample: {
      event: "Harbor Light Gala",
      guest: "Morgan Ellis",
      page: "the landing page",
      link: "https://gavel.example.org/admin/pages/landing_page",
    },
  },
  broadcast: {
    label: "Message to guests",
    audience: "Guests chosen on the messages screen",
    automatic: false,
    subject: "{{subject}}",
    body: "{{message}}",
    text: "{{message}}",
    sample: {
      first_name: "Priya",
      event: "Harbor Light Gala",
      subject: "Valet parking tonight",
      message: "Hello Priya,\n\nValet parking opens at 6 PM at the north entrance.",
    },
  },
  test: {
    label: "Test message",
    audience: "The team member who asked for it",
    automatic: false,
    subject: "Test message from {{event}}",
    body: "Hello {{first_name}},\n\nThis is a test of the messages of {{event}}. If you can read it, they work.",
    text: "{{event}}: test text. If you can read it, texting works.",
    sample: { first_name: "Morgan", event: "Harbor Light Gala" },
  },
};

export function isTemplateName(name: unknown): name is TemplateName {
  return typeof name === "string" && (TEMPLATE_NAMES as readonly string[]).includes(name);
}

/** The organiser's replacements for a template; a missing or blank one keeps ours. */
export interface TemplateOverride {
  subject?: string;
  body?: string;
  text?: string;
}

/** The event's look and sender, for the email's frame. */
export interface MessageBranding {
  /** The charity: the sender's name and the email's footer. */
  charity: string;
  eventTitle: string;
  primaryColor: string;
  accentColor: string;
  textColor: string;
  logoUrl: string | null;
  /** Date, time and place, under the heading of messages where they matter. */
  when: string | null;
  where: string | null;
}

/** Where the samples' links point; a preview puts the server's own address and the event in their place. */
const SAMPLE_ORIGIN = "https://gavel.example.org";

/** The real event a preview is drawn for: its branding (name, charity, date, address), id and this server's address. */
export interface PreviewEvent {
  eventId: number;
  origin: string;
  branding: MessageBranding;
}

/**
 * A template's values for a preview on the setup screens: the real event's name, charity, date, address and links,
 * as a message sent now would carry them, with the sample's guest and item (a preview has no guest of its own). What
 * the event has not set yet says so, rather than show another event's.
 */
export function previewValues(name: TemplateName, { eventId, origin, branding }: PreviewEvent): Record<string, string> {
  const sample = TEMPLATES[name].sample;
  const where = branding.where ?? "[the address: not set yet, in Setup › Event]";
  const values: Record<string, string> = {
    ...sample,
    event: branding.eventTitle,
    charity: branding.charity,
    when: branding.when ?? "[the date: not set yet, in Setup › Event]",
    // Pickup is at the checkout desk of the event's address (billing's paid-in-full message).
    where:
      name === "pickup_ready" ? (branding.where ? `the checkout desk, ${branding.where}` : "the checkout desk") : where,
  };
  if (sample.link) {
    values.link = sample.link.replace(SAMPLE_ORIGIN, origin).replace(/([?&]id=)1(?=&|$)/, `$1${eventId}`);
  }
  return values;
}

const EVENT_DETAIL_TEMPLATES = new Set<TemplateName>([
  "registration_confirmation",
  "guest_ticket",
  "reminder_evening_before",
  "broadcast",
  "receipt",
]);

/** Fills {{name}} from values; an unknown name is left empty rather than shown as braces to a guest. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (_, name: string) => values[name] ?? "");
}

function chosen(own: string | undefined, fallback: string) {
  return own && own.trim() !== "" ? own : fallback;
}

/** Boxes after the body, one per thing the reader keeps (a guest's ticket): a heading, lines, an inline image. */
export interface EmailCard {
  heading: string;
  lines: string[];
  /** An address the reader opens (a guest's personal link): a link in the HTML part, the address in the text part. */
  link?: string;
  image?: { cid: string; alt: string };
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  /** The message's box without the document around it, for previews in a page. */
  bodyHtml: string;
}

export function renderEmailTemplate(
  name: TemplateName,
  values: Record<string, string>,
  branding: MessageBranding,
  override: TemplateOverride = {},
  cards: EmailCard[] = [],
): RenderedEmail {
  const definition = TEMPLATES[name];
  const subject = fill(chosen(override.subject, definition.subject), values).replace(/\s+/g, " ").trim();
  const body = chosen(override.body, definition.body);
  const details =
    EVENT_DETAIL_TEMPLATES.has(name) && (branding.when || branding.where)
      ? [branding.when, branding.where].filter((line): line is string => Boolean(line))
      : [];
  const action = definition.action && values.link ? { label: definition.action, url: values.link } : null;
  const footer = `${branding.charity} · ${branding.eventTitle}`;

  const text = [
    branding.eventTitle,
    ...(details.length > 0 ? [details.join("\n")] : []),
    renderBodyText(body, values),
    ...cards.map((card) => [card.heading, ...card.lines, ...(card.link ? [card.link] : [])].join("\n")),
    ...(action ? [`${action.label}: ${action.url}`] : []),
    `— ${footer}`,
  ].join("\n\n");

  const color = safeColor(branding.primaryColor, "#37474f");
  const accent = safeColor(branding.accentColor, "#d5c9b3");
  const ink = safeColor(branding.textColor, "#161616");
  // The message's own box: the whole email's body, and what a preview on a page shows (every value is escaped).
  const bodyHtml =
    `<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:10px;overflow:hidden;border:1px solid #e7e5e4;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;font-size:16px;line-height:1.5;color:${ink};text-align:left">` +
    `<div style="padding:20px 24px;background:${color};color:#ffffff">` +
    (branding.logoUrl
      ? `<img src="${escapeHtml(branding.logoUrl)}" alt="${escapeHtml(branding.charity)}" height="40" style="display:block;max-height:40px;margin:0 0 8px">`
      : "") +
    `<p style="margin:0;font-size:20px;font-weight:600">${escapeHtml(branding.eventTitle)}</p>` +
    (details.length > 0 ? `<p style="margin:4px 0 0;font-size:14px">${details.map(escapeHtml).join("<br>")}</p>` : "") +
    `</div><div style="padding:24px;border-top:4px solid ${accent}">` +
    renderBodyHtml(body, values, color) +
    cards.map((card) => cardHtml(card, color)).join("") +
    (action
      ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:${color};color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(action.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:13px;color:#57534e">Or open this address: <a href="${escapeHtml(action.url)}" style="color:${color};word-break:break-all">${escapeHtml(action.url)}</a></p>`
      : "") +
    `<p style="margin:24px 0 0;font-size:13px;color:#57534e">${escapeHtml(footer)}</p>` +
    `</div></div>`;
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:24px;background:#f5f5f4">${bodyHtml}</body></html>`;
  return { subject, text, html, bodyHtml };
}

/** A text is one line; carriers split anything over 160 characters into parts, so it is cut there. */
export const TEXT_LIMIT = 160;

/**
 * The names a text may shorten to fit (the item's, the event's): what a text is for, the amount, the close and the
 * link, is kept whole. Each keeps at least this many characters before its "…".
 */
const SHORTENED_NAMES = ["item", "event"] as const;
const SHORTEST_NAME = 12;

export function renderTextTemplate(
  name: TemplateName,
  values: Record<string, string>,
  override: TemplateOverride = {},
): string {
  const template = chosen(override.text, TEMPLATES[name].text);
  const render = (filled: Record<string, string>) => fill(template, filled).replace(/\s+/g, " ").trim();
  let body = render(values);
  if (body.length <= TEXT_LIMIT) return body;
  // First the names, the longest first.
  const shortened = { ...values };
  const longestFirst = [...SHORTENED_NAMES].sort((a, b) => (values[b]?.length ?? 0) - (values[a]?.length ?? 0));
  for (const key of longestFirst) {
    const value = shortened[key];
    const keep = Math.max(SHORTEST_NAME, (value?.length ?? 0) - (body.length - TEXT_LIMIT) - 1);
    if (!value || keep >= value.length) continue;
    shortened[key] = `${value.slice(0, keep).trimEnd()}…`;
    body = render(shortened);
    if (body.length <= TEXT_LIMIT) return body;
  }
  // Then the words before the link, which stays whole.
  const link = values.link && body.endsWith(values.link) ? values.link : "";
  const room = TEXT_LIMIT - link.length - (link ? 2 : 1);
  return `${body.slice(0, room).trimEnd()}…${link ? ` ${link}` : ""}`;
}

function cardHtml(card: EmailCard, linkColor: string): string {
  const image = card.image
    ? `<img src="cid:${escapeHtml(card.image.cid)}" alt="${escapeHtml(card.image.alt)}" width="160" height="160" style="display:block;margin:8px 0 0">`
    : "";
  return (
    `<div style="margin:0 0 16px;padding:16px;border:1px solid #e7e5e4;border-radius:8px">` +
    `<p style="margin:0 0 4px;font-weight:600">${escapeHtml(card.heading)}</p>` +
    card.lines
      .map((line) => `<p style="margin:0;color:#44403c;word-break:break-all">${escapeHtml(line)}</p>`)
      .join("") +
    (card.link
      ? `<p style="margin:4px 0 0;word-break:break-all"><a href="${escapeHtml(card.link)}" style="color:${linkColor}">${escapeHtml(card.link)}</a></p>`
      : "") +
    image +
    `</div>`
  );
}

function safeColor(value: string, fallback: string): string {
  return /^#(?:[0-9a-fA-F]{3}){1,2}$/.test(value) ? value : fallback;
}
