// The reference for a live stream's memory (bench/bids.ts, BENCH_ONLY=streams): a plain node:http server that answers
// every request with a server-sent-event stream, sends it one snapshot and keeps it open. It prints its port.
import http from "node:http";

const open = new Set();
const server = http.createServer((request, response) => {
  response.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
  response.write('event: snapshot\ndata: {"seq":1,"data":[]}\n\n');
  open.add(response);
  response.on("close", () => open.delete(response));
});
server.listen(0, "127.0.0.1", () => process.stdout.write(String(server.address().port)));
