// The hosted REST API helper against a real local HTTP server: the payload's place by method, tries again after
// failures (the wait between tries injected), and answers { error } instead of throwing when every try fails.
import { createServer, type IncomingMessage, type Server } from "node:http";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { REST_RETRY_DELAY_MS, REST_TRIES, restApi } from "~/http/rest-api.server";
import { freePort } from "../support/free-port";

interface Seen {
  method: string;
  url: string;
  body: string;
  headers: IncomingMessage["headers"];
}
const seen: Seen[] = [];
let failuresLeft = 0;
let failWith: "500" | "drop" = "500";
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  const port = await freePort();
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      seen.push({
        method: request.method!,
        url: request.url!,
        body: Buffer.concat(chunks).toString(),
        headers: request.headers,
      });
      if (failuresLeft > 0) {
        failuresLeft--;
        if (failWith === "drop") return request.socket.destroy();
        response.writeHead(500).end("busy");
        return;
      }
      if (request.url?.startsWith("/v1/missing")) {
        response.writeHead(404, { "Content-Type": "application/json" }).end(JSON.stringify({ error: "no such thing" }));
        return;
      }
      response
        .writeHead(200, { "Content-Type": "application/json" })
        .end(JSON.stringify({ ok: true, echo: request.url }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${port}/v1`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen.length = 0;
  failuresLeft = 0;
});

const sleeps: number[] = [];
const options = () => ({ baseUrl, sleep: async (ms: number) => void sleeps.push(ms) });

it("follows the spec's constants: 10 tries, 5 seconds apart", () => {
  expect(REST_TRIES).toBe(10);
  expect(REST_RETRY_DELAY_MS).toBe(5_000);
});

it("GET sends the payload as a query string; POST and DELETE as a JSON body; the answer is parsed", async () => {
  expect(await restApi("GET", "/events/subdomain", { subdomain: "gala", page: 2 }, options())).toEqual({
    ok: true,
    echo: "/v1/events/subdomain?subdomain=gala&page=2",
  });
  expect(seen[0]).toMatchObject({ method: "GET", body: "" });

  await restApi("POST", "messages", { to: "+16175550100", body: "Hi" }, { ...options(), idempotencyKey: "k-1" });
  expect(seen[1]).toMatchObject({
    method: "POST",
    url: "/v1/messages",
    body: JSON.stringify({ to: "+16175550100", body: "Hi" }),
  });
  expect(seen[1].headers["content-type"]).toBe("application/json");
  expect(seen[1].headers["idempotency-key"]).toBe("k-1");

  await restApi("DELETE", "messages/7", { reason: "sent twice" }, options());
  expect(seen[2]).toMatchObject({
    method: "DELETE",
    url: "/v1/messages/7",
    body: JSON.stringify({ reason: "sent twice" }),
  });
});

it("tries again after failures (a 500, a dropped connection), waiting between tries, then succeeds", async () => {
  sleeps.length = 0;
  failuresLeft = 3;
  failWith = "500";
  expect(await restApi("POST", "messages", { n: 1 }, { ...options(), retryDelayMs: 7 })).toMatchObject({ ok: true });
  expect(seen).toHaveLength(4);
  expect(sleeps).toEqual([7, 7, 7]);

  seen.length = 0;
  failuresLeft = 2;
  failWith = "drop";
  expect(await restApi("GET", "ping", {}, options())).toMatchObject({ ok: true });
  expect(seen).toHaveLength(3);
});

it("after 10 failed tries answers an object with an error field", async () => {
  sleeps.length = 0;
  failuresLeft = 100;
  failWith = "500";
  const answer = await restApi("GET", "ping", {}, options());
  expect(answer).toMatchObject({ error: expect.stringContaining("answered 500"), status: 500 });
  expect(seen).toHaveLength(10);
  expect(sleeps).toEqual(Array(9).fill(5_000));
});

it("a 4xx is the server's answer to this request: returned as an error without trying again", async () => {
  const answer = await restApi("GET", "missing", {}, options());
  expect(answer).toMatchObject({ error: expect.stringContaining("no such thing"), status: 404 });
  expect(seen).toHaveLength(1);
});
