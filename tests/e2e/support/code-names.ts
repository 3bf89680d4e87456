// Issue 34, item 4: organisers read words, not code. What a page shows a person, and the code names in it: a
// snake_case identifier (a setting's key, a template's id such as notify_registration), an environment variable
// (SECRETS_KEY, SMTP_URL), a time zone's code name (America/New_York).
import type { Page } from "@playwright/test";

/** A word joined by underscores. */
const CODE_NAME = /\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b/g;

/**
 * Text in which a code name is what the organiser needs, each with its reason:
 * - {{first_name}}: the placeholders organisers type into their own messages (the template language);
 * - web addresses (a link shown as text, a page's address in a message preview): they are copied, not read.
 */
const ALLOWED = [/\{\{\s*[a-z_]+\s*\}\}/g, /\bhttps?:\/\/\S+/g, /(?:^|\s)\/[\w/.-]*(?:\?\S*)?/g];

/** The code names the page shows a person, with every collapsed section opened (a template's editor, say). */
export async function codeNamesShown(page: Page) {
  const text = await page.evaluate(() => {
    for (const details of document.querySelectorAll("details")) details.open = true;
    return document.body.innerText;
  });
  const words = ALLOWED.reduce((rest, allowed) => rest.replace(allowed, " "), text);
  return [...new Set(words.match(CODE_NAME) ?? [])];
}
