// The subdomain check: which hosts are served, which are sent elsewhere, and where.
import { describe, expect, it } from "vitest";
import { decideHost, type HostDecision, type HostRules } from "~/navigation/subdomain";

const rules: HostRules = {
  appHost: "gavel.example.org",
  port: 3000,
  special: { subdomain: "give", path: "/woa2025give" },
};

const decide = (url: string, overrides: Partial<HostRules> = {}) =>
  decideHost(new URL(url), { ...rules, ...overrides });

function eventDecision(decision: HostDecision) {
  if (decision.kind !== "event") throw new Error(`expected an event lookup, got ${decision.kind}`);
  return decision;
}

describe("the main host", () => {
  it.each([
    "https://gavel.example.org/",
    "https://gavel.example.org/admin/events?id=4",
    "https://GAVEL.Example.ORG/admin",
    "https://gavel.example.org./admin",
    "http://gavel.example.org:8443/",
  ])("serves %s", (url) => {
    expect(decide(url)).toEqual({ kind: "serve" });
  });

  it("serves APP_HOST given with a port, on any port", () => {
    expect(decide("http://localhost:5173/", { appHost: "localhost:3000" })).toEqual({ kind: "serve" });
  });
});

describe("local development hosts", () => {
  it.each([
    "http://localhost:9000/admin",
    "http://localhost:4000/",
    "http://127.0.0.1:4000/",
    "http://127.0.0.1:3000/",
    "http://[::1]:9000/",
    "http://LOCALHOST:3000/",
  ])("serves %s (ports 9000, 4000 and the app's own)", (url) => {
    expect(decide(url)).toEqual({ kind: "serve" });
  });

  it("counts the app's own port, whatever it is", () => {
    expect(decide("http://127.0.0.1:45123/", { port: 45123 })).toEqual({ kind: "serve" });
  });

  it("sends a loopback host on another port to the same page on the main host", () => {
    expect(decide("http://localhost:8080/admin?id=3")).toEqual({
      kind: "redirect",
      location: "http://gavel.example.org/admin?id=3",
    });
  });
});

describe("addresses", () => {
  it.each(["http://10.0.0.7:3001/event?id=2", "http://[2001:db8::1]:3001/event?id=2"])(
    "have no subdomain to look up: %s goes to the same page on the main host",
    (url) => {
      expect(decide(url)).toEqual({ kind: "redirect", location: "http://gavel.example.org/event?id=2" });
    },
  );
});

describe("the special subdomain", () => {
  it("goes to its fixed path on the main host", () => {
    expect(decide("https://give.gavel.example.org/anything?x=1")).toEqual({
      kind: "redirect",
      location: "https://gavel.example.org/woa2025give",
    });
  });

  it("is matched whatever its case", () => {
    expect(decide("https://GIVE.gavel.example.org/")).toMatchObject({ kind: "redirect" });
  });

  it("is an ordinary event subdomain when none is configured", () => {
    expect(decide("https://give.gavel.example.org/", { special: undefined })).toMatchObject({
      kind: "event",
      subdomain: "give",
    });
  });
});

describe("www", () => {
  it("is the main site, never an event", () => {
    expect(decide("https://www.gavel.example.org/admin?id=2")).toEqual({
      kind: "redirect",
      location: "https://gavel.example.org/admin?id=2",
    });
  });
});

describe("event subdomains", () => {
  it("are looked up by their first label, in lower case", () => {
    expect(decide("https://HarborLights.gavel.example.org/")).toMatchObject({
      kind: "event",
      subdomain: "harborlights",
    });
  });

  it("go to the event page on the main host, keeping the query string", () => {
    const decision = eventDecision(decide("https://harborlights.gavel.example.org/whatever?utm_source=mail&table=4"));
    expect(decision.eventLocation(7)).toBe("https://gavel.example.org/event?id=7&utm_source=mail&table=4");
    expect(decision.notFoundLocation).toBe("https://gavel.example.org/404");
  });

  it("let the event's id win over an id in the query string", () => {
    const decision = eventDecision(decide("https://harborlights.gavel.example.org/?id=99&x=1"));
    expect(decision.eventLocation(7)).toBe("https://gavel.example.org/event?id=7&x=1");
  });

  it("keep the port of a development subdomain such as harborlights.localhost:3000", () => {
    const decision = eventDecision(decide("http://harborlights.localhost:3000/", { appHost: "localhost" }));
    expect(decision.subdomain).toBe("harborlights");
    expect(decision.eventLocation(1)).toBe("http://localhost:3000/event?id=1");
    expect(decision.notFoundLocation).toBe("http://localhost:3000/404");
  });

  it("use APP_HOST's own port when it has one", () => {
    const decision = eventDecision(decide("http://harborlights.localhost:9999/", { appHost: "localhost:3000" }));
    expect(decision.eventLocation(1)).toBe("http://localhost:3000/event?id=1");
  });

  it("take the first label of a deeper name, as the spec says", () => {
    expect(decide("https://a.b.gavel.example.org/")).toMatchObject({ kind: "event", subdomain: "a" });
  });

  it("use the scheme a trusted proxy reports", () => {
    const decision = eventDecision(decide("http://harborlights.gavel.example.org/", { forwardedProto: "https, http" }));
    expect(decision.eventLocation(2)).toBe("https://gavel.example.org/event?id=2");
  });

  it("ignore a forwarded scheme that is not http or https", () => {
    const decision = eventDecision(decide("http://harborlights.gavel.example.org/", { forwardedProto: "javascript" }));
    expect(decision.eventLocation(2)).toBe("http://gavel.example.org/event?id=2");
  });
});

describe("hosts of another domain", () => {
  it("are looked up by their first label too (spec: any first label that is not the main or a development host)", () => {
    const decision = eventDecision(decide("https://springgala.example.com/"));
    expect(decision.subdomain).toBe("springgala");
    expect(decision.eventLocation(5)).toBe("https://gavel.example.org/event?id=5");
  });
});
