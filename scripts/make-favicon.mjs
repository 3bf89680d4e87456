/**
 * public/favicon.ico: the app's mark (app/root.tsx's inline SVG icon) as a 32 × 32 PNG inside an ICO file, for
 * the clients that ask for /favicon.ico whatever the page says (bookmarks, feed readers, some browsers). Renders
 * the SVG in Chromium (CHROMIUM_PATH or /usr/bin/chromium). Run it again when the mark changes.
 */
import { writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";

const MARK =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#c9470a"/>' +
  '<g fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round"><path d="m18 17-9 9"/>' +
  '<path d="m14 11 7 7M21 7l5 5M11 14l7-7M18 21l7-7"/></g></svg>';

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
const page = await browser.newPage({ viewport: { width: 32, height: 32 } });
await page.setContent(
  `<html><body style="margin:0;background:transparent">${MARK.replace("<svg ", '<svg width="32" height="32" ')}</body></html>`,
);
const png = await page.screenshot({ omitBackground: true });
await browser.close();

// ICO: a 6-byte header and one 16-byte directory entry pointing at the PNG that follows.
const header = Buffer.alloc(6);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // type: icon
header.writeUInt16LE(1, 4); // one image
const entry = Buffer.alloc(16);
entry.writeUInt8(32, 0); // width
entry.writeUInt8(32, 1); // height
entry.writeUInt8(0, 2); // no palette
entry.writeUInt8(0, 3);
entry.writeUInt16LE(1, 4); // colour planes
entry.writeUInt16LE(32, 6); // bits per pixel
entry.writeUInt32LE(png.length, 8);
entry.writeUInt32LE(6 + 16, 12); // offset of the PNG
writeFileSync("public/favicon.ico", Buffer.concat([header, entry, png]));
console.log(`public/favicon.ico: ${6 + 16 + png.length} bytes`);
