/**
 * The pages the designer edits (the screens under /admin/pages), each with its settings tree (drizzle/schema/
 * settings.ts) and how the editor shows each section and setting. Client-safe: the editor, its live preview and
 * the server's form parsing all read this one description.
 */
import { PAGE_TREE_DEFINITIONS, type PageKind } from "~/designed-pages/page-trees";
import type { LANDING_SECTIONS, TreeDefinition } from "~drizzle/schema/settings";

export type SettingKind =
  | "text"
  | "textarea"
  | "richText"
  | "colour"
  | "font"
  | "number"
  | "opacity"
  | "toggle"
  | "image"
  | "slides"
  | "themeType"
  | "select"
  | "sectionOrder";

export interface SettingField {
  key: string;
  label: string;
  kind: SettingKind;
  help?: string;
  /** For "select": the values and their labels. */
  options?: ReadonlyArray<readonly [string, string]>;
  min?: number;
  max?: number;
}

export interface SectionForm {
  key: string;
  label: string;
  description: string;
  fields: readonly SettingField[];
}

export interface PageKindInfo {
  kind: PageKind;
  label: string;
  /** The screen under /admin/pages. */
  slug: "landing_page" | "registration_page" | "silent_auction_page";
  definition: TreeDefinition;
  sections: readonly SectionForm[];
}

const visible = (what: string): SettingField => ({ key: "isVisible", label: `Show ${what}`, kind: "toggle" });
const title: SettingField = { key: "title", label: "Heading", kind: "text" };

export const THEME_TYPES = [
  ["1", "Light: white page, coloured header"],
  ["2", "Dark: the primary colour behind the whole page"],
  ["3", "Soft: the light accent behind the whole page"],
] as const;

const themeFields: SettingField[] = [
  { key: "themeType", label: "Theme", kind: "themeType", options: THEME_TYPES },
  { key: "primaryColor", label: "Primary colour", kind: "colour", help: "Header, hero and dark theme background." },
  { key: "accentColor", label: "Accent colour", kind: "colour", help: "Buttons and links." },
  {
    key: "secondaryAccentColor",
    label: "Secondary accent colour",
    kind: "colour",
    help: "Bands such as the company section.",
  },
  {
    key: "lightThemeAccentColor",
    label: "Light accent colour",
    kind: "colour",
    help: "Soft backgrounds: cards, the soft theme.",
  },
  { key: "headingFont", label: "Heading font", kind: "font" },
  { key: "bodyFont", label: "Body font", kind: "font" },
];

export const LANDING_SECTION_LABELS: Record<(typeof LANDING_SECTIONS)[number], string> = {
  heroSection: "Hero",
  countdownSection: "Countdown",
  registrationSection: "Registration",
  detailsSection: "Details",
  auctionsSection: "Auctions",
  slidesSection: "Slides",
  sponsorsSection: "Sponsors",
  companySection: "Company",
};

const landing: PageKindInfo = {
  kind: "landing",
  label: "Landing page",
  slug: "landing_page",
  definition: PAGE_TREE_DEFINITIONS.landing,
  sections: [
    {
      key: "global",
      label: "Look and order",
      description: "Theme, colours and fonts of the whole page, and the order of its sections.",
      fields: [...themeFields, { key: "sectionOrder", label: "Section order", kind: "sectionOrder" }],
    },
    {
      key: "heroSection",
      label: "Hero",
      description: "The top of the page: the event's name, picture, date and place, and the call to action.",
      fields: [
        visible("the hero"),
        { key: "title", label: "Title", kind: "text", help: "By default, the event's title." },
        { key: "subtitle", label: "Subtitle", kind: "text", help: "By default, the event's summary." },
        { key: "showDateAndPlace", label: "Show the date and place", kind: "toggle" },
        {
          key: "image",
          label: "Hero image",
          kind: "image",
          help: "Wide pictures work best (at least 1600 pixels). By default, the event's picture.",
        },
        { key: "overlayOpacity", label: "Darken the picture behind the text", kind: "opacity" },
        {
          key: "callToActionLabel",
          label: "Call to action",
          kind: "text",
          help: "The button to registration; shown while registration is open.",
        },
      ],
    },
    {
      key: "countdownSection",
      label: "Countdown",
      description: "Days, hours and minutes to the event or to the close of the silent auction.",
      fields: [
        visible("the countdown"),
        title,
        {
          key: "target",
          label: "Count down to",
          kind: "select",
          options: [
            ["event", "The start of the event"],
            ["silentAuctionClose", "The close of the silent auction"],
          ],
        },
      ],
    },
    {
      key: "registrationSection",
      label: "Registration",
      description: "The ticket types with their prices, and the button to the registration page while it is open.",
      fields: [
        visible("registration"),
        title,
        { key: "text", label: "Text", kind: "richText" },
        { key: "buttonLabel", label: "Button", kind: "text" },
      ],
    },
    {
      key: "detailsSection",
      label: "Details",
      description: "The evening in words: programme, dress code, parking.",
      fields: [
        visible("the details"),
        title,
        { key: "body", label: "Text", kind: "richText", help: "By default, the event's description." },
      ],
    },
    {
      key: "auctionsSection",
      label: "Auctions",
      description: "The silent and live auctions: when bidding opens and closes, and a few of the items.",
      fields: [
        visible("the auctions"),
        title,
        { key: "text", label: "Text", kind: "richText" },
        { key: "showItems", label: "Show a few items", kind: "toggle" },
        { key: "itemCount", label: "How many items", kind: "number", min: 0, max: 12 },
      ],
    },
    {
      key: "slidesSection",
      label: "Slides",
      description: "A carousel of pictures with captions.",
      fields: [
        visible("the slides"),
        title,
        { key: "slides", label: "Slides", kind: "slides" },
        {
          key: "autoplaySeconds",
          label: "Seconds per slide (0: guests turn the slides themselves)",
          kind: "number",
          min: 0,
          max: 60,
        },
      ],
    },
    {
      key: "sponsorsSection",
      label: "Sponsors",
      description:
        "The sponsors shown at this event, by level, with their logos and links (edit them under Auction items → Sponsors).",
      fields: [visible("the sponsors"), title],
    },
    {
      key: "companySection",
      label: "Company",
      description: "About the organiser.",
      fields: [
        visible("the company"),
        title,
        {
          key: "text",
          label: "Text",
          kind: "richText",
          help: "By default, the organisation's “about” text (Setup → Company).",
        },
      ],
    },
  ],
};

const registration: PageKindInfo = {
  kind: "registration",
  label: "Registration page",
  slug: "registration_page",
  definition: PAGE_TREE_DEFINITIONS.registration,
  sections: [
    {
      key: "global",
      label: "Look",
      description: "Theme, colours and fonts of the registration page.",
      fields: themeFields,
    },
    {
      key: "headerSection",
      label: "Header",
      description: "The top of the page.",
      fields: [
        visible("the header"),
        { key: "title", label: "Title", kind: "text", help: "By default, the event's title." },
        { key: "subtitle", label: "Subtitle", kind: "text" },
        { key: "image", label: "Header image", kind: "image" },
      ],
    },
    {
      key: "introSection",
      label: "Introduction",
      description: "A few words before the tickets.",
      fields: [visible("the introduction"), title, { key: "body", label: "Text", kind: "richText" }],
    },
    {
      key: "ticketsSection",
      label: "Tickets",
      description: "The ticket types guests choose from.",
      fields: [visible("the tickets"), title, { key: "buttonLabel", label: "Button", kind: "text" }],
    },
    {
      key: "companySection",
      label: "Company",
      description: "About the organiser.",
      fields: [visible("the company"), title],
    },
  ],
};

const silentAuction: PageKindInfo = {
  kind: "silentAuction",
  label: "Silent auction page",
  slug: "silent_auction_page",
  definition: PAGE_TREE_DEFINITIONS.silentAuction,
  sections: [
    {
      key: "global",
      label: "Look",
      description: "Theme, colours and fonts of the gallery and item pages.",
      fields: themeFields,
    },
    {
      key: "bannerSection",
      label: "Banner",
      description: "The top of the gallery.",
      fields: [
        visible("the banner"),
        title,
        { key: "subtitle", label: "Subtitle", kind: "text" },
        { key: "image", label: "Banner image", kind: "image" },
      ],
    },
    {
      key: "countdownSection",
      label: "Countdown",
      description: "Time left until bidding closes.",
      fields: [visible("the countdown"), title],
    },
    {
      key: "categoriesSection",
      label: "Categories",
      description: "Filters by category.",
      fields: [visible("the categories"), title],
    },
    {
      key: "auctionSection",
      label: "Items",
      description: "The grid of items.",
      fields: [
        visible("the items"),
        title,
        {
          key: "sort",
          label: "Sorted by",
          kind: "select",
          options: [
            ["endingSoon", "Ending soon"],
            ["mostBids", "Most bids"],
            ["noBids", "No bids yet"],
            ["value", "Value"],
          ],
        },
      ],
    },
    {
      key: "sponsorsSection",
      label: "Sponsors",
      description: "Sponsors by level.",
      fields: [visible("the sponsors"), title],
    },
    {
      key: "companySection",
      label: "Company",
      description: "About the organiser.",
      fields: [visible("the company"), title],
    },
    {
      key: "itemGlobal",
      label: "Item cards",
      description: "What each item shows.",
      fields: [
        { key: "showValue", label: "Show the value", kind: "toggle" },
        { key: "showBidCount", label: "Show the number of bids", kind: "toggle" },
        { key: "showDonor", label: "Show the donor", kind: "toggle" },
      ],
    },
    {
      key: "itemBannerSection",
      label: "Item page: banner",
      description: "The banner of an item's page.",
      fields: [visible("the item banner"), { key: "image", label: "Banner image", kind: "image" }],
    },
    {
      key: "itemCountdownSection",
      label: "Item page: countdown",
      description: "Time left on an item's page.",
      fields: [visible("the item countdown")],
    },
    {
      key: "biddingToolbarSection",
      label: "Item page: bidding",
      description: "The bidding buttons of an item's page.",
      fields: [
        visible("the bidding toolbar"),
        { key: "showBuyNow", label: "Offer buy now", kind: "toggle" },
        { key: "showMaxBid", label: "Offer maximum bids", kind: "toggle" },
      ],
    },
    {
      key: "carouselSection",
      label: "Item page: pictures",
      description: "The item's pictures.",
      fields: [
        visible("the pictures"),
        { key: "autoplaySeconds", label: "Seconds per picture (0: by hand)", kind: "number", min: 0, max: 60 },
      ],
    },
    {
      key: "itemDetailsSection",
      label: "Item page: details",
      description: "The item's description.",
      fields: [visible("the details"), { key: "showDisclaimer", label: "Show the disclaimer", kind: "toggle" }],
    },
    {
      key: "extraItemsSection",
      label: "Item page: more items",
      description: "Other items to look at.",
      fields: [visible("more items"), title, { key: "count", label: "How many", kind: "number", min: 0, max: 12 }],
    },
    {
      key: "itemCompanySection",
      label: "Item page: company",
      description: "About the organiser.",
      fields: [visible("the company")],
    },
  ],
};

export const PAGE_KINDS: Record<PageKind, PageKindInfo> = { landing, registration, silentAuction };

/** The form field name of a setting, and of its "use default" checkbox. */
export const fieldName = (section: string, key: string) => `${section}.${key}`;
export const defaultToggleName = (section: string, key: string) => `${section}.${key}.useDefault`;
/** The file input of an image setting (its current URL travels in fieldName). */
export const imageUploadName = (section: string, key: string) => `${section}.${key}.upload`;
/** Slides: one caption and image URL per slide, in order, plus new files. */
export const SLIDE_FIELDS = {
  image: "slidesSection.slides.image",
  caption: "slidesSection.slides.caption",
  remove: "slidesSection.slides.remove",
  upload: "slidesSection.slides.upload",
} as const;

/** Every image file input of a page kind, for readFormWithImages. */
export function imageUploadFields(info: PageKindInfo): Array<string | { name: string; maxFiles: number }> {
  const fields: Array<string | { name: string; maxFiles: number }> = [];
  for (const section of info.sections) {
    for (const field of section.fields) {
      if (field.kind === "image") fields.push(imageUploadName(section.key, field.key));
      if (field.kind === "slides") fields.push({ name: SLIDE_FIELDS.upload, maxFiles: 10 });
    }
  }
  return fields;
}
