// The live-stream ceilings of one server process (issue 19, L8): per client address and in all; a place is given
// back once, however often its connection reports closing.
import { describe, expect, it } from "vitest";
import { streamGate } from "~/security/stream-limit";

const stream = (address: string) => ({ method: "GET", path: "/inroombid/stream", address });

describe("streamGate", () => {
  it("leaves requests that are not live streams alone", () => {
    const gate = streamGate({ perAddress: 1, perProcess: 1 });
    expect(gate.admit({ method: "GET", path: "/inroombid", address: "a" })).toBeNull();
    expect(gate.admit({ method: "POST", path: "/inroombid/stream", address: "a" })).toBeNull();
  });

  it("refuses an address past its ceiling, not the others, and admits it again after a release", () => {
    const gate = streamGate({ perAddress: 2, perProcess: 10 });
    const first = gate.admit(stream("10.0.0.1"));
    expect(gate.admit(stream("10.0.0.1"))).toHaveProperty("release");
    expect(gate.admit(stream("10.0.0.1"))).toMatchObject({ status: 429 });
    expect(gate.admit(stream("10.0.0.2"))).toHaveProperty("release");
    (first as { release: () => void }).release();
    expect(gate.admit(stream("10.0.0.1"))).toHaveProperty("release");
  });

  it("refuses everyone past the process's ceiling", () => {
    const gate = streamGate({ perAddress: 10, perProcess: 2 });
    gate.admit(stream("a"));
    gate.admit(stream("b"));
    expect(gate.admit(stream("c"))).toMatchObject({ status: 429 });
  });

  it("gives a place back once, and forgets an address with nothing open", () => {
    const gate = streamGate({ perAddress: 1, perProcess: 1 });
    const place = gate.admit(stream("a")) as { release: () => void };
    place.release();
    place.release();
    expect(gate.counts()).toEqual({ open: 0, addresses: 0 });
    expect(gate.admit(stream("a"))).toHaveProperty("release");
    expect(gate.admit(stream("b"))).toMatchObject({ status: 429 });
  });
});
