/** CPU and memory of the app's processes, PostgreSQL's and the benchmark's own, read from /proc (Linux). */
import { readdirSync, readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { appProcesses } from "./app";

/** CPU seconds used so far by a process (user + system). */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
export const appCpuSeconds = (appPid: number) => appProcesses(appPid).reduce((sum, pid) => sum + cpuSeconds(pid), 0);

/** CPU seconds of every process named postgres on this machine (the server beside the app). */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")) === "postgres") total += cpuSeconds(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** Resident memory of the app's processes together, in MB. */
export function rssMb(appPid: number): number {
  return appProcesses(appPid).reduce((sum, pid) => {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      return sum + (match ? Number(match[1]) / 1024 : 0);
    } catch {
      return sum;
    }
  }, 0);
}

/** Starts counting; the function returned tells the CPU shares since (100% = one core). */
export function cpuMeter(appPid: number) {
  const start = {
    app: appCpuSeconds(appPid),
    pg: postgresCpuSeconds(),
    bench: process.cpuUsage(),
    at: performance.now(),
  };
  return () => {
    const wall = (performance.now() - start.at) / 1000;
    const bench = process.cpuUsage(start.bench);
    const share = (seconds: number) => `${Math.round((seconds / wall) * 100)}%`;
    return `CPU (100% = one core): app ${share(appCpuSeconds(appPid) - start.app)}, PostgreSQL ${share(postgresCpuSeconds() - start.pg)}, load generator ${share((bench.user + bench.system) / 1e6)}`;
  };
}
