/**
 * One simple layout for every email: a few paragraphs and at most one button, as plain text and as HTML with
 * inline styles (mail clients ignore style sheets). Every value is escaped, since names come from users.
 */
import { escapeHtml } from "./escape-html";

export interface EmailContent {
  subject: string;
  /** Paragraphs before the button. */
  intro: string[];
  action?: { label: string; url: string };
  /** Paragraphs after the button, such as how long the link works. */
  outro?: string[];
  /** Boxes after the intro, one per thing the reader keeps (a guest's ticket): a heading, lines, an inline image. */
  cards?: { heading: string; lines: string[]; image?: { cid: string; alt: string } }[];
}

export function renderEmail({ subject, intro, action, outro = [], cards = [] }: EmailContent) {
  const cardText = cards.map((card) => [card.heading, ...card.lines].join("\n"));
  const text = [...intro, ...cardText, ...(action ? [`${action.label}: ${action.url}`] : []), ...outro, "— Gavel"].join(
    "\n\n",
  );
  const paragraph = (content: string) => `<p style="margin:0 0 16px">${escapeHtml(content)}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:#2563eb;color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#475569">Or open this address: <a href="${escapeHtml(action.url)}" style="color:#1d4ed8;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : "";
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;font-size:16px;line-height:1.5;color:#0f172a">` +
    `<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border:1px solid #e2e8f0;border-radius:10px">` +
    intro.map(paragraph).join("") +
    cards.map(renderCard).join("") +
    button +
    outro.map(paragraph).join("") +
    `<p style="margin:24px 0 0;color:#475569">— Gavel</p></div></body></html>`;
  return { subject, text, html };
}

function renderCard(card: NonNullable<EmailContent["cards"]>[number]): string {
  const image = card.image
    ? `<img src="cid:${escapeHtml(card.image.cid)}" alt="${escapeHtml(card.image.alt)}" width="160" height="160" style="display:block;margin:8px 0 0">`
    : "";
  return (
    `<div style="margin:0 0 16px;padding:16px;border:1px solid #e2e8f0;border-radius:8px">` +
    `<p style="margin:0 0 4px;font-weight:600">${escapeHtml(card.heading)}</p>` +
    card.lines
      .map((line) => `<p style="margin:0;color:#334155;word-break:break-all">${escapeHtml(line)}</p>`)
      .join("") +
    image +
    `</div>`
  );
}
