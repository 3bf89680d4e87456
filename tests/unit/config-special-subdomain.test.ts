// SPECIAL_SUBDOMAIN and SPECIAL_SUBDOMAIN_PATH: the one subdomain that goes to a fixed path.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "~/config.server";

const dataDir = mkdtempSync(path.join(tmpdir(), "gavel-config-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const read = (env: Record<string, string>) => readConfig({ DATA_DIR: dataDir, ...env });

describe("the special subdomain settings", () => {
  it("are off by default", () => {
    const config = read({});
    expect(config.SPECIAL_SUBDOMAIN).toBeUndefined();
    expect(config.SPECIAL_SUBDOMAIN_PATH).toBeUndefined();
  });

  it("take a host label, kept in lower case, and a path on the site", () => {
    const config = read({ SPECIAL_SUBDOMAIN: "Give", SPECIAL_SUBDOMAIN_PATH: "/woa2025give?from=subdomain" });
    expect(config.SPECIAL_SUBDOMAIN).toBe("give");
    expect(config.SPECIAL_SUBDOMAIN_PATH).toBe("/woa2025give?from=subdomain");
  });

  it.each([
    [{ SPECIAL_SUBDOMAIN: "give.me", SPECIAL_SUBDOMAIN_PATH: "/x" }, "SPECIAL_SUBDOMAIN"],
    [{ SPECIAL_SUBDOMAIN: "-give", SPECIAL_SUBDOMAIN_PATH: "/x" }, "SPECIAL_SUBDOMAIN"],
    [{ SPECIAL_SUBDOMAIN: "give", SPECIAL_SUBDOMAIN_PATH: "woa2025give" }, "SPECIAL_SUBDOMAIN_PATH"],
    [{ SPECIAL_SUBDOMAIN: "give", SPECIAL_SUBDOMAIN_PATH: "//evil.example.com/" }, "SPECIAL_SUBDOMAIN_PATH"],
    [{ SPECIAL_SUBDOMAIN: "give", SPECIAL_SUBDOMAIN_PATH: "https://evil.example.com/" }, "SPECIAL_SUBDOMAIN_PATH"],
    [{ SPECIAL_SUBDOMAIN: "give" }, "SPECIAL_SUBDOMAIN_PATH"],
    [{ SPECIAL_SUBDOMAIN_PATH: "/woa2025give" }, "SPECIAL_SUBDOMAIN"],
  ])("stop start-up with a message naming the variable for %o", (env, variable) => {
    expect(() => read(env)).toThrow(ConfigError);
    expect(() => read(env)).toThrow(new RegExp(`^Configuration error: ${variable} `));
  });
});
