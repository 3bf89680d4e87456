/**
 * A real SMTP server (smtp-server) on a loopback port that keeps every message it receives: the integration tests of
 * mail sent through SMTP_URL point the app at it.
 */
import { SMTPServer } from "smtp-server";
import { freePort } from "./free-port";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpCapture {
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * `signIn`: the server asks for this user name and password (over plain SMTP, as a test relay may), and refuses
 * any other; without it, no sign-in is asked or offered.
 */
export async function startSmtpCapture(signIn?: { user: string; password: string }): Promise<SmtpCapture> {
  const port = await freePort();
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: !signIn,
    allowInsecureAuth: Boolean(signIn),
    disabledCommands: ["STARTTLS"], // plain SMTP on a loopback port, as a local relay would offer
    logger: false,
    onAuth(auth, _session, callback) {
      if (signIn && auth.username === signIn.user && auth.password === signIn.password)
        callback(null, { user: auth.username });
      else callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
