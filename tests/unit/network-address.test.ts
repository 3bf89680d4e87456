// Which addresses an event's own mail server may be at (issue 32, finding 4): every spelling of loopback, private,
// link-local, metadata, unspecified and multicast addresses is refused, IPv6 forms that carry such an IPv4 address
// included, and a name is refused when any address it resolves to is.
import { describe, expect, it } from "vitest";
import { parseSmtpAddress } from "~/mail/mailer.server";
import {
  canonicalHost,
  nonPublicReason,
  NonPublicAddressError,
  publicAddresses,
} from "~/security/network-address.server";

/** The host as the check reads it, then its verdict. */
const verdict = (host: string) => {
  const canonical = canonicalHost(host);
  return canonical === null ? "malformed" : nonPublicReason(canonical);
};

describe("the address classifier", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["0x7f.1", "loopback"],
    ["0x7f000001", "loopback"],
    ["2130706433", "loopback"],
    ["017700000001", "loopback"],
    ["0177.0.0.1", "loopback"],
    ["::1", "loopback"],
    ["[::1]", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    ["::ffff:127.0.0.1", "loopback"],
    ["[::ffff:127.0.0.1]", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:0:127.0.0.1", "loopback"],
    ["::127.0.0.1", "loopback"],
    ["2002:7f00:1::", "loopback"],
    ["10.0.0.1", "private"],
    ["10.255.255.255", "private"],
    ["::ffff:10.1.2.3", "private"],
    ["64:ff9b::10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.0.1", "private"],
    ["192.168.255.255", "private"],
    ["100.64.0.1", "private (carrier-grade NAT)"],
    ["100.127.255.255", "private (carrier-grade NAT)"],
    ["fc00::1", "private (unique local)"],
    ["fd12:3456::1", "private (unique local)"],
    ["169.254.169.254", "cloud metadata"],
    ["0xa9.0xfe.0xa9.0xfe", "cloud metadata"],
    ["::ffff:169.254.169.254", "cloud metadata"],
    ["fd00:ec2::254", "cloud metadata"],
    ["169.254.1.1", "link-local"],
    ["fe80::1", "link-local"],
    ["febf::1", "link-local"],
    ["0.0.0.0", "unspecified"],
    ["0", "unspecified"],
    ["::", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["ff02::1", "multicast"],
    ["255.255.255.255", "reserved"],
    ["fe80::1%eth0", "malformed"],
  ])("refuses %s (%s)", (host, reason) => {
    expect(verdict(host)).toBe(reason);
  });

  it.each(["8.8.8.8", "1.1.1.1", "172.15.255.255", "172.32.0.1", "100.63.255.255", "100.128.0.1", "192.169.0.1"])(
    "lets the public address %s through",
    (host) => expect(verdict(host)).toBeNull(),
  );

  it.each(["2606:4700:4700::1111", "2001:4860:4860::8888", "::ffff:8.8.8.8", "64:ff9b::8.8.8.8", "2002:808:808::"])(
    "lets the public IPv6 address %s through",
    (host) => expect(verdict(host)).toBeNull(),
  );

  it("reads a name as a name, not an address", () => {
    expect(canonicalHost("SMTP.Example.ORG")).toBe("smtp.example.org");
    expect(nonPublicReason("smtp.example.org")).toBe("not an IP address");
  });
});

describe("resolving a host before connecting to it", () => {
  it("refuses a name when any of the addresses it resolves to is not public", async () => {
    const lookup = (addresses: string[]) => async () => addresses;
    await expect(publicAddresses("mail.example.org", lookup(["203.0.114.7"]))).resolves.toEqual(["203.0.114.7"]);
    for (const addresses of [["10.0.0.7"], ["203.0.114.7", "127.0.0.1"], ["::ffff:192.168.1.1"], []]) {
      await expect(publicAddresses("mail.example.org", lookup(addresses))).rejects.toBeInstanceOf(
        NonPublicAddressError,
      );
    }
  });

  it("refuses localhost through the system's resolver, and an address literal without asking it", async () => {
    await expect(publicAddresses("localhost")).rejects.toMatchObject({ name: "NonPublicAddressError" });
    const never = async () => {
      throw new Error("an address literal is not looked up");
    };
    await expect(publicAddresses("0x7f.1", never)).rejects.toMatchObject({ reason: "loopback" });
    await expect(publicAddresses("8.8.4.4", never)).resolves.toEqual(["8.8.4.4"]);
  });
});

describe("an event's SMTP address", () => {
  it("is read into host, port, security and sign-in, and nothing else (no proxy, no TLS switches)", () => {
    expect(parseSmtpAddress("smtps://gala%40x.org:p%3Ass@SMTP.Example.org?proxy=http://10.0.0.1:3128")).toEqual({
      host: "smtp.example.org",
      port: 465,
      secure: true,
      auth: { user: "gala@x.org", pass: "p:ss" },
    });
    expect(parseSmtpAddress("smtp://0x7f.1:2525")).toEqual({ host: "127.0.0.1", port: 2525, secure: false });
    expect(parseSmtpAddress("smtp://[::ffff:127.0.0.1]:25")).toMatchObject({ host: "::ffff:7f00:1", port: 25 });
    expect(parseSmtpAddress("http://smtp.example.org")).toBeNull();
  });
});
