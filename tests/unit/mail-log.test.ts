// Without SMTP_URL, mail is not sent and the log notes it (issue 32, finding 5): in production never its text, which
// carries sign-in codes and links that sign in or pay (one log held 676 codes); outside production the text too.
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

const signInCode = {
  to: "ada@example.org",
  subject: "Your Gavel sign-in code",
  text: "Your code is 482913. It works for 10 minutes.",
  html: "<p>Your code is <b>482913</b>.</p>",
};

describe("mail without SMTP_URL", () => {
  it("in production, logs that a mail was not sent, its subject and a masked recipient, never its text", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("SMTP_URL", "");
    vi.stubEnv("DEV_MAILBOX", "false");
    vi.resetModules();
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    const { sendMail } = await import("~/mail/mailer.server");
    await sendMail(signInCode);
    const written = log.mock.calls.map((call) => call.map(String).join(" ")).join("\n");
    expect(written).toContain('"Your Gavel sign-in code" to a***@example.org');
    expect(written).not.toContain("482913");
    expect(written).not.toContain("ada@example.org");
  });

  it("outside production, logs the text so links can be followed on a machine with no mail server", async () => {
    const { unsentMailLine } = await import("~/mail/mailer.server");
    expect(unsentMailLine(signInCode, "development")).toContain("Your code is 482913");
    expect(unsentMailLine(signInCode, "production")).not.toContain("482913");
  });
});
