/**
 * The demo's text gateway: a local stand-in for Twilio's Messages API, so the official SDK (pointed here by
 * TWILIO_API_URL, or by the demo's sandbox switch) sends real HTTP requests. It checks the account's basic auth, takes
 * form-encoded To/From/Body like Twilio, keeps one message per I-Twilio-Idempotency-Token (a resend answers the first
 * message's SID), and refuses numbers that are not E.164. It also lists an account's own numbers
 * (IncomingPhoneNumbers, filtered by PhoneNumber like Twilio), which the app asks when texting settings are saved.
 * Each accepted text is passed to onText (the demo keeps it in /dev/mailbox) and, with a folder, written there as
 * JSON (the end-to-end suite's tests/e2e/support/texts.ts reads them). The same module runs in the app for the demo
 * and standalone for the tests (tests/support/sandbox-twilio-main.ts).
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import path from "node:path";
import twilio from "twilio";

export interface SandboxText {
  sid: string;
  account_sid: string;
  to: string;
  from: string;
  body: string;
  status: string;
  date_created: string;
}

export interface TwilioSandboxOptions {
  /** 0 (or none): any free port. */
  port?: number;
  /** Each account SID with its auth token. */
  accounts: Record<string, string>;
  /** Each account SID with the phone numbers (E.164) it owns. */
  numbers?: Record<string, string[]>;
  folder?: string;
  onText?: (text: SandboxText) => void;
}

/** Resolves to the listening server. */
export function startTwilioSandbox({
  port = 0,
  accounts,
  numbers = {},
  folder,
  onText = () => {},
}: TwilioSandboxOptions): Promise<Server> {
  const byToken = new Map<string, SandboxText>();
  let count = 0;
  if (folder) mkdirSync(folder, { recursive: true });
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
      };
      const url = new URL(request.url ?? "/", "http://twilio-sandbox");
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\/(Messages|IncomingPhoneNumbers)\.json$/.exec(url.pathname);
      const expected = match?.[2] === "Messages" ? "POST" : "GET";
      if (!match || request.method !== expected) return answer(404, { code: 20404, message: "Not found", status: 404 });
      const accountSid = decodeURIComponent(match[1]);
      const [user, password] = Buffer.from((request.headers.authorization ?? "").replace(/^Basic /, ""), "base64")
        .toString()
        .split(":");
      if (user !== accountSid || !(accountSid in accounts) || accounts[accountSid] !== password) {
        return answer(401, { code: 20003, message: "Authenticate", status: 401 });
      }
      if (match[2] === "IncomingPhoneNumbers") {
        const wanted = url.searchParams.get("PhoneNumber");
        const owned = (numbers[accountSid] ?? []).filter((number) => wanted === null || number === wanted);
        const uri = `/2010-04-01/Accounts/${accountSid}/IncomingPhoneNumbers.json`;
        return answer(200, {
          incoming_phone_numbers: owned.map((number, index) => ({
            sid: `PN${accountSid.slice(2, 30)}${String(index).padStart(4, "0")}`,
            account_sid: accountSid,
            phone_number: number,
            capabilities: { sms: true, voice: true, mms: false, fax: false },
          })),
          page: 0,
          page_size: 50,
          start: 0,
          end: Math.max(owned.length - 1, 0),
          uri,
          first_page_uri: uri,
          next_page_uri: null,
          previous_page_uri: null,
        });
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString());
      const to = form.get("To") ?? "";
      if (!/^\+\d{8,15}$/.test(to)) {
        return answer(400, { code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, status: 400 });
      }
      const token = request.headers["i-twilio-idempotency-token"];
      const earlier = typeof token === "string" ? byToken.get(token) : undefined;
      if (earlier) return answer(201, earlier);
      const message: SandboxText = {
        sid: `SM${randomBytes(16).toString("hex")}`,
        account_sid: accountSid,
        to,
        from: form.get("From") ?? "",
        body: form.get("Body") ?? "",
        status: "queued",
        date_created: new Date().toUTCString(),
      };
      if (typeof token === "string") byToken.set(token, message);
      if (folder) {
        const name = `${Date.now()}-${String(++count).padStart(5, "0")}`;
        writeFileSync(path.join(folder, `${name}.tmp`), JSON.stringify(message));
        renameSync(path.join(folder, `${name}.tmp`), path.join(folder, `${name}.json`));
      }
      onText(message);
      answer(201, message);
    });
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

/**
 * A phone's reply to the account's number, posted to the app's inbound webhook as Twilio posts it: form-encoded,
 * signed (X-Twilio-Signature) with the account's auth token over the address it was sent to.
 */
export async function postInboundText(input: {
  /** The address the app was given, which the signature covers. */
  webhookUrl: string;
  /** Where to post it, when the app is reached at another address from here (its loopback port). */
  deliverTo?: string;
  accountSid: string;
  authToken: string;
  from: string;
  to: string;
  body: string;
}): Promise<Response> {
  const params = {
    MessageSid: `SM${randomBytes(16).toString("hex")}`,
    AccountSid: input.accountSid,
    From: input.from,
    To: input.to,
    Body: input.body,
    NumMedia: "0",
  };
  const signature = twilio.getExpectedTwilioSignature(input.authToken, input.webhookUrl, params);
  return fetch(input.deliverTo ?? input.webhookUrl, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature },
    body: new URLSearchParams(params),
  });
}
