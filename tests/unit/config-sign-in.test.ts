import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "~/config.server";

const folders: string[] = [];
function dataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "gavel-config-"));
  folders.push(dir);
  return dir;
}
afterEach(() => folders.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe("sign-in and mail configuration", () => {
  it("has Google's endpoints, no Google client, no SMTP and no trusted proxy by default", () => {
    const config = readConfig({ DATA_DIR: dataDir() });
    expect(config).toMatchObject({
      GOOGLE_AUTHORIZATION_URL: "https://accounts.google.com/o/oauth2/v2/auth",
      GOOGLE_TOKEN_URL: "https://oauth2.googleapis.com/token",
      GOOGLE_USERINFO_URL: "https://www.googleapis.com/oauth2/v3/userinfo",
      TRUSTED_PROXIES: 0,
      DATABASE_POOL_SIZE: 10,
      MAIL_FROM: "Gavel <no-reply@localhost>",
    });
    expect(config.GOOGLE_CLIENT_ID).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it("takes a Google client, other endpoints, SMTP, a sender and proxies", () => {
    const config = readConfig({
      DATA_DIR: dataDir(),
      APP_HOST: "gavel.example.org:8443",
      GOOGLE_CLIENT_ID: "client",
      GOOGLE_CLIENT_SECRET: "secret",
      GOOGLE_AUTHORIZATION_URL: "http://127.0.0.1:4400/auth",
      SMTP_URL: "smtps://user:pw@smtp.example.org:465",
      MAIL_FROM: "Harbor Light <gala@harborlight.org>",
      TRUSTED_PROXIES: "1",
      DATABASE_POOL_SIZE: "4",
    });
    expect(config).toMatchObject({
      GOOGLE_CLIENT_ID: "client",
      GOOGLE_AUTHORIZATION_URL: "http://127.0.0.1:4400/auth",
      SMTP_URL: "smtps://user:pw@smtp.example.org:465",
      MAIL_FROM: "Harbor Light <gala@harborlight.org>",
      TRUSTED_PROXIES: 1,
      DATABASE_POOL_SIZE: 4,
    });
  });

  it("sends from an address at APP_HOST without MAIL_FROM", () => {
    expect(readConfig({ DATA_DIR: dataDir(), APP_HOST: "gavel.example.org:8443" }).MAIL_FROM).toBe(
      "Gavel <no-reply@gavel.example.org>",
    );
  });

  it.each([
    [{ GOOGLE_TOKEN_URL: "ftp://example.org/token" }, "GOOGLE_TOKEN_URL"],
    [{ SMTP_URL: "http://smtp.example.org" }, "SMTP_URL"],
    [{ MAIL_FROM: "Gavel" }, "MAIL_FROM"],
    [{ TRUSTED_PROXIES: "-1" }, "TRUSTED_PROXIES"],
    [{ DATABASE_POOL_SIZE: "0" }, "DATABASE_POOL_SIZE"],
  ])("stops with a message naming the variable for %o", (env, variable) => {
    expect(() => readConfig({ DATA_DIR: dataDir(), ...env })).toThrow(new RegExp(`^Configuration error: ${variable} `));
  });

  it("wants the Google client id and secret together", () => {
    expect(() => readConfig({ DATA_DIR: dataDir(), GOOGLE_CLIENT_ID: "client" })).toThrow(ConfigError);
    expect(() => readConfig({ DATA_DIR: dataDir(), GOOGLE_CLIENT_SECRET: "secret" })).toThrow(
      /GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/,
    );
  });
});
