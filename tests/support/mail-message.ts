// Reading raw messages (RFC 5322, as an SMTP server receives them) well enough for tests: nodemailer sends
// the bodies quoted-printable, which breaks long lines and escapes "=", so links are read after decoding.

export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Every http(s) link in the message, in order (the text and the HTML part both carry them). */
export function linksIn(raw: string): string[] {
  return [...decodeQuotedPrintable(raw).matchAll(/https?:\/\/[^\s"<>]+/g)].map((match) => match[0]);
}

export function subjectOf(raw: string): string | undefined {
  return /^Subject: (.*)$/im.exec(raw)?.[1]?.trim();
}

/** The PNG images attached to the message (base64 parts), in order: QR codes on tickets. */
export function pngImagesIn(raw: string): Buffer[] {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .filter((part) => /^Content-Type: image\/png/im.test(part) && /^Content-Transfer-Encoding: base64/im.test(part))
    .map((part) =>
      Buffer.from(
        part
          .split(/\r?\n\r?\n/)
          .slice(1)
          .join("")
          .replace(/\s+/g, "")
          .replace(/--.*$/, ""),
        "base64",
      ),
    );
}
