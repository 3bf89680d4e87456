/**
 * Which network addresses a server of an organiser's choosing (an event's own SMTP server) may be reached at: only
 * public ones. Loopback, private (RFC 1918, CGNAT, IPv6 ULA), link-local, cloud metadata, unspecified, multicast and
 * reserved addresses are refused, in every spelling (127.1, 0x7f.1, 2130706433, ::ffff:127.0.0.1, [::1]) and behind
 * IPv6 forms that carry an IPv4 address (IPv4-mapped and -compatible, NAT64, 6to4). Host names are resolved here and
 * every address they resolve to is checked; the caller then connects to the checked address itself, so a name that
 * resolves to a public address when checked and a private one a moment later (DNS rebinding) gains nothing.
 */
import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";

/** Why an address is not public, in words for a person; null for a public address. */
export function nonPublicReason(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (isIP(bare) === 4) return ipv4Reason(ipv4Number(bare));
  if (isIP(bare) === 6) return ipv6Reason(ipv6Hextets(bare));
  return "not an IP address";
}

function ipv4Number(address: string): number {
  return address.split(".").reduce((value, part) => value * 256 + Number(part), 0);
}

const IPV4_RANGES: [string, number, string][] = [
  ["0.0.0.0", 8, "unspecified"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "private (carrier-grade NAT)"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.169.254", 32, "cloud metadata"],
  ["169.254.0.0", 16, "link-local"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "reserved"],
  ["192.0.2.0", 24, "reserved (documentation)"],
  ["192.88.99.0", 24, "reserved (6to4 relay)"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "reserved (benchmarking)"],
  ["198.51.100.0", 24, "reserved (documentation)"],
  ["203.0.113.0", 24, "reserved (documentation)"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"],
];

function ipv4Reason(value: number): string | null {
  for (const [base, bits, reason] of IPV4_RANGES) {
    const size = 2 ** (32 - bits);
    const start = ipv4Number(base);
    if (value >= start && value < start + size) return reason;
  }
  return null;
}

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail included). */
function ipv6Hextets(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = ipv4Number(dotted[1]);
    text = `${text.slice(0, -dotted[1].length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, null];
  const headParts = head ? head.split(":") : [];
  const tailParts = tail ? tail.split(":") : [];
  const missing = 8 - headParts.length - tailParts.length;
  const parts = tail === null ? headParts : [...headParts, ...Array<string>(missing).fill("0"), ...tailParts];
  return parts.map((part) => parseInt(part, 16));
}

function ipv6Reason(h: number[]): string | null {
  const v4 = (high: number, low: number) => high * 65536 + low;
  const zeroUpTo = (n: number) => h.slice(0, n).every((part) => part === 0);
  if (zeroUpTo(8)) return "unspecified";
  if (zeroUpTo(7) && h[7] === 1) return "loopback";
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d) and the old IPv4-compatible (::a.b.c.d).
  if (zeroUpTo(5) && h[5] === 0xffff) return ipv4Reason(v4(h[6], h[7]));
  if (zeroUpTo(4) && h[4] === 0xffff && h[5] === 0) return ipv4Reason(v4(h[6], h[7]));
  if (zeroUpTo(6)) return ipv4Reason(v4(h[6], h[7])) ?? "reserved";
  // NAT64 (64:ff9b::/96) reaches the IPv4 address it carries; 64:ff9b:1::/48 is for local use.
  if (h[0] === 0x64 && h[1] === 0xff9b) {
    if (h.slice(2, 6).every((part) => part === 0)) return ipv4Reason(v4(h[6], h[7]));
    if (h[2] === 1) return "private (NAT64 local use)";
  }
  // 6to4 (2002:a.b.c.d::/48) carries an IPv4 address in its second and third groups.
  if (h[0] === 0x2002) return ipv4Reason(v4(h[1], h[2]));
  if (h[0] === 0xfd00 && h[1] === 0x0ec2 && h.slice(2, 7).every((part) => part === 0) && h[7] === 0x254)
    return "cloud metadata";
  if ((h[0] & 0xfe00) === 0xfc00) return "private (unique local)";
  if ((h[0] & 0xffc0) === 0xfe80) return "link-local";
  if ((h[0] & 0xffc0) === 0xfec0) return "private (site-local)";
  if ((h[0] & 0xff00) === 0xff00) return "multicast";
  if (h[0] === 0x2001 && h[1] === 0x0db8) return "reserved (documentation)";
  if (h[0] === 0x0100 && h[1] === 0 && h[2] === 0 && h[3] === 0) return "reserved (discard)";
  return null;
}

/**
 * The host as a URL parser reads it: IPv4 in any spelling (127.1, 0x7f.1, 017700000001, 2130706433) becomes dotted
 * decimal, IPv6 loses its brackets and is compressed, a name is lower-cased. Null for what no URL could carry.
 */
export function canonicalHost(host: string): string | null {
  try {
    const bracketed = isIP(host) === 6 ? `[${host}]` : host;
    const hostname = new URL(`http://${bracketed}/`).hostname;
    return hostname.replace(/^\[|\]$/g, "") || null;
  } catch {
    return null;
  }
}

/** A host that resolves (or is) a non-public address: its message says which, for the organiser. */
export class NonPublicAddressError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
    readonly reason: string,
  ) {
    super(`${host} is at ${address} (${reason}).`);
    this.name = "NonPublicAddressError";
  }
}

export type Lookup = (host: string) => Promise<string[]>;

const systemLookup: Lookup = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * The addresses `host` is at, every one public, or a NonPublicAddressError naming the first that is not. DNS errors
 * (no such name) are thrown as they are.
 */
export async function publicAddresses(host: string, lookup: Lookup = systemLookup): Promise<string[]> {
  const canonical = canonicalHost(host);
  if (!canonical) throw new NonPublicAddressError(host, host, "malformed");
  const addresses = isIP(canonical) ? [canonical] : await lookup(canonical);
  if (addresses.length === 0) throw new NonPublicAddressError(host, "(none)", "unresolvable");
  for (const address of addresses) {
    const reason = nonPublicReason(address);
    if (reason) throw new NonPublicAddressError(host, address, reason);
  }
  return addresses;
}
