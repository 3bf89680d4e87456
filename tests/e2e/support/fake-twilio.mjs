// A local stand-in for Twilio's Messages API, so the official SDK (pointed here by TWILIO_API_URL) sends real HTTP
// requests in tests. It checks the account's basic auth, takes form-encoded To/From/Body like Twilio, keeps one message
// per I-Twilio-Idempotency-Token (a resend answers the first message's SID), and refuses numbers that are not E.164.
// It also lists an account's own numbers (IncomingPhoneNumbers, filtered by PhoneNumber like Twilio), which the app
// asks when texting settings are saved to confirm that the number belongs to the account.
// Each accepted text is written to E2E_SMS_DIR as JSON (tests/e2e/support/texts.ts reads them) and passed to onText.
import { randomBytes } from "node:crypto";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * Resolves to the listening server.
 * @param {{ port: number, accounts: Record<string, string>, numbers?: Record<string, string[]>, folder?: string,
 *   onText?: (text: { to: string, from: string, body: string, sid: string }) => void }} options
 *   accounts: each account SID with its auth token; numbers: each account SID with the phone numbers (E.164) it owns.
 */
export function startFakeTwilio({ port, accounts, numbers = {}, folder, onText = () => {} }) {
  const byToken = new Map();
  let count = 0;
  if (folder) mkdirSync(folder, { recursive: true });
  const server = createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      const answer = (status, body) => {
        response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
      };
      const url = new URL(request.url ?? "/", "http://fake-twilio");
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
      const message = {
        sid: `SM${randomBytes(16).toString("hex")}`,
        account_sid: accountSid,
        to,
        from: form.get("From"),
        body: form.get("Body"),
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

// Run by Playwright's webServer: the account is the e2e suite's, the texts go to E2E_SMS_DIR.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const server = await startFakeTwilio({
    port: Number(process.env.E2E_TWILIO_PORT),
    accounts: { [process.env.E2E_TWILIO_SID]: process.env.E2E_TWILIO_TOKEN },
    numbers: { [process.env.E2E_TWILIO_SID]: [process.env.E2E_TWILIO_NUMBER] },
    folder: process.env.E2E_SMS_DIR,
  });
  console.log(`[twilio] 127.0.0.1:${process.env.E2E_TWILIO_PORT} → ${process.env.E2E_SMS_DIR}`);
  for (const signal of ["SIGTERM", "SIGINT"]) process.once(signal, () => server.close(() => process.exit(0)));
}
