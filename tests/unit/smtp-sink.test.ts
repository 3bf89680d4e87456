// The test suites' mail server (tests/e2e/support/smtp-sink.mjs), which the end-to-end suite and the crash drill
// send to: a sender that goes away in the middle of a message must not end it (the crash drill kills the app while
// it sends; every later message then met a refused connection).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/free-port";

let sink: ChildProcess;
let port: number;
const folder = mkdtempSync(path.join(tmpdir(), "gavel-smtp-sink-test-"));

beforeAll(async () => {
  port = await freePort();
  sink = spawn(process.execPath, ["tests/e2e/support/smtp-sink.mjs"], {
    env: { ...process.env, E2E_SMTP_PORT: String(port), E2E_MAIL_DIR: folder },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve) => sink.stdout!.once("data", resolve));
});

afterAll(() => {
  sink.kill("SIGTERM");
  rmSync(folder, { recursive: true, force: true });
});

/** An SMTP client by hand: sends each command once the server has answered the one before. */
async function session(commands: string[]): Promise<Socket> {
  const socket = connect(port, "127.0.0.1");
  const replies: string[] = [];
  let waiting: (() => void) | undefined;
  socket.on("data", (chunk: Buffer) => {
    replies.push(chunk.toString());
    waiting?.();
  });
  const reply = () => new Promise<void>((resolve) => (waiting = resolve));
  await reply(); // the greeting
  for (const command of commands) {
    socket.write(`${command}\r\n`);
    await reply();
  }
  return socket;
}

describe("the test suites' mail server", () => {
  it("keeps running, and keeps mail, after a sender is cut off in the middle of a message", async () => {
    const cut = await session(["EHLO drill", "MAIL FROM:<app@example.org>", "RCPT TO:<ada@example.org>", "DATA"]);
    cut.write("Subject: half a message\r\n\r\nThe app was killed her");
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = new Promise((resolve) => cut.once("close", resolve));
    cut.resetAndDestroy();
    await closed;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.exitCode).toBeNull();

    const whole = await session([
      "EHLO drill",
      "MAIL FROM:<app@example.org>",
      "RCPT TO:<ada@example.org>",
      "DATA",
      "Subject: the next message\r\n\r\nDelivered.\r\n.",
      "QUIT",
    ]);
    whole.destroy();
    expect(readdirSync(folder).filter((name) => name.endsWith(".json"))).toHaveLength(1);
  });
});
