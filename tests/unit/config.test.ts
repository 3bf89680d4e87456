import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, readConfig, secretFor } from "~/config.server";

const folders: string[] = [];
function dataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "gavel-config-"));
  folders.push(dir);
  return dir;
}
afterEach(() => folders.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe("configuration", () => {
  it("runs on the embedded database with generated secrets when nothing is set", () => {
    const dir = dataDir();
    const config = readConfig({ DATA_DIR: dir });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dataDir).toBe(dir);
    expect(config.PORT).toBe(3000);
    expect(config.APP_HOST).toBe("localhost");
    // Fails closed: no demo with its published password, production mode, no mailbox showing sign-in codes.
    expect(config.SEED_DEMO).toBe(false);
    expect(config.NODE_ENV).toBe("production");
    expect(config.DEV_MAILBOX).toBe(false);
    expect(config.SESSION_SECRET).toMatch(/^[0-9a-f]{64}$/);
  });

  it("keeps the generated session secret in the data folder, readable only by its owner", () => {
    const dir = dataDir();
    const first = readConfig({ DATA_DIR: dir }).SESSION_SECRET;
    expect(readConfig({ DATA_DIR: dir }).SESSION_SECRET).toBe(first);
    expect(readFileSync(path.join(dir, "session-secret"), "utf8").trim()).toBe(first);
    expect(statSync(path.join(dir, "session-secret")).mode & 0o077).toBe(0);
  });

  // Issue 35: `npm start` could not take cards or texts, which need SECRETS_KEY.
  it("generates the secrets key once into the data folder on the embedded database only", () => {
    const dir = dataDir();
    const first = readConfig({ DATA_DIR: dir }).SECRETS_KEY;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(readConfig({ DATA_DIR: dir }).SECRETS_KEY).toBe(first);
    expect(readFileSync(path.join(dir, "secrets-key"), "utf8").trim()).toBe(first);
    expect(statSync(path.join(dir, "secrets-key")).mode & 0o077).toBe(0);
    expect(readFileSync(path.join(dir, "session-secret"), "utf8").trim()).not.toBe(first);
    expect(readConfig({ DATA_DIR: dir, SECRETS_KEY: "ab".repeat(32) }).SECRETS_KEY).toBe("ab".repeat(32));
    const deployed = dataDir();
    expect(readConfig({ DATA_DIR: deployed, DATABASE_URL: "postgres://db/gavel" }).SECRETS_KEY).toBeUndefined();
    expect(existsSync(path.join(deployed, "secrets-key"))).toBe(false);
  });

  it("refuses to start on a kept secrets key that is not one", () => {
    for (const kept of ["", "short", "z".repeat(64)]) {
      const dir = dataDir();
      writeFileSync(path.join(dir, "secrets-key"), kept);
      expect(() => readConfig({ DATA_DIR: dir })).toThrow(/secrets-key holds no usable key/);
    }
  });

  // Issue 19: an emptied file was taken as the secret, and cookies were signed with "".
  it("refuses to start on a kept secret file that is empty or short", () => {
    for (const kept of ["", "\n", "short"]) {
      const dir = dataDir();
      writeFileSync(path.join(dir, "session-secret"), kept);
      expect(() => readConfig({ DATA_DIR: dir })).toThrow(/session-secret holds no usable secret/);
    }
  });

  // Issue 19: one key signed sessions, toasts, OAuth state and code hashes.
  it("derives a key of its own for each use of the session secret", () => {
    const secret = "s".repeat(48);
    const purposes = ["session-cookie", "toast-cookie", "oauth-cookie", "sign-in-code"] as const;
    const keys = purposes.map((purpose) => secretFor(purpose, secret));
    expect(new Set([...keys, secret]).size).toBe(purposes.length + 1);
    expect(secretFor("sign-in-code", secret)).toBe(secretFor("sign-in-code", secret));
    expect(secretFor("sign-in-code", secret)).not.toBe(secretFor("sign-in-code", "t".repeat(48)));
  });

  it("keeps the development mailbox where asked, and outside production", () => {
    expect(readConfig({ DATA_DIR: dataDir(), DEV_MAILBOX: "true" }).DEV_MAILBOX).toBe(true);
    expect(readConfig({ DATA_DIR: dataDir(), NODE_ENV: "development" }).DEV_MAILBOX).toBe(true);
    expect(readConfig({ DATA_DIR: dataDir(), NODE_ENV: "test" }).DEV_MAILBOX).toBe(true);
    expect(readConfig({ DATA_DIR: dataDir(), NODE_ENV: "development", DEV_MAILBOX: "false" }).DEV_MAILBOX).toBe(false);
  });

  // Issue 32, finding 4: an event's own SMTP server at a private address is allowed for the suite only.
  it("refuses ALLOW_PRIVATE_EVENT_SMTP in production, and leaves it off unless set", () => {
    expect(readConfig({ DATA_DIR: dataDir() }).ALLOW_PRIVATE_EVENT_SMTP).toBe(false);
    expect(readConfig({ DATA_DIR: dataDir(), NODE_ENV: "test", ALLOW_PRIVATE_EVENT_SMTP: "true" })).toMatchObject({
      ALLOW_PRIVATE_EVENT_SMTP: true,
    });
    expect(() => readConfig({ DATA_DIR: dataDir(), ALLOW_PRIVATE_EVENT_SMTP: "true" })).toThrow(
      /ALLOW_PRIVATE_EVENT_SMTP is for tests only/,
    );
  });

  it("treats an empty variable as unset", () => {
    expect(readConfig({ DATA_DIR: dataDir(), DATABASE_URL: "", SEED_DEMO: "" }).SEED_DEMO).toBe(false);
  });

  it.each([
    [{ DATABASE_URL: "mysql://localhost/gavel" }, "DATABASE_URL"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ PORT: "http" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ APP_HOST: "https://gavel.example.org/" }, "APP_HOST"],
    [{ SEED_DEMO: "maybe" }, "SEED_DEMO"],
    [{ MAX_IMAGE_MB: "eight" }, "MAX_IMAGE_MB"],
    [{ MAX_IMAGE_MB: "0" }, "MAX_IMAGE_MB"],
    [{ MAX_IMAGE_MB: "-2" }, "MAX_IMAGE_MB"],
    [{ MAX_IMAGE_MB: "500" }, "MAX_IMAGE_MB"],
    [{ OUTBOX_LEASE_SECONDS: "half a minute" }, "OUTBOX_LEASE_SECONDS"],
    [{ OUTBOX_LEASE_SECONDS: "1" }, "OUTBOX_LEASE_SECONDS"],
    [{ OUTBOX_LEASE_SECONDS: "7.5" }, "OUTBOX_LEASE_SECONDS"],
    [{ OUTBOX_LEASE_SECONDS: "86400" }, "OUTBOX_LEASE_SECONDS"],
  ])("stops with a message naming the variable for %o", (env, variable) => {
    expect(() => readConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => readConfig({ DATA_DIR: dataDir(), ...env })).toThrow(new RegExp(`^Configuration error: ${variable} `));
  });

  it("accepts a PostgreSQL URL, a fixed secret and a public host", () => {
    const config = readConfig({
      DATA_DIR: dataDir(),
      DATABASE_URL: "postgresql://gavel:pw@db:5432/gavel",
      SESSION_SECRET: "x".repeat(40),
      APP_HOST: "gavel.example.org",
      PORT: "8080",
      SEED_DEMO: "false",
    });
    expect(config).toMatchObject({
      PORT: 8080,
      SEED_DEMO: false,
      APP_HOST: "gavel.example.org",
      SESSION_SECRET: "x".repeat(40),
    });
  });

  it("holds a message a process has taken to send for 30 s unless told otherwise", () => {
    expect(readConfig({ DATA_DIR: dataDir() }).OUTBOX_LEASE_SECONDS).toBe(30);
    expect(readConfig({ DATA_DIR: dataDir(), OUTBOX_LEASE_SECONDS: "5" }).OUTBOX_LEASE_SECONDS).toBe(5);
  });

  it("keeps uploads in the data folder with an 8 MB limit unless told otherwise", () => {
    const dir = dataDir();
    expect(readConfig({ DATA_DIR: dir })).toMatchObject({ UPLOAD_DIR: path.join(dir, "uploads"), MAX_IMAGE_MB: 8 });
    const uploads = path.join(dataDir(), "images");
    expect(readConfig({ DATA_DIR: dir, UPLOAD_DIR: uploads, MAX_IMAGE_MB: "2.5" })).toMatchObject({
      UPLOAD_DIR: uploads,
      MAX_IMAGE_MB: 2.5,
    });
    expect(readConfig({ DATA_DIR: dir, UPLOAD_DIR: "relative/uploads" }).UPLOAD_DIR).toBe(
      path.resolve("relative/uploads"),
    );
  });
});
