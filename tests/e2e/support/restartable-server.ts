import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../support/free-port";
import { spawnApp } from "./server-process";
import type { ChildProcess } from "node:child_process";

/**
 * A process of the built app on the embedded database that a test stops and starts again, on the same port and data
 * folder, as a restart or a crash does under the screens that follow it (the suite's own server is never touched).
 * `stop` kills this process alone, by its PID: SIGKILL by default, a crash that says nothing to the open connections.
 */
export interface RestartableServer {
  url: string;
  dataDir: string;
  output: () => string;
  start(): void;
  stop(signal?: NodeJS.Signals): Promise<void>;
  dispose(): void;
}

export async function restartableServer(env: Record<string, string> = {}): Promise<RestartableServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "gavel-restart-"));
  const port = await freePort();
  let child: ChildProcess | null = null;
  let output = "";
  const running = () => child !== null && child.exitCode === null && child.signalCode === null;
  const server: RestartableServer = {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    output: () => output,
    start() {
      if (running()) throw new Error("The server is already running");
      child = spawnApp(port, dataDir, env, (chunk) => (output += chunk));
    },
    async stop(signal = "SIGKILL") {
      const stopping = child;
      if (!stopping || !running()) return;
      const exited = new Promise((resolve) => stopping.once("exit", resolve));
      stopping.kill(signal);
      await exited;
    },
    dispose() {
      if (running()) child!.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  server.start();
  return server;
}

/** When the server first answers /health, asked every 100 ms: the moment a screen's time to come back counts from. */
export async function healthyAt(url: string, timeoutMs = 90_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/health`)).ok) return Date.now();
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`No healthy server at ${url} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
