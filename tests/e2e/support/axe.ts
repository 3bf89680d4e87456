/**
 * Axe's audit as the suite runs it: the WCAG 2.1 A and AA rules, and of what it finds only the serious and critical
 * violations, each as "rule (impact): help at where".
 *
 * A document is audited by axe run in the document itself, its source sent once. @axe-core/playwright's legacy mode
 * does the same but sends axe's 580 KB twice an audit, with more round trips: about 0.3 s more a screen here
 * (docs/testing.md). A page whose frames each show an address of the app (the design lab's pictures) is audited, then
 * each address once, in a tab of its own: every framed state, including those a lazy frame has not loaded yet, in
 * about half the time axe's own audit of frames took. A page with other frames (the mailbox's messages, written into
 * their frames) gets axe's own audit of frames, @axe-core/playwright's (tests/e2e/axe-audit.spec.ts).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import type * as Axe from "axe-core";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

type Violation = { id: string; impact: Axe.ImpactValue | null | undefined; help: string; targets: string[] };

export async function seriousViolations(page: Page): Promise<string[]> {
  return (await violationsOf(page))
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} at ${violation.targets.join(", ")}`);
}

async function violationsOf(page: Page): Promise<Violation[]> {
  await animationsEnded(page);
  const framed = await framedAddresses(page);
  if (framed === null) return auditWithFrames(page);
  const violations = await auditDocument(page);
  if (framed.length === 0) return violations;
  const tab = await page.context().newPage();
  try {
    for (const address of framed) {
      await tab.goto(address);
      for (const violation of await violationsOf(tab)) {
        violations.push({ ...violation, targets: violation.targets.map((target) => `${address} » ${target}`) });
      }
    }
  } finally {
    await tab.close();
  }
  return violations;
}

/**
 * Waits for the page's animations under way to end: axe measures contrast through opacity, and a dialog's button
 * caught in its 300 ms fade-in failed it (18 audits in 20 on a fast machine). Endless animations (a spinner), those
 * still waiting to start (a toast's leaving, 6 s on) and those that follow a scroll position are not waited for.
 */
function animationsEnded(page: Page): Promise<void> {
  return page.evaluate(async () => {
    const underWay = document.getAnimations().filter((animation) => {
      const timing = animation.effect?.getComputedTiming();
      return (
        animation.playState === "running" &&
        animation.timeline === document.timeline &&
        timing?.progress != null &&
        timing.iterations !== Infinity
      );
    });
    // A cancelled animation's `finished` rejects: it has ended all the same.
    await Promise.all(underWay.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** The addresses the page's frames show, each once; null when a frame shows anything else (its own markup, another site). */
function framedAddresses(page: Page): Promise<string[] | null> {
  return page.evaluate(() => {
    const addresses = new Set<string>();
    for (const frame of document.querySelectorAll<HTMLIFrameElement | HTMLFrameElement>("iframe, frame")) {
      const src = frame.getAttribute("src");
      if (src === null || frame.hasAttribute("srcdoc")) return null;
      const address = new URL(src, location.href);
      if (address.origin !== location.origin) return null;
      addresses.add(address.href);
    }
    return [...addresses];
  });
}

/** Axe run in the page's document, not looking into its frames. */
async function auditDocument(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const { axe } = window as unknown as { axe: typeof Axe };
    const { violations } = await axe.run(document, {
      runOnly: { type: "tag", values: tags },
      resultTypes: ["violations"],
      iframes: false,
    });
    return violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      targets: nodes.map((node) => node.target.join(" ")),
    }));
  }, TAGS);
}

/** Axe's audit of the page and inside its frames, each frame audited apart and the parts merged. */
async function auditWithFrames(page: Page): Promise<Violation[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(TAGS)
    .options({ resultTypes: ["violations"] })
    .analyze();
  return violations.map(({ id, impact, help, nodes }) => ({
    id,
    impact,
    help,
    targets: nodes.map((node) => node.target.join(" ")),
  }));
}
