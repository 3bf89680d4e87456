/**
 * Axe's audit as the suite runs it: the WCAG 2.1 A and AA rules, and of what it finds only the serious and critical
 * violations, each as "rule (impact): help at where".
 *
 * A page without frames (nearly every page) is audited in axe's legacy mode: axe runs in the page itself, instead of
 * auditing each frame apart and merging the parts in a page of its own that it opens for that. On the admin walk that
 * took the audits from 98 s to 31 s for 22 screens, with the same rules on the same nodes. A page with frames (the
 * design lab's pictures, the mailbox's messages) gets the full audit: legacy mode did not look inside a frame
 * (tests/e2e/axe-audit.spec.ts). Only the violations come back, not the passes.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ resultTypes: ["violations"] })
    .setLegacyMode(page.frames().length === 1)
    .analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
}
