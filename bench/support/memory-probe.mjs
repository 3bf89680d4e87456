// Loaded into each of the app's processes by a benchmark (startApp's `memoryProbe`, with --expose-gc): on SIGUSR2 the
// process collects its garbage and prints what it holds, a line "[memory] {pid, rss, heapUsed, external, ...}".
process.on("SIGUSR2", () => {
  globalThis.gc?.();
  console.log(`[memory] ${JSON.stringify({ pid: process.pid, ...process.memoryUsage() })}`);
});
