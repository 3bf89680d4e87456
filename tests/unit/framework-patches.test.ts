// The framework patches (patches/, applied by patch-package at install; docs/decisions/036-framework-patches.md)
// are in the installed packages: an upgrade that drops one, or an install that did not apply it, fails here by
// name, rather than as a slower page or a crashed process later.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const PATCHES = path.resolve("patches");

/** A patch's package and version, from patch-package's file name ("@remix-run+router+1.23.3.patch"). */
function packageOf(fileName: string) {
  const parts = fileName.replace(/\.patch$/, "").split("+");
  const version = parts.pop()!;
  return { name: parts.join("/"), version };
}

/** Each file a patch changes, with the lines it adds (without their "+"), blank lines left out. */
function addedLines(patch: string) {
  const files = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of patch.split("\n")) {
    const target = /^\+\+\+ b\/(.+)$/.exec(line);
    if (target) files.set(target[1], (current = []));
    else if (current && line.startsWith("+") && line.slice(1).trim() !== "") current.push(line.slice(1));
  }
  return files;
}

describe("the framework patches are applied to the versions they were made for", () => {
  const patchFiles = readdirSync(PATCHES).filter((name) => name.endsWith(".patch"));

  it("finds the patches", () => {
    expect(patchFiles.length).toBeGreaterThan(0);
  });

  for (const fileName of patchFiles) {
    const { name, version } = packageOf(fileName);
    it(`${name} ${version}`, () => {
      const installed = JSON.parse(readFileSync(path.resolve("node_modules", name, "package.json"), "utf8")) as {
        version: string;
      };
      expect(
        installed.version,
        `${name} is ${installed.version}: its patch was made for ${version}; see docs/decisions/036-framework-patches.md`,
      ).toBe(version);
      for (const [file, lines] of addedLines(readFileSync(path.join(PATCHES, fileName), "utf8"))) {
        const source = readFileSync(path.resolve(file), "utf8");
        const missing = lines.filter((line) => !source.includes(line));
        expect(missing, `${file} lacks lines of ${fileName}: run npm ci (patch-package)`).toEqual([]);
      }
    });
  }
});
