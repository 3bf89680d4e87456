// Calling a route module's loader or action as Remix would, and reading what came back (returned or thrown).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

export type RouteFunction = (args: LoaderFunctionArgs | ActionFunctionArgs) => unknown;

export interface Outcome {
  status: number;
  /** Where a redirect goes. */
  location?: string;
  /** What a loader or action returned as data (plain objects and data() results). */
  data?: unknown;
  response?: Response;
  /** The headers a data() result carries (cookies a loader sets, such as the device cookie). */
  headers?: Headers;
}

export function makeRequest(
  url: string,
  { cookie, form, method }: { cookie?: string; form?: Record<string, string | string[]>; method?: string } = {},
): Request {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  let body: URLSearchParams | undefined;
  if (form || method === "POST") {
    body = new URLSearchParams();
    for (const [name, value] of Object.entries(form ?? {})) {
      for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
    }
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  }
  return new Request(new URL(url, "http://localhost:3000"), {
    method: method ?? (body ? "POST" : "GET"),
    headers,
    body,
  });
}

export async function call(fn: RouteFunction, request: Request, params: Record<string, string> = {}): Promise<Outcome> {
  let result: unknown;
  try {
    result = await fn({ request, params, context: {} });
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) {
    return { status: result.status, location: result.headers.get("Location") ?? undefined, response: result };
  }
  if (isDataWithInit(result)) {
    return { status: result.init?.status ?? 200, data: result.data, headers: new Headers(result.init?.headers) };
  }
  return { status: 200, data: result };
}

function isDataWithInit(value: unknown): value is { data: unknown; init?: ResponseInit } {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}
