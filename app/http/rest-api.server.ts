/**
 * The hosted REST API helper of the product spec: the caller gives the path; GET sends the payload as a query string,
 * POST and DELETE as a JSON body; the answer is parsed as JSON. A call that fails is tried again, up to 10 tries
 * 5 seconds apart; when every try fails the answer is an object with an error field, never a throw, so a caller
 * cannot forget to catch it. What counts as failing: the network (no answer), a 5xx or 429 answer, a body that is not
 * JSON. A 4xx answer is the server's word on this request and is returned as an error at once: asking again would
 * get the same answer.
 */

export interface RestApiOptions {
  /** The API's origin and base path, such as https://api.example.org/v1. */
  baseUrl: string;
  headers?: Record<string, string>;
  /** Sent as Idempotency-Key, so that a retried POST is done once by APIs that honour it. */
  idempotencyKey?: string;
  /** How many times the call is tried in all (the spec: 10). */
  tries?: number;
  /** Between tries (the spec: 5000 ms); tests make it short. */
  retryDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export type RestPayload = Record<string, string | number | boolean | null | undefined | object>;

export interface RestError {
  error: string;
  /** The HTTP status of the last answer, when there was one. */
  status?: number;
}

export const REST_TRIES = 10;
export const REST_RETRY_DELAY_MS = 5_000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function isRestError(answer: unknown): answer is RestError {
  return typeof answer === "object" && answer !== null && "error" in answer && typeof answer.error === "string";
}

export async function restApi<Answer>(
  method: "GET" | "POST" | "DELETE",
  path: string,
  payload: RestPayload = {},
  options: RestApiOptions,
): Promise<Answer | RestError> {
  const url = new URL(options.baseUrl.replace(/\/+$/, "") + "/" + path.replace(/^\/+/, ""));
  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  let body: string | undefined;
  if (method === "GET") {
    for (const [key, value] of Object.entries(payload)) {
      if (value === undefined || value === null) continue;
      url.searchParams.set(key, typeof value === "object" ? JSON.stringify(value) : String(value));
    }
  } else {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(payload);
  }
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;

  const tries = options.tries ?? REST_TRIES;
  const sleep = options.sleep ?? wait;
  let last: RestError = { error: "The request was not sent." };
  for (let attempt = 1; attempt <= tries; attempt++) {
    if (attempt > 1) await sleep(options.retryDelayMs ?? REST_RETRY_DELAY_MS);
    let response: Response;
    try {
      response = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(30_000) });
    } catch (error) {
      last = { error: `No answer from ${url.host}: ${error instanceof Error ? error.message : String(error)}` };
      continue;
    }
    const text = await response.text().catch(() => "");
    if (response.status >= 500 || response.status === 429) {
      last = { error: `${url.host} answered ${response.status}: ${text.slice(0, 200)}`, status: response.status };
      continue;
    }
    let parsed: unknown;
    try {
      parsed = text === "" ? {} : JSON.parse(text);
    } catch {
      last = { error: `${url.host} answered with something that is not JSON.`, status: response.status };
      continue;
    }
    if (!response.ok) {
      const message = isRestError(parsed) ? parsed.error : text.slice(0, 200);
      return { error: `${url.host} refused the request (${response.status}): ${message}`, status: response.status };
    }
    return parsed as Answer;
  }
  return last;
}
