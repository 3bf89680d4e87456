/**
 * Import rules checked in `npm run lint` (dependency-cruiser): no loops between the app's folders, and none between
 * modules; and the floors of app/ (docs/architecture.md, "The floors of app/"): a shared floor knows no product, the
 * platform knows no product, and a product uses the products named for it below, one way. Two folders that need
 * each other want their common part moved into a folder of its own.
 */

/** Folders without product knowledge: components, forms, the database, mail, the live streams, … */
const SHARED = [
  "db",
  "fonts",
  "forms",
  "grid",
  "http",
  "images",
  "mail",
  "payments",
  "realtime",
  "rich-text",
  "sandbox",
  "security",
  "styles",
  "ui",
];

/**
 * What every product stands on: sign-in and permissions, menus, an event's settings, the outbox, page storage, the
 * staff stations' offline queue.
 */
const PLATFORM = ["admin-list", "auth", "designed-pages", "events", "messages", "navigation", "stations"];

/**
 * Each product folder and the other products it may import (besides the shared and platform floors), as the code
 * does today. A new arrow is a choice to make here, in docs/architecture.md's diagram too, not a side effect.
 */
const PRODUCTS = {
  bidding: ["billing", "public-components", "registration"],
  billing: ["catalogue"],
  catalogue: [],
  dashboard: ["bidding", "billing", "data-areas"],
  "data-areas": ["catalogue"],
  demo: ["room-screens"],
  "design-lab": ["bidding", "public-components"],
  "event-archive": [],
  duels: ["billing", "registration"],
  giving: ["billing", "catalogue"],
  home: [],
  landing: ["catalogue", "public-components"],
  organisations: [],
  "paddle-raise": ["billing", "registration"],
  "pages-designer": ["bidding", "landing", "registration"],
  "public-components": ["catalogue"],
  raffles: ["billing"],
  registration: ["billing", "catalogue", "public-components"],
  reporting: ["billing", "catalogue"],
  "room-screens": ["bidding", "billing", "giving", "paddle-raise", "raffles"],
  "style-guide": [],
  team: [],
};

/** A regular expression for the modules of these folders of app/. */
const inFolders = (folders) => `^app/(${folders.join("|")})/`;

const productRules = Object.entries(PRODUCTS).map(([product, uses]) => ({
  name: `floor-of-${product}`,
  comment: uses.length
    ? `${product}/ imports a product other than ${uses.join(", ")}: see PRODUCTS above.`
    : `${product}/ imports another product: see PRODUCTS above.`,
  severity: "error",
  from: { path: inFolders([product]) },
  to: { path: "^app/[^/]+/", pathNot: inFolders([...SHARED, ...PLATFORM, product, ...uses]) },
}));

module.exports = {
  forbidden: [
    {
      name: "no-folder-cycles",
      comment: "Two folders of app/ import each other (through any path): move what both need into its own module.",
      severity: "error",
      scope: "folder",
      from: { path: "^app/" },
      to: { circular: true },
    },
    {
      name: "no-module-cycles",
      comment: "Modules import each other in a loop.",
      severity: "error",
      from: { path: "^app/" },
      to: { circular: true },
    },
    {
      name: "shared-floors-know-no-product",
      comment: "A shared floor (SHARED above) imports the platform or a product: it must work for every product.",
      severity: "error",
      from: { path: inFolders(SHARED) },
      to: { path: "^app/[^/]+/", pathNot: inFolders(SHARED) },
    },
    {
      name: "platform-knows-no-product",
      comment: "A platform folder (PLATFORM above) imports a product: products use the platform, not the reverse.",
      severity: "error",
      from: { path: inFolders(PLATFORM) },
      to: { path: "^app/[^/]+/", pathNot: inFolders([...SHARED, ...PLATFORM]) },
    },
    ...productRules,
    {
      name: "every-folder-on-a-floor",
      comment: "A folder of app/ that is on no floor: add it to SHARED, PLATFORM or PRODUCTS above.",
      severity: "error",
      from: { path: "^app/[^/]+/", pathNot: inFolders([...SHARED, ...PLATFORM, ...Object.keys(PRODUCTS), "routes"]) },
      to: {},
    },
    {
      name: "components-in-ui",
      comment:
        "A component (.tsx) at the root of a folder other than routes/ and ui/: move it into the folder's ui/ (a widget several folders use: app/ui/). tests/unit/components-in-ui.test.ts also finds one that imports nothing.",
      severity: "error",
      from: { path: "^app/[^/]+/[^/]+\\.tsx$", pathNot: "^app/(routes|ui)/" },
      to: {},
    },
    {
      name: "app-top-from-below",
      comment:
        "A folder imports a module at app/'s root other than config and db (the root route, the server's start, the outbox's enrichers): those sit on top, beside routes/. A type of the root loader is allowed.",
      severity: "error",
      from: { path: "^app/[^/]+/", pathNot: "^app/routes/" },
      to: { path: "^app/[^/]+$", pathNot: "^app/(config|db)\\.server\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "products-answer-no-http",
      comment:
        "A product's server module builds an HTTP answer (Remix's responses, the form contract's refusals, a toast's redirect): its domain calls take values and throw a Refusal; the route declares the action (forms/intent-action.server.ts) and answers.",
      severity: "error",
      from: { path: `${inFolders(Object.keys(PRODUCTS))}.*\\.server\\.tsx?$` },
      to: {
        path: [
          "^node_modules/@remix-run/node/",
          "^app/forms/(reply|intent-action)\\.server\\.ts$",
          "^app/http/toast\\.server\\.ts$",
        ],
        dependencyTypesNot: ["type-only"],
      },
    },
    {
      name: "no-schema-cycles",
      comment:
        "Modules of the drizzle schema import each other in a loop: move the table both need into a module of its own.",
      severity: "error",
      from: { path: "^drizzle/" },
      to: { circular: true },
    },
    {
      name: "no-server-in-browser-shared",
      comment:
        "A client-safe module (no .server in its name) imports a .server module, which the browser build empties.",
      severity: "error",
      from: {
        path: "^app/",
        pathNot: [
          "\\.server\\.tsx?$",
          "^app/routes/",
          "^app/root\\.tsx$",
          "^app/entry\\.server\\.tsx$",
          "^app/server-build\\.ts$",
        ],
      },
      to: { path: "\\.server\\.tsx?$", dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"] },
  },
};
