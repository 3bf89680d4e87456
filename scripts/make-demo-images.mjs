#!/usr/bin/env node
/**
 * Generates the demo organisation's illustrations (app/demo/seed.server.ts points at them):
 *   public/demo/items/*.svg     one per auction item and inventory row (+ "-2" detail views)
 *   public/demo/sponsors/*.svg  sponsor logos
 *   public/demo/*.svg           event hero, thumbnail and the charity's logo
 * Deterministic: the same script always writes the same bytes, so the output can be committed.
 * Run with `node scripts/make-demo-images.mjs`.
 */
import { mkdirSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const OUT = fileURLToPath(new URL("../public/demo/", import.meta.url));

// [from, to, accent]: gradient colours and the accent used inside the motif.
const PALETTES = {
  navy: ["#1f3a5f", "#3d6b99", "#f2b84b"],
  teal: ["#14505c", "#2f8f8f", "#ffd479"],
  wine: ["#4a1030", "#8c2f4b", "#f7c6a3"],
  forest: ["#1e3d2f", "#4f7f52", "#f4d35e"],
  sunset: ["#b4493a", "#f0a04b", "#fff1c1"],
  plum: ["#3b2357", "#7a4f9a", "#ffd6a5"],
  slate: ["#2e3440", "#5e6b7d", "#88c0d0"],
  sand: ["#8a6a43", "#d9b77e", "#fff8e7"],
  ocean: ["#0f4c75", "#3282b8", "#bbe1fa"],
  berry: ["#5c1a3b", "#c2457a", "#ffe0ec"],
  olive: ["#4b5320", "#8f9a44", "#fff4c2"],
  coral: ["#a23e48", "#ff8c69", "#fff0e0"],
};

/** Items: file name (without .svg), label printed on the picture, motif, palette, and whether a detail view exists. */
const ITEMS = [
  // Live lots of the upcoming gala
  ["tuscan-villa", "Tuscan Villa Week", "villa", "sunset", true],
  ["chefs-table", "Chef's Table for Twelve", "chef", "slate", true],
  ["sports-weekend", "Boston Sports Weekend", "baseball", "navy", true],
  ["balloon-ride", "Sunrise Balloon Ride", "balloon", "coral", true],
  ["napa-escape", "Napa Valley Escape", "wine", "wine", true],
  ["harbor-at-dusk", "Harbor at Dusk, Oil on Canvas", "frame", "plum", true],
  ["sailing-charter", "Sunset Sailing Charter", "sailboat", "ocean", true],
  ["broadway-weekend", "Broadway Weekend", "theater", "berry", true],
  // Silent auction
  ["cape-cod-getaway", "Cape Cod Getaway", "beach", "ocean", true],
  ["vermont-ski-cabin", "Vermont Ski Cabin", "mountain", "slate", false],
  ["newport-mansions", "Newport Mansions Tour", "house", "sand", true],
  ["private-wine-tasting", "Private Wine Tasting", "wine", "wine", false],
  ["reserve-cabernet", "Reserve Cabernet, 12 Bottles", "bottle", "berry", true],
  ["saltwater-dinner", "Dinner at Saltwater Grill", "dinner", "teal", false],
  ["championship-baseball", "Championship Baseball", "baseball", "forest", true],
  ["signed-hockey-jersey", "Signed Hockey Jersey", "jersey", "navy", false],
  ["club-seats", "Four Club Seats", "ticket", "coral", true],
  ["golf-foursome", "Golf at Ocean Links", "golf", "forest", false],
  ["harbor-stars-quilt", "Harbor Stars Quilt", "quilt", "plum", true],
  ["rockport-watercolor", "Morning Fog, Rockport", "frame", "ocean", false],
  ["pottery-workshop", "Pottery Workshop", "vase", "sand", true],
  ["seaglass-spa-day", "Seaglass Spa Day", "spa", "teal", false],
  ["sea-glass-pendant", "Sea Glass Pendant", "pendant", "ocean", true],
  ["aquarium-family-pass", "Aquarium Family Pass", "fish", "teal", false],
  ["science-lab-party", "Science Lab Party", "flask", "plum", true],
  ["master-builder-set", "Master Builder Set", "blocks", "sunset", false],
  ["summer-camp-week", "A Week of Summer Camp", "tent", "forest", true],
  ["cooking-class", "Couples' Cooking Class", "chef", "coral", false],
  ["coffee-year", "A Year of Coffee", "coffee", "sand", true],
  ["nantucket-basket", "Nantucket Lightship Basket", "basket", "sand", false],
  ["family-photo-session", "Family Portrait Session", "camera", "slate", true],
  ["harbor-kayak-tour", "Harbor Kayak Tour", "kayak", "ocean", false],
  ["leather-weekender", "Leather Weekender Bag", "bag", "sand", true],
  // Virtual auction
  ["virtual-cooking-class", "Virtual Cooking Class", "dinner", "coral", true],
  ["sommelier-tasting", "Online Sommelier Tasting", "bottle", "wine", true],
  ["author-storytime", "Storytime with an Author", "book", "olive", true],
  ["custom-pet-portrait", "Custom Pet Portrait", "paw", "berry", true],
  // Items for sale
  ["wine-pull", "Wine Pull", "bottle", "wine", false],
  ["champagne-wall", "Champagne Wall", "champagne", "plum", false],
  ["harbor-light-tote", "Tote & Mug Set", "coffee", "navy", false],
  ["priority-valet", "Priority Valet", "car", "slate", false],
  // Inventory bundled into the live packages, and procured items not yet placed
  ["inv-box-seats", "Dugout Box Seats", "ticket", "navy", false],
  ["inv-harborfront-hotel", "Harborfront Hotel", "hotel", "ocean", false],
  ["inv-team-baseball", "Team-Signed Baseball", "baseball", "forest", false],
  ["inv-airfare", "Airfare for Two", "plane", "ocean", false],
  ["inv-napa-inn", "Napa Valley Inn", "house", "olive", false],
  ["inv-barrel-tasting", "Barrel Tasting", "wine", "wine", false],
  ["inv-coffee-basket", "Coffee Gift Basket", "basket", "sand", false],
  ["inv-picture-book", "Signed Picture Book", "book", "coral", false],
  ["inv-wellfleet", "Wellfleet Beach House", "beach", "teal", false],
  // Last year's gala
  ["vineyard-weekend", "Martha's Vineyard Weekend", "lighthouse", "ocean", false],
  ["signed-football", "Autographed Football", "football", "forest", false],
  ["tasting-dinner", "Chef's Tasting Dinner", "dinner", "slate", false],
  ["rocking-chair", "Maple Rocking Chair", "chair", "sand", false],
  ["maine-lake-house", "Maine Lake House Week", "cabin", "forest", false],
  ["private-concert", "Private Home Concert", "music", "plum", false],
];

const SPONSORS = [
  ["coastal-trust-bank", "Coastal Trust Bank", "#1f3a5f", "#c9a227", "shield"],
  ["beacon-health", "Beacon Health Partners", "#0f766e", "#5eead4", "cross"],
  ["tidewater-realty", "Tidewater Realty Group", "#1d4ed8", "#93c5fd", "wave"],
  ["harborview-coffee", "Harborview Coffee Roasters", "#6b3e26", "#e0a96d", "bean"],
  ["seaside-print", "Seaside Print Co.", "#be123c", "#fda4af", "square"],
  ["anchor-oak", "Anchor & Oak LLP", "#374151", "#9ca3af", "anchor"],
];

const esc = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const W = "#ffffff";

/** A tiny seeded PRNG (mulberry32), for stars and the like. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const hash = (s) => [...s].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);
const r1 = (n) => Math.round(n * 10) / 10;

const waves = (y, color, opacity = 0.5) =>
  `<path d="M-170 ${y}q21-14 42 0t42 0t42 0t42 0t42 0t42 0t42 0t42 0" fill="none" stroke="${color}" stroke-width="7" stroke-linecap="round" opacity="${opacity}"/>`;

/** Motifs drawn around (0,0), roughly within ±160 × ±130. a = accent colour, d = dark ink. */
const MOTIFS = {
  lighthouse: (a, d) =>
    `<path d="M-150-20L-40-75V-55Z M150-20L40-75V-55Z" fill="${a}" opacity=".35"/>` +
    `<path d="M-34 120L-20-50H20L34 120Z" fill="${W}"/>` +
    `<path d="M-27 40L-24 10H24L27 40Z M-32 100L-29 70H29L32 100Z" fill="#c8553d"/>` +
    `<rect x="-24" y="-85" width="48" height="35" rx="4" fill="${a}"/><path d="M-32-85L0-112L32-85Z" fill="${d}"/>` +
    `<ellipse cx="0" cy="126" rx="90" ry="14" fill="${d}" opacity=".6"/>`,
  beach: (a) =>
    `<circle cx="80" cy="-60" r="48" fill="${a}"/>` +
    `<path d="M-130 10A90 90 0 0 1 50 10Z" fill="${W}"/><path d="M-100 10A60 90 0 0 1-40-80A60 90 0 0 1 20 10Z" fill="#c8553d" opacity=".85"/>` +
    `<line x1="-40" y1="10" x2="-40" y2="110" stroke="${W}" stroke-width="6"/>` +
    `<path d="M-170 110Q0 80 170 110V130H-170Z" fill="${a}" opacity=".7"/>` +
    waves(70, W, 0.6),
  sailboat: (a, d) =>
    `<circle cx="-100" cy="-70" r="34" fill="${a}" opacity=".9"/>` +
    `<line x1="0" y1="-120" x2="0" y2="60" stroke="${W}" stroke-width="6"/>` +
    `<path d="M8-110L100 50H8Z" fill="${W}"/><path d="M-8-90L-90 50H-8Z" fill="${W}" opacity=".8"/>` +
    `<path d="M-120 62H120L90 100H-90Z" fill="${d}"/>` +
    waves(112, W) +
    waves(128, a, 0.5),
  mountain: (a, d) =>
    `<circle cx="95" cy="-75" r="36" fill="${a}"/>` +
    `<path d="M-170 110L-60-70L40 110Z" fill="${W}" opacity=".9"/><path d="M-20 110L80-40L170 110Z" fill="${W}" opacity=".65"/>` +
    `<path d="M-60-70L-88-25L-70-32L-58-18L-44-34L-32-25Z" fill="${d}" opacity=".35"/>` +
    `<path d="M-150 110H150" stroke="${d}" stroke-width="6"/>` +
    `<path d="M110 110l-14-40l-14 40Z M140 110l-12-34l-12 34Z" fill="${d}"/>`,
  house: (a, d) =>
    `<rect x="-110" y="-20" width="220" height="130" fill="${W}"/><path d="M-130-15L0-110L130-15Z" fill="${d}"/>` +
    `<rect x="-20" y="40" width="40" height="70" fill="${a}"/>` +
    `<rect x="-90" y="10" width="45" height="40" fill="${a}" opacity=".7"/><rect x="45" y="10" width="45" height="40" fill="${a}" opacity=".7"/>` +
    `<rect x="55" y="-95" width="22" height="45" fill="${d}"/>`,
  cabin: (a, d) =>
    `<rect x="-100" y="-10" width="200" height="120" fill="${a}"/>` +
    [0, 1, 2, 3, 4, 5]
      .map(
        (i) =>
          `<line x1="-100" y1="${10 + i * 20}" x2="100" y2="${10 + i * 20}" stroke="${d}" stroke-width="3" opacity=".35"/>`,
      )
      .join("") +
    `<path d="M-120-5L0-95L120-5Z" fill="${d}"/><rect x="-18" y="45" width="36" height="65" fill="${d}" opacity=".8"/>` +
    `<path d="M-160 110L-135 20L-110 110Z M130 110L150 35L170 110Z" fill="${W}" opacity=".85"/>`,
  villa: (a, d) =>
    `<circle cx="90" cy="-70" r="40" fill="${a}"/>` +
    `<path d="M-170 120Q-60 20 60 70T170 50V120Z" fill="${d}" opacity=".55"/>` +
    `<rect x="-60" y="10" width="110" height="60" fill="${W}"/><path d="M-70 12L-5-25L60 12Z" fill="#c8553d"/>` +
    `<rect x="-40" y="30" width="16" height="20" fill="${d}" opacity=".6"/><rect x="20" y="30" width="16" height="20" fill="${d}" opacity=".6"/>` +
    `<ellipse cx="-110" cy="30" rx="12" ry="55" fill="${d}"/><ellipse cx="-85" cy="40" rx="10" ry="45" fill="${d}"/><ellipse cx="90" cy="45" rx="11" ry="50" fill="${d}"/>`,
  hotel: (a, d) =>
    `<rect x="-70" y="-110" width="140" height="230" fill="${W}"/>` +
    [0, 1, 2, 3, 4, 5]
      .flatMap((r) =>
        [0, 1, 2].map(
          (c) =>
            `<rect x="${-52 + c * 38}" y="${-95 + r * 34}" width="28" height="22" fill="${(r + c) % 3 ? a : d}" opacity=".8"/>`,
        ),
      )
      .join("") +
    `<rect x="-20" y="90" width="40" height="30" fill="${d}"/>` +
    `<rect x="-150" y="20" width="60" height="100" fill="${W}" opacity=".5"/><rect x="90" y="0" width="60" height="120" fill="${W}" opacity=".5"/>`,
  wine: (a) =>
    `<path d="M-60-110H60Q66-20 0 10Q-66-20-60-110Z" fill="${W}" opacity=".9"/><path d="M-58-60H58Q55-10 0 8Q-55-10-58-60Z" fill="#8c1c3a"/>` +
    `<rect x="-5" y="8" width="10" height="90" fill="${W}"/><ellipse cx="0" cy="104" rx="55" ry="12" fill="${W}"/>` +
    `<circle cx="110" cy="-80" r="6" fill="${a}"/><circle cx="130" cy="-50" r="4" fill="${a}"/><circle cx="-120" cy="-40" r="5" fill="${a}"/>`,
  bottle: (a, d) =>
    `<path d="M-14-130H14V-70Q40-50 40-20V115H-40V-20Q-40-50-14-70Z" fill="${d}"/>` +
    `<rect x="-40" y="10" width="80" height="60" fill="${W}"/><rect x="-30" y="25" width="60" height="6" fill="${a}"/><rect x="-22" y="40" width="44" height="4" fill="${d}" opacity=".5"/>` +
    `<rect x="-15" y="-132" width="30" height="16" fill="${a}"/>` +
    `<path d="M80 115V40Q80 20 100 10V-30H120V10Q140 20 140 40V115Z" fill="${W}" opacity=".5"/>`,
  champagne: (a) =>
    `<path d="M-60-110H-20L-28 10H-52Z" fill="${W}" opacity=".9"/><rect x="-43" y="10" width="6" height="80" fill="${W}"/><ellipse cx="-40" cy="95" rx="30" ry="8" fill="${W}"/>` +
    `<path d="M20-110H60L52 10H28Z" fill="${W}" opacity=".9"/><rect x="37" y="10" width="6" height="80" fill="${W}"/><ellipse cx="40" cy="95" rx="30" ry="8" fill="${W}"/>` +
    `<path d="M-58-70H-22L-28 8H-52Z M22-70H58L52 8H28Z" fill="${a}"/>` +
    [
      [-40, -40, 5],
      [-35, -15, 3],
      [40, -30, 4],
      [45, -55, 3],
      [0, -130, 6],
      [-15, -150, 4],
      [15, -160, 3],
    ]
      .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${W}"/>`)
      .join(""),
  dinner: (a) =>
    `<circle cx="0" cy="0" r="105" fill="${W}"/><circle cx="0" cy="0" r="75" fill="none" stroke="${a}" stroke-width="6"/>` +
    `<circle cx="0" cy="0" r="40" fill="${a}" opacity=".6"/>` +
    `<rect x="-152" y="-60" width="10" height="170" rx="5" fill="${W}"/>` +
    [-162, -147, -132].map((x) => `<rect x="${x}" y="-110" width="6" height="55" rx="3" fill="${W}"/>`).join("") +
    `<path d="M140-110Q165-40 150 10V110H140Z" fill="${W}"/>`,
  chef: (a, d) =>
    `<circle cx="-50" cy="-40" r="50" fill="${W}"/><circle cx="50" cy="-40" r="50" fill="${W}"/><circle cx="0" cy="-70" r="58" fill="${W}"/>` +
    `<rect x="-75" y="-20" width="150" height="90" fill="${W}"/><rect x="-75" y="40" width="150" height="30" fill="${a}"/>` +
    `<line x1="-30" y1="-10" x2="-30" y2="35" stroke="${d}" stroke-width="3" opacity=".25"/><line x1="30" y1="-10" x2="30" y2="35" stroke="${d}" stroke-width="3" opacity=".25"/>` +
    `<rect x="-120" y="95" width="240" height="12" rx="6" fill="${W}" opacity=".6"/>`,
  coffee: (a, d) =>
    `<path d="M-80-40H60V60Q60 105 15 105H-35Q-80 105-80 60Z" fill="${W}"/>` +
    `<path d="M60-20Q110-20 110 20Q110 60 60 60" fill="none" stroke="${W}" stroke-width="14"/>` +
    `<rect x="-80" y="-10" width="140" height="24" fill="${a}"/>` +
    `<path d="M-45-60q-15-20 0-40t0-40 M-10-60q-15-20 0-40t0-40 M25-60q-15-20 0-40t0-40" fill="none" stroke="${W}" stroke-width="6" stroke-linecap="round" opacity=".7"/>` +
    `<ellipse cx="-10" cy="118" rx="120" ry="10" fill="${d}" opacity=".4"/>`,
  baseball: (a) =>
    `<circle cx="0" cy="0" r="110" fill="${W}"/>` +
    `<path d="M-70-85Q-25 0-70 85 M70-85Q25 0 70 85" fill="none" stroke="#c8553d" stroke-width="5" stroke-dasharray="10 8"/>` +
    `<circle cx="0" cy="0" r="110" fill="none" stroke="${a}" stroke-width="6"/>`,
  football: (a, d) =>
    `<g transform="rotate(-25)"><ellipse cx="0" cy="0" rx="140" ry="82" fill="#8b4a2b"/>` +
    `<path d="M-110-30Q-95 0-110 30 M110-30Q95 0 110 30" fill="none" stroke="${W}" stroke-width="8"/>` +
    `<line x1="-50" y1="0" x2="50" y2="0" stroke="${W}" stroke-width="6"/>` +
    [-36, -18, 0, 18, 36]
      .map((x) => `<line x1="${x}" y1="-12" x2="${x}" y2="12" stroke="${W}" stroke-width="5"/>`)
      .join("") +
    `</g><ellipse cx="0" cy="120" rx="110" ry="10" fill="${d}" opacity=".35"/><circle cx="130" cy="-90" r="8" fill="${a}"/>`,
  jersey: (a, d) =>
    `<rect x="-150" y="-125" width="300" height="250" fill="none" stroke="${a}" stroke-width="10"/>` +
    `<path d="M-40-100L-110-70L-130 0L-85 10V110H85V10L130 0L110-70L40-100Q0-70-40-100Z" fill="${W}"/>` +
    `<rect x="-85" y="60" width="170" height="16" fill="${d}"/>` +
    `<text x="0" y="40" text-anchor="middle" font-family="Georgia,serif" font-size="74" font-weight="700" fill="${d}">19</text>`,
  ticket: (a, d) =>
    `<path d="M-150-70H150V-25A25 25 0 0 0 150 25V70H-150V25A25 25 0 0 0-150-25Z" fill="${W}"/>` +
    `<line x1="70" y1="-60" x2="70" y2="60" stroke="${d}" stroke-width="3" stroke-dasharray="8 7" opacity=".5"/>` +
    `<path d="M-40-42L-29-12L3-12L-22 7L-13 38L-40 20L-67 38L-58 7L-83-12L-51-12Z" fill="${a}"/>` +
    `<rect x="90" y="-30" width="40" height="8" fill="${d}" opacity=".5"/><rect x="90" y="-10" width="30" height="8" fill="${d}" opacity=".5"/><rect x="90" y="10" width="36" height="8" fill="${d}" opacity=".5"/>`,
  golf: (a, d) =>
    `<ellipse cx="0" cy="90" rx="160" ry="36" fill="${W}" opacity=".35"/>` +
    `<line x1="-10" y1="-120" x2="-10" y2="90" stroke="${W}" stroke-width="6"/><path d="M-7-120L90-92L-7-64Z" fill="${a}"/>` +
    `<ellipse cx="-10" cy="92" rx="22" ry="6" fill="${d}"/><circle cx="70" cy="80" r="14" fill="${W}"/>`,
  quilt: (a, d) =>
    `<g transform="rotate(-6)">` +
    [0, 1, 2, 3]
      .flatMap((r) =>
        [0, 1, 2, 3, 4].map((c) => {
          const fill = [W, a, d][(r * 2 + c) % 3];
          return `<rect x="${-150 + c * 60}" y="${-120 + r * 60}" width="56" height="56" fill="${fill}" opacity="${fill === d ? 0.6 : 0.9}"/>`;
        }),
      )
      .join("") +
    `</g>`,
  frame: (a, d) =>
    `<rect x="-150" y="-120" width="300" height="240" fill="${a}"/><rect x="-128" y="-98" width="256" height="196" fill="${W}"/>` +
    `<rect x="-116" y="-86" width="232" height="172" fill="#cfe3f0"/><circle cx="50" cy="-30" r="22" fill="#f7b267"/>` +
    `<path d="M-116 50Q-40-10 20 40T116 20V86H-116Z" fill="${d}" opacity=".7"/><path d="M-116 70Q0 40 116 70V86H-116Z" fill="${d}"/>`,
  vase: (a, d) =>
    `<path d="M-40-100H40Q30-70 60-20Q90 40 40 100H-40Q-90 40-60-20Q-30-70-40-100Z" fill="${W}"/>` +
    `<path d="M-70 10Q0 30 70 10" fill="none" stroke="${a}" stroke-width="10"/><path d="M-62 40Q0 60 62 40" fill="none" stroke="${d}" stroke-width="6" opacity=".4"/>` +
    `<ellipse cx="0" cy="115" rx="130" ry="18" fill="${d}" opacity=".5"/>`,
  spa: (a, d) =>
    `<ellipse cx="0" cy="95" rx="110" ry="28" fill="${d}" opacity=".7"/><ellipse cx="0" cy="45" rx="85" ry="24" fill="${W}" opacity=".85"/>` +
    `<ellipse cx="0" cy="2" rx="62" ry="20" fill="${d}" opacity=".5"/><ellipse cx="0" cy="-33" rx="42" ry="15" fill="${W}"/>` +
    `<path d="M20-50Q60-130 140-110Q110-40 20-50Z" fill="${a}"/><path d="M25-52Q70-85 120-105" fill="none" stroke="${d}" stroke-width="3" opacity=".5"/>`,
  pendant: (a) =>
    `<path d="M-120-120Q-60 10 0-20Q60 10 120-120" fill="none" stroke="${W}" stroke-width="4" stroke-dasharray="3 5"/>` +
    `<circle cx="0" cy="-12" r="9" fill="none" stroke="${W}" stroke-width="4"/>` +
    `<path d="M0 0Q55 50 0 120Q-55 50 0 0Z" fill="${a}"/><path d="M0 20Q25 55 8 95" fill="none" stroke="${W}" stroke-width="5" opacity=".6"/>`,
  fish: (a, d) =>
    `<path d="M-110 0Q-30-80 70 0Q-30 80-110 0Z" fill="${a}"/><path d="M60 0L140-50V50Z" fill="${a}"/>` +
    `<circle cx="-70" cy="-10" r="9" fill="${d}"/><path d="M-30-40Q-10 0-30 40" fill="none" stroke="${d}" stroke-width="4" opacity=".35"/>` +
    [
      [-140, -60, 8],
      [-150, -95, 5],
      [-125, -120, 4],
    ]
      .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="${W}" stroke-width="3"/>`)
      .join("") +
    `<path d="M-170 110q20-25 40 0t40 0M60 110q20-30 40 0" fill="none" stroke="${W}" stroke-width="6" opacity=".5"/>`,
  flask: (a) =>
    `<path d="M-25-120H25V-40L95 95Q100 110 85 110H-85Q-100 110-95 95L-25-40Z" fill="${W}" opacity=".9"/>` +
    `<path d="M-57 30H57L88 92Q92 100 82 100H-82Q-92 100-88 92Z" fill="${a}"/>` +
    `<rect x="-32" y="-132" width="64" height="14" rx="4" fill="${W}"/>` +
    [
      [-20, 60, 8],
      [15, 75, 6],
      [30, 45, 5],
      [0, -20, 6],
      [10, -60, 4],
    ]
      .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${W}" opacity=".8"/>`)
      .join(""),
  blocks: (a, d) =>
    [
      [-130, 30, 120, 70, a],
      [0, 30, 120, 70, W],
      [-70, -40, 120, 70, d],
      [60, -110, 70, 70, a],
    ]
      .map(
        ([x, y, w, h, c]) =>
          `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="${c}"/>` +
          Array.from(
            { length: Math.round(w / 40) },
            (_, i) => `<rect x="${x + 12 + i * 38}" y="${y - 12}" width="24" height="14" rx="3" fill="${c}"/>`,
          ).join(""),
      )
      .join(""),
  tent: (a, d) =>
    [
      [-130, -100],
      [-60, -120],
      [120, -110],
      [90, -70],
      [-150, -40],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="3" fill="${W}"/>`)
      .join("") +
    `<path d="M-120 100L-10-90L100 100Z" fill="${a}"/><path d="M-10-90L-50 100H30Z" fill="${d}" opacity=".6"/>` +
    `<path d="M110 100l15-30l15 30Z" fill="#f7b267"/><path d="M100 104h50" stroke="${W}" stroke-width="6"/>` +
    `<path d="M-160 104H160" stroke="${W}" stroke-width="4" opacity=".6"/>`,
  basket: (a, d) =>
    `<path d="M-90-10Q0-160 90-10" fill="none" stroke="${W}" stroke-width="12"/>` +
    `<path d="M-120-10H120L95 110H-95Z" fill="${W}"/>` +
    [15, 45, 75]
      .map((y) => `<line x1="-115" y1="${y}" x2="115" y2="${y}" stroke="${a}" stroke-width="5" opacity=".8"/>`)
      .join("") +
    [-80, -40, 0, 40, 80]
      .map((x) => `<line x1="${x}" y1="-10" x2="${x * 0.8}" y2="110" stroke="${d}" stroke-width="3" opacity=".35"/>`)
      .join("") +
    `<rect x="-125" y="-20" width="250" height="16" rx="6" fill="${a}"/>`,
  camera: (a, d) =>
    `<rect x="-140" y="-70" width="280" height="180" rx="18" fill="${W}"/><rect x="-60" y="-100" width="90" height="40" rx="8" fill="${W}"/>` +
    `<circle cx="0" cy="20" r="65" fill="${d}"/><circle cx="0" cy="20" r="45" fill="${a}"/><circle cx="-14" cy="6" r="12" fill="${W}" opacity=".7"/>` +
    `<rect x="90" y="-50" width="30" height="16" rx="4" fill="${a}"/>`,
  kayak: (a, d) =>
    `<circle cx="100" cy="-80" r="30" fill="${a}" opacity=".9"/>` +
    `<path d="M-160 40Q0 80 160 40Q0 0-160 40Z" fill="${a}"/><ellipse cx="0" cy="36" rx="30" ry="9" fill="${d}"/>` +
    `<line x1="-90" y1="-40" x2="90" y2="110" stroke="${W}" stroke-width="7"/><ellipse cx="-95" cy="-45" rx="12" ry="22" transform="rotate(-40 -95 -45)" fill="${W}"/>` +
    waves(100, W, 0.6),
  bag: (a, d) =>
    `<path d="M-60-40V-70Q-60-100-30-100H30Q60-100 60-70V-40" fill="none" stroke="${d}" stroke-width="12"/>` +
    `<rect x="-150" y="-45" width="300" height="150" rx="40" fill="#8b5a2b"/>` +
    `<rect x="-150" y="10" width="300" height="10" fill="${d}" opacity=".4"/><rect x="-20" y="-10" width="40" height="30" rx="4" fill="${a}"/>` +
    `<path d="M-130-30Q0-10 130-30" fill="none" stroke="${a}" stroke-width="3" stroke-dasharray="8 6"/>`,
  balloon: (a, d) =>
    `<path d="M0-130C90-130 110-30 60 30L25 70H-25L-60 30C-110-30-90-130 0-130Z" fill="${a}"/>` +
    `<path d="M0-130C40-130 45-30 25 70H-25C-45-30-40-130 0-130Z" fill="${W}" opacity=".85"/>` +
    `<path d="M-25 70L-18 95M25 70L18 95" stroke="${d}" stroke-width="3"/><rect x="-22" y="95" width="44" height="30" rx="4" fill="${d}"/>` +
    `<path d="M-170-20q20-12 40 0t40 0M110 20q20-12 40 0" fill="none" stroke="${W}" stroke-width="5" opacity=".6"/>`,
  theater: (a, d) =>
    `<rect x="-160" y="-125" width="320" height="20" fill="${d}"/>` +
    `<path d="M-160-105H-70Q-90 0-60 125H-160Z M160-105H70Q90 0 60 125H160Z" fill="#9b1d3a"/>` +
    `<path d="M-160-105H160Q120-70 0-80Q-120-70-160-105Z" fill="#b8324f"/>` +
    `<path d="M0-40L11-10L43-10L18 9L27 40L0 22L-27 40L-18 9L-43-10L-11-10Z" fill="${a}"/>` +
    `<rect x="-70" y="100" width="140" height="25" fill="${W}" opacity=".5"/>`,
  plane: (a) =>
    `<path d="M-140 10L120-10Q160-10 160 0Q160 10 120 10L-140 -10Z" fill="${W}"/>` +
    `<path d="M10 0L-50-90H-20L60 0Z M10 0L-50 90H-20L60 0Z M-120 0L-150-45H-130L-95 0Z M-120 0L-150 45H-130L-95 0Z" fill="${W}"/>` +
    `<ellipse cx="-70" cy="90" rx="60" ry="20" fill="${W}" opacity=".4"/><ellipse cx="90" cy="-85" rx="55" ry="18" fill="${W}" opacity=".4"/>` +
    `<circle cx="120" cy="60" r="6" fill="${a}"/>`,
  book: (a, d) =>
    `<path d="M0-70Q-70-100-150-80V90Q-70 70 0 100Z" fill="${W}"/><path d="M0-70Q70-100 150-80V90Q70 70 0 100Z" fill="${W}" opacity=".85"/>` +
    [-50, -25, 0, 25]
      .map(
        (y) =>
          `<path d="M-130 ${y}Q-70 ${y - 15} -20 ${y + 5}" fill="none" stroke="${d}" stroke-width="4" opacity=".35"/>`,
      )
      .join("") +
    `<circle cx="75" cy="0" r="35" fill="${a}"/><line x1="0" y1="-70" x2="0" y2="100" stroke="${d}" stroke-width="3" opacity=".4"/>`,
  paw: (a) =>
    `<ellipse cx="0" cy="40" rx="70" ry="58" fill="${W}"/>` +
    [
      [-85, -30],
      [-35, -85],
      [35, -85],
      [85, -30],
    ]
      .map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="28" ry="36" fill="${W}"/>`)
      .join("") +
    `<path d="M120 80q10-20 20 0q10 20-10 28q-20-8-10-28Z" fill="${a}"/>`,
  car: (a, d) =>
    `<path d="M-150 50V10Q-150-10-120-15L-80-20L-40-70H60L110-20L140-10Q160 0 160 20V50Z" fill="${W}"/>` +
    `<path d="M-30-58H5V-20H-65Z M20-58H52L90-20H20Z" fill="${a}" opacity=".8"/>` +
    `<circle cx="-85" cy="55" r="32" fill="${d}"/><circle cx="-85" cy="55" r="13" fill="${W}"/><circle cx="95" cy="55" r="32" fill="${d}"/><circle cx="95" cy="55" r="13" fill="${W}"/>` +
    `<path d="M-170 100H170" stroke="${W}" stroke-width="4" stroke-dasharray="30 20" opacity=".6"/>`,
  chair: (a, d) =>
    `<rect x="-50" y="-120" width="100" height="14" rx="6" fill="${W}"/>` +
    [-40, -15, 10, 35].map((x) => `<rect x="${x}" y="-108" width="8" height="110" fill="${W}"/>`).join("") +
    `<rect x="-60" y="0" width="130" height="16" rx="6" fill="${W}"/>` +
    `<path d="M-55 16V80M65 16V80M-55 -110V16" stroke="${W}" stroke-width="10"/>` +
    `<path d="M-120 70Q0 120 130 70" fill="none" stroke="${a}" stroke-width="12"/>` +
    `<ellipse cx="0" cy="120" rx="130" ry="8" fill="${d}" opacity=".4"/>`,
  music: (a) =>
    `<path d="M-60 60V-90L90-120V30" fill="none" stroke="${W}" stroke-width="12"/><path d="M-60-90L90-120V-85L-60-55Z" fill="${W}"/>` +
    `<ellipse cx="-85" cy="62" rx="30" ry="22" fill="${W}"/><ellipse cx="65" cy="32" rx="30" ry="22" fill="${W}"/>` +
    `<circle cx="-130" cy="-70" r="8" fill="${a}"/><circle cx="130" cy="90" r="10" fill="${a}"/>`,
};

function itemSvg(label, motif, paletteName, detail) {
  const [from, to, accent] = PALETTES[paletteName];
  const draw = MOTIFS[motif];
  if (!draw) throw new Error(`Unknown motif ${motif}`);
  const seed = hash(label + (detail ? "-2" : ""));
  const rand = prng(seed);
  const dots = Array.from(
    { length: 6 },
    () =>
      `<circle cx="${Math.round(rand() * 800)}" cy="${Math.round(rand() * 460)}" r="${Math.round(20 + rand() * 70)}" fill="#ffffff" opacity="${r1(0.04 + rand() * 0.06)}"/>`,
  ).join("");
  const caption = detail ? "Detail" : "Harbor Lights Gala";
  const size = Math.min(44, Math.floor(1290 / label.length));
  const group = detail
    ? `<g transform="translate(470 250) scale(1.45) rotate(-8)">${draw(accent, from)}</g>`
    : `<g transform="translate(400 232) scale(1.2)">${draw(accent, from)}</g>`;
  const [g1, g2] = detail ? [to, from] : [from, to];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 600" width="800" height="600">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${g1}"/><stop offset="1" stop-color="${g2}"/></linearGradient>` +
    `<clipPath id="c"><rect width="800" height="600"/></clipPath></defs>` +
    `<g clip-path="url(#c)"><rect width="800" height="600" fill="url(#g)"/>${dots}${group}</g>` +
    `<rect y="470" width="800" height="130" fill="#000000" opacity=".28"/>` +
    `<text x="40" y="535" font-family="Helvetica,Arial,sans-serif" font-size="${size}" font-weight="700" fill="#ffffff">${esc(label)}</text>` +
    `<text x="40" y="575" font-family="Helvetica,Arial,sans-serif" font-size="20" letter-spacing="3" fill="#ffffff" opacity=".8">${esc(caption.toUpperCase())}</text>` +
    `</svg>\n`
  );
}

function sponsorSvg(name, color, accent, mark) {
  const marks = {
    shield: `<path d="M0-40L34-28V4Q34 30 0 44Q-34 30-34 4V-28Z" fill="${color}"/><path d="M0-24L18-16V4Q18 18 0 28Z" fill="${accent}"/>`,
    cross: `<circle r="42" fill="${color}"/><path d="M-8-26H8V-8H26V8H8V26H-8V8H-26V-8H-8Z" fill="${accent}"/>`,
    wave: `<circle r="42" fill="${color}"/><path d="M-32 6q8-12 16 0t16 0t16 0t16 0M-32 22q8-12 16 0t16 0t16 0t16 0" fill="none" stroke="${accent}" stroke-width="5"/>`,
    bean: `<ellipse rx="30" ry="42" transform="rotate(30)" fill="${color}"/><path d="M-14-34Q10 0-12 34" transform="rotate(30)" fill="none" stroke="${accent}" stroke-width="5"/>`,
    square: `<rect x="-38" y="-38" width="76" height="76" rx="10" fill="${color}"/><rect x="-18" y="-18" width="36" height="36" fill="${accent}"/>`,
    anchor: `<circle cy="-30" r="9" fill="none" stroke="${color}" stroke-width="6"/><path d="M0-21V38M-22-8H22M-34 14Q-30 40 0 40Q30 40 34 14" fill="none" stroke="${color}" stroke-width="7"/>`,
  };
  const words = name.split(" ");
  const lines =
    name.length > 18
      ? [words.slice(0, Math.ceil(words.length / 2)).join(" "), words.slice(Math.ceil(words.length / 2)).join(" ")]
      : [name];
  const text = lines
    .map(
      (line, i) =>
        `<text x="120" y="${lines.length === 1 ? 112 : 92 + i * 40}" font-family="Helvetica,Arial,sans-serif" font-size="30" font-weight="700" fill="${color}">${esc(line)}</text>`,
    )
    .join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 200" width="400" height="200">` +
    `<rect width="400" height="200" rx="16" fill="#ffffff"/><g transform="translate(64 100)">${marks[mark]}</g>${text}</svg>\n`
  );
}

function lighthouseMark(x, y, scale, beam) {
  return (
    `<g transform="translate(${x} ${y}) scale(${scale})">` +
    (beam ? `<path d="M-20-80L-400-160V-10Z M20-80L400-160V-10Z" fill="#ffe9a8" opacity=".18"/>` : "") +
    `<path d="M-34 120L-20-50H20L34 120Z" fill="#ffffff"/><path d="M-27 40L-24 10H24L27 40Z M-32 100L-29 70H29L32 100Z" fill="#c8553d"/>` +
    `<rect x="-24" y="-85" width="48" height="35" rx="4" fill="#f2b84b"/><path d="M-32-85L0-112L32-85Z" fill="#0e1f36"/></g>`
  );
}

/** A harbour at dusk; with a title and subtitle written on it (thumbnails), or none (the hero, which the page titles). */
function heroSvg(width, height, title, subtitle) {
  const rand = prng(2024);
  const stars = Array.from(
    { length: 40 },
    () =>
      `<circle cx="${Math.round(rand() * width)}" cy="${Math.round(rand() * height * 0.5)}" r="${r1(0.8 + rand() * 1.8)}" fill="#ffffff" opacity="${r1(0.4 + rand() * 0.6)}"/>`,
  ).join("");
  const waterY = Math.round(height * 0.72);
  const ripples = Array.from({ length: 6 }, (_, i) => {
    const y = waterY + 18 + i * Math.round((height - waterY) / 7);
    return `<path d="M0 ${y}${Array.from({ length: Math.ceil(width / 80) }, () => "q20-8 40 0t40 0").join("")}" fill="none" stroke="#f2b84b" stroke-width="2" opacity="${r1(0.25 - i * 0.03)}"/>`;
  }).join("");
  const lhScale = r1(height / 700);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">` +
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0e1f36"/><stop offset=".7" stop-color="#2c4f7c"/><stop offset="1" stop-color="#f0a04b"/></linearGradient>` +
    `<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1f3a5f"/><stop offset="1" stop-color="#0e1f36"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>${stars}` +
    `<circle cx="${Math.round(width * 0.18)}" cy="${Math.round(height * 0.2)}" r="${Math.round(height * 0.06)}" fill="#fff8e7" opacity=".9"/>` +
    lighthouseMark(Math.round(width * 0.8), Math.round(waterY - 120 * lhScale), lhScale, true) +
    `<path d="M${Math.round(width * 0.68)} ${waterY}Q${Math.round(width * 0.8)} ${waterY - 40 * lhScale} ${Math.round(width * 0.95)} ${waterY}Z" fill="#0b1a2d"/>` +
    `<rect y="${waterY}" width="${width}" height="${height - waterY}" fill="url(#sea)"/>${ripples}` +
    (title
      ? `<text x="${Math.round(width * 0.06)}" y="${Math.round(height * 0.5)}" font-family="Georgia,serif" font-size="${Math.round(height * 0.12)}" font-weight="700" fill="#ffffff">${esc(title)}</text>` +
        `<text x="${Math.round(width * 0.06)}" y="${Math.round(height * 0.5 + height * 0.09)}" font-family="Helvetica,Arial,sans-serif" font-size="${Math.round(height * 0.045)}" letter-spacing="4" fill="#f2b84b">${esc(subtitle.toUpperCase())}</text>`
      : "") +
    `</svg>\n`
  );
}

/** The charity's logo: navy lettering for light backgrounds, or white for the event's dark header. */
function logoSvg({ onDark = false } = {}) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 160" width="480" height="160">` +
    `<circle cx="80" cy="80" r="70" fill="#1f3a5f"/>` +
    lighthouseMark(80, 70, 0.45, false) +
    `<path d="M30 118q12-8 25 0t25 0t25 0t25 0" fill="none" stroke="#f2b84b" stroke-width="4"/>` +
    `<text x="170" y="78" font-family="Georgia,serif" font-size="40" font-weight="700" fill="${onDark ? "#ffffff" : "#1f3a5f"}">Harbor Light</text>` +
    `<text x="172" y="112" font-family="Helvetica,Arial,sans-serif" font-size="20" letter-spacing="3" fill="${onDark ? "#f2b84b" : "#2f7f8f"}">CHILDREN'S FUND</text>` +
    `</svg>\n`
  );
}

function write(relative, content) {
  const file = path.join(OUT, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

for (const [key, label, motif, palette, detail] of ITEMS) {
  write(`items/${key}.svg`, itemSvg(label, motif, palette, false));
  if (detail) write(`items/${key}-2.svg`, itemSvg(label, motif, palette, true));
}
for (const [key, name, color, accent, mark] of SPONSORS)
  write(`sponsors/${key}.svg`, sponsorSvg(name, color, accent, mark));
write("gala-hero.svg", heroSvg(1600, 700, null, null));
write("gala-thumbnail.svg", heroSvg(800, 450, "Harbor Lights Gala", "Harbor Light Children's Fund"));
write("logo.svg", logoSvg());
write("logo-on-dark.svg", logoSvg({ onDark: true }));

let count = 0;
let bytes = 0;
let largest = 0;
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    const stat = statSync(file);
    if (stat.isDirectory()) walk(file);
    else {
      count += 1;
      bytes += stat.size;
      largest = Math.max(largest, stat.size);
    }
  }
};
walk(OUT);
console.log(
  `public/demo: ${count} files, ${(bytes / 1024).toFixed(1)} KB in all, largest ${(largest / 1024).toFixed(1)} KB.`,
);
