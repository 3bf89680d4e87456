/**
 * The app's version and the licences of what it ships with, for the design lab's About page. Read from package.json
 * and each production dependency's own package.json under node_modules (the production image installs exactly
 * those), once per process: they change only with a new release.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";

export interface DependencyLicence {
  name: string;
  version: string;
  /** The SPDX expression the package declares, or "Not stated". */
  licence: string;
}

export interface AppPackages {
  version: string;
  dependencies: DependencyLicence[];
}

let cached: Promise<AppPackages> | undefined;

export function appPackages(root = process.cwd()): Promise<AppPackages> {
  cached ??= readAppPackages(root).catch((error: unknown) => {
    cached = undefined; // a failed read is tried again on the next request
    throw error;
  });
  return cached;
}

async function readAppPackages(root: string): Promise<AppPackages> {
  const manifest = await readJson(path.join(root, "package.json"));
  const names = Object.keys(asRecord(manifest.dependencies)).sort((a, b) => a.localeCompare(b));
  const dependencies = await Promise.all(
    names.map(async (name): Promise<DependencyLicence> => {
      const own = await readJson(path.join(root, "node_modules", name, "package.json")).catch(
        (): Record<string, unknown> => ({}),
      );
      return {
        name,
        version: typeof own.version === "string" ? own.version : "Not installed",
        licence: licenceOf(own),
      };
    }),
  );
  return { version: typeof manifest.version === "string" ? manifest.version : "unknown", dependencies };
}

/** "license": "MIT", the older "license": { type }, or "licenses": [{ type }, …] (joined with OR). */
export function licenceOf(manifest: Record<string, unknown>): string {
  const named = (value: unknown) =>
    typeof value === "string" ? value : typeof asRecord(value).type === "string" ? String(asRecord(value).type) : null;
  const single = named(manifest.license);
  if (single) return single;
  if (Array.isArray(manifest.licenses)) {
    const all = manifest.licenses.map(named).filter((value): value is string => Boolean(value));
    if (all.length > 0) return all.length === 1 ? all[0] : `(${all.join(" OR ")})`;
  }
  return "Not stated";
}

async function readJson(file: string): Promise<Record<string, unknown>> {
  return asRecord(JSON.parse(await readFile(file, "utf8")));
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
