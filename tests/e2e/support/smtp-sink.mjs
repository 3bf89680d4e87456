// The end-to-end suite's mail server: accepts every message over SMTP on a loopback port and writes it to
// E2E_MAIL_DIR as one JSON file ({ from, to, raw }), which tests read (tests/e2e/support/mail.ts).
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";

const port = Number(process.env.E2E_SMTP_PORT);
const folder = process.env.E2E_MAIL_DIR;
mkdirSync(folder, { recursive: true });
let count = 0;

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => {
      const message = {
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
        to: session.envelope.rcptTo.map((recipient) => recipient.address),
        raw: Buffer.concat(chunks).toString("utf8"),
      };
      const name = `${Date.now()}-${String(++count).padStart(5, "0")}`;
      // Written under a temporary name, then renamed, so a reader never sees half a message.
      writeFileSync(path.join(folder, `${name}.tmp`), JSON.stringify(message));
      renameSync(path.join(folder, `${name}.tmp`), path.join(folder, `${name}.json`));
      callback();
    });
  },
});

// A client that goes away in the middle of a message (the crash drill kills the app while it sends) makes the server
// emit an error, which would end this process unheard: every later message then met a refused connection, and the
// drill took the outbox's retries for the app's fault. The cut message is the sender's to send again.
server.on("error", (error) => console.log(`[smtp] a connection ended with ${error.code ?? error.message}`));
server.listen(port, "127.0.0.1", () => console.log(`[smtp] 127.0.0.1:${port} → ${folder}`));
for (const signal of ["SIGTERM", "SIGINT"]) process.once(signal, () => server.close(() => process.exit(0)));
