/**
 * What the access log may write of an address. Some links are the credential itself: /invoice?t=… opens a guest's
 * bill and can charge their saved card, ?order= and ?guest= open an order and a guest's personal registration link,
 * ?token= finishes a sign-up, resets a password or checks in a ticket, ?receipt= and ?s= open a gift receipt and a
 * tax statement, ?invitation= joins an event's team, ?code=&state= finish a Google sign-in, and ?session=,
 * ?card_session=, ?paid_session= name a payment provider's session. Their values become [redacted]; the path and the
 * other parameters stay, so the log still says what was asked for. No path segment of Gavel's carries a secret (an
 * image's name is its content's hash, a webhook's is its event's id).
 */

/** The parameters, by name, whose values are secrets; and any name that says it holds one. */
const SECRET_PARAMETERS = new Set([
  "t",
  "token",
  "order",
  "guest",
  "receipt",
  "invitation",
  "s",
  "code",
  "state",
  "session",
  "card_session",
  "paid_session",
  "key",
  "sig",
]);
const SECRET_NAME = /token|secret|password|passwd|session|signature|auth|key|code/i;

export const REDACTED = "[redacted]";

/** The address (path and query, as a request line carries it) with every secret parameter's value redacted. */
export function redactAddress(address: string): string {
  const hash = address.indexOf("#");
  const withoutHash = hash === -1 ? address : address.slice(0, hash);
  const question = withoutHash.indexOf("?");
  if (question === -1) return withoutHash;
  const query = withoutHash
    .slice(question + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      return isSecretParameter(decodedName(rawName)) && equals !== -1 ? `${rawName}=${REDACTED}` : pair;
    })
    .join("&");
  return `${withoutHash.slice(0, question)}?${query}`;
}

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll("+", " ")).trim();
  } catch {
    return raw;
  }
}

function isSecretParameter(name: string): boolean {
  return SECRET_PARAMETERS.has(name.toLowerCase()) || SECRET_NAME.test(name);
}
