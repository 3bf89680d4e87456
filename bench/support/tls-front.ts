// A TLS front for a benchmark: HTTPS with HTTP/2 (and HTTP/1.1 for clients that ask for it), forwarding every request
// to a plain-HTTP server, as the reverse proxy of the README's deployment does (Caddy speaks HTTP/2 by default; nginx
// with `http2 on`). Phones reach a deployed Gavel this way, one connection carrying every request, where a bench
// aimed at the app's own port measures HTTP/1.1's six connections per origin. The certificate is self-signed, made
// for the run by openssl: the browser is told to accept it (Chromium's --ignore-certificate-errors).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import { tmpdir } from "node:os";
import path from "node:path";

/** Headers of one hop (RFC 9113 §8.2.2 forbids them in HTTP/2), not forwarded either way. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "upgrade",
  "te",
  "http2-settings",
]);

function selfSignedCertificate() {
  const folder = mkdtempSync(path.join(tmpdir(), "gavel-bench-tls-"));
  const key = path.join(folder, "key.pem");
  const cert = path.join(folder, "cert.pem");
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1"],
      ...["-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
      ...["-keyout", key, "-out", cert],
    ],
    { stdio: "ignore" },
  );
  const pair = { key: readFileSync(key), cert: readFileSync(cert) };
  rmSync(folder, { recursive: true, force: true });
  return pair;
}

/** Starts the front on `port`, forwarding to `target` (http://host:port); answers with its https:// address. */
export async function startTlsFront(target: string, port: number) {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true });
  const server = http2.createSecureServer({ ...selfSignedCertificate(), allowHTTP1: true }, (request, response) => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(request.headers))
      if (!name.startsWith(":") && !HOP_BY_HOP.has(name)) headers[name] = value;
    headers.host = request.headers[":authority"] ?? request.headers.host;
    headers["x-forwarded-for"] = request.socket.remoteAddress ?? "127.0.0.1";
    headers["x-forwarded-proto"] = "https";
    headers["x-forwarded-host"] = headers.host;
    const forwarded = http.request(
      { host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers, agent },
      (answer) => {
        const answerHeaders: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers))
          if (!HOP_BY_HOP.has(name)) answerHeaders[name] = value;
        response.writeHead(answer.statusCode ?? 502, answerHeaders);
        // Streamed as it comes: a live page's server-sent events pass through at once.
        answer.pipe(response);
      },
    );
    forwarded.on("error", () => {
      if (!response.headersSent) response.writeHead(502).end();
      else response.destroy();
    });
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `https://127.0.0.1:${port}`,
    stop: () => {
      server.close();
      agent.destroy();
    },
  };
}
