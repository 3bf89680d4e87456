import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A round-robin load balancer in front of several app machines, as a deployment puts one: each request goes to the
 * next machine, its body and its answer streamed through unbuffered (server-sent events included), the client's Host
 * kept and its address given in X-Forwarded-For. `served` names the machine that answered each request, in order.
 */
export interface LoadBalancer {
  url: string;
  served: Array<{ path: string; machine: number }>;
  close(): Promise<void>;
}

export async function startLoadBalancer(machines: string[]): Promise<LoadBalancer> {
  const served: LoadBalancer["served"] = [];
  let next = 0;
  const server = http.createServer((request, response) => {
    const machine = next;
    next = (next + 1) % machines.length;
    served.push({ path: request.url ?? "/", machine });
    const upstream = http.request(
      new URL(request.url ?? "/", machines[machine]),
      {
        method: request.method,
        headers: { ...request.headers, "x-forwarded-for": request.socket.remoteAddress ?? "" },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on("error", () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    // A client that leaves (a closed stream) ends its request upstream too.
    response.on("close", () => upstream.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    served,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
