/**
 * Signs that untrusted content ran or became active on a page, for the tests that put cross-site scripting payloads
 * into what pages show (rich-text.spec.ts, untrusted-content.spec.ts). Each payload that could run tries to set
 * window.__xss, change document.title or open a dialog (tests/fixtures/xss-payloads.ts).
 */
import type { Page } from "@playwright/test";

/**
 * Records every sign of a payload running, on every document the page loads, however late it fires (an image's
 * error handler runs after its request fails): an alert, confirm or prompt, a write to window.__xss (also from a
 * frame, as parent.__xss), a change of document.title.
 */
export async function recordSideEffects(page: Page) {
  const effects: string[] = [];
  page.on("dialog", (dialog) => {
    effects.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.exposeFunction("reportXss", (what: string) => effects.push(what));
  await page.addInitScript(() => {
    const report = (what: string) => (window as unknown as { reportXss(what: string): void }).reportXss(what);
    Object.defineProperty(window, "__xss", {
      configurable: true,
      get: () => undefined,
      set: (value) => report(`window.__xss = ${value}`),
    });
    const title = Object.getOwnPropertyDescriptor(Document.prototype, "title")!;
    Object.defineProperty(document, "title", {
      configurable: true,
      get: () => title.get!.call(document),
      set: (value: string) => {
        report(`document.title = ${value}`);
        title.set!.call(document, value);
      },
    });
  });
  return effects;
}

/** Event-handler attributes anywhere, and script or data addresses in the body (the head's favicon is a data: one). */
export async function activeMarkup(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of Array.from(document.querySelectorAll("*"))) {
      for (const attribute of Array.from(element.attributes)) {
        if (/^on/i.test(attribute.name))
          found.push(`${attribute.name}="${attribute.value.slice(0, 60)}" on <${element.localName}>`);
        const addressed = ["href", "src", "action", "formaction", "data", "srcdoc"].includes(attribute.name);
        if (addressed && document.body.contains(element) && /^\s*(javascript|vbscript|data):/i.test(attribute.value)) {
          found.push(`${attribute.name}="${attribute.value}" on <${element.localName}>`);
        }
      }
    }
    return found;
  });
}
