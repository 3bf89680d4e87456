import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../support/free-port";

/** A separate process of the built app, for tests about start-up and shutdown. */
export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
  dispose: () => void;
}

/**
 * Starts the built app on `port` and `dataDir`: production mode, the embedded database unless `env` names one, no
 * demo unless asked. `onOutput` gets what it prints.
 */
export function spawnApp(
  port: number,
  dataDir: string,
  env: Record<string, string>,
  onOutput: (chunk: string) => void,
) {
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SEED_DEMO: "false",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => onOutput(String(chunk)));
  child.stderr?.on("data", (chunk) => onOutput(String(chunk)));
  return child;
}

export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "gavel-process-"));
  const port = await freePort();
  let output = "";
  const child = spawnApp(port, dataDir, env, (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    dispose() {
      if (child.exitCode === null) child.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits for the app's /health. The bound only catches a process that never comes up: on an empty embedded database
 * with the demo asked for, start-up (migrations, then the demo's seed) took 59 s with the machine about 2.6 times
 * slower than when quiet, and CI's machine has been 3 times slower.
 */
export async function waitForHealth(url: string, timeoutMs = 180_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) return response;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`No healthy server at ${url} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
