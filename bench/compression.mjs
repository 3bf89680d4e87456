// What compressing a post's answer in place costs the server (`npm run bench:compression`): the CPU time of this
// process per answer of a few hundred bytes, streamed without a length as Remix's adapter sends it, by an Express app
// with the compression middleware as server.js sets it up, asked by a client that takes compressed answers as every
// browser does. Three ways, taking turns round after round: the answer through a compressor (compression's own rule,
// which cannot see the size of a streamed body: before app/http/compression-rule.ts), the same app with the rule
// (a post to a `….data` address is left as it is), and the app without the compression middleware (the reference).
// The client's share is the same in all three (it drains the body unread), so the differences are the server's.
//
// Environment (defaults in brackets): BENCH_ANSWERS [4000 per round], BENCH_ROUNDS [5].
// Results and method: docs/benchmarks.md ("A post's answer in place, not compressed").
import http from "node:http";
import compression from "compression";
import express from "express";
import { mayCompress } from "~/http/compression-rule";
import { BROWSER_ACCEPT_ENCODING } from "./support/posts";
import { envNumber, median } from "./support/stats";

const ANSWERS = envNumber("BENCH_ANSWERS", 4000);
const ROUNDS = envNumber("BENCH_ROUNDS", 5);
const AT_ONCE = 8;
/** A bid's confirmation answered in place, as turbo-stream encodes it (about 200 bytes). */
const ANSWER = JSON.stringify([
  { _1: 2, _3: 4 },
  "placed",
  { _5: 6, _7: 8, _9: 10 },
  "toast",
  { title: "You have the highest bid", description: "Your bid of $1,250.00 on Lot 17 leads." },
  "itemId",
  1234,
  "own",
  { standing: "winning", amount: 125_000, maximum: null },
]);

/** @param {"compressor" | "rule" | "none"} compressing */
function appWith(compressing) {
  const app = express();
  if (compressing !== "none") {
    app.use(
      compression({
        filter: (req, res) =>
          (compressing === "compressor" ||
            mayCompress({ method: req.method, path: req.path }, String(res.getHeader("Content-Type") ?? ""))) &&
          compression.filter(req, res),
      }),
    );
  }
  app.post("/inroombid.data", (req, res) => {
    req.resume();
    req.on("end", () => {
      res.status(200).setHeader("Content-Type", "text/x-script");
      // Written as the adapter writes a stream: a chunk, then the end, with no length known beforehand.
      res.write(ANSWER);
      res.end();
    });
  });
  return app;
}

async function listen(app) {
  const server = http.createServer(app);
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: server.address().port };
}

function post(port, agent) {
  return new Promise((resolve, reject) => {
    const body = "intent=place&amount=1250.00&key=0123456789abcdef&answer=in-place";
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path: "/inroombid.data?id=1&item=1234",
        method: "POST",
        agent,
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": Buffer.byteLength(body),
          "Accept-Encoding": BROWSER_ACCEPT_ENCODING,
        },
      },
      (response) => {
        response.resume();
        response.on("end", resolve);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** Microseconds of this process's CPU per answer, `count` of them, `AT_ONCE` at a time. */
async function cpuPerAnswer(port, agent, count) {
  const start = process.cpuUsage();
  for (let done = 0; done < count; done += AT_ONCE)
    await Promise.all(Array.from({ length: AT_ONCE }, () => post(port, agent)));
  const used = process.cpuUsage(start);
  return (used.user + used.system) / count;
}

async function main() {
  const ways = {
    "through a compressor (before)": await listen(appWith("compressor")),
    "as it is (the rule)": await listen(appWith("rule")),
    "no compression middleware (reference)": await listen(appWith("none")),
  };
  const agent = new http.Agent({ keepAlive: true, maxSockets: AT_ONCE });
  const figures = new Map(Object.keys(ways).map((name) => [name, []]));
  for (const { port } of Object.values(ways)) await cpuPerAnswer(port, agent, 500);
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [name, { port }] of Object.entries(ways))
      figures.get(name).push(await cpuPerAnswer(port, agent, ANSWERS));
  }
  const reference = median(figures.get("no compression middleware (reference)"));
  console.log(
    `CPU per answer of ${ANSWER.length} bytes, µs (median of ${ROUNDS} rounds of ${ANSWERS}, ${AT_ONCE} at once):`,
  );
  for (const [name, values] of figures) {
    const value = median(values);
    console.log(`  ${name}: ${value.toFixed(1)} (${(value / reference).toFixed(2)} × the reference)`);
  }
  agent.destroy();
  for (const { server } of Object.values(ways)) server.close();
}

await main();
