// What server.js compresses (app/http/compression-rule.ts): pages and page data yes; live streams and the small answers
// to posts made in place no.
import { describe, expect, it } from "vitest";
import { mayCompress } from "~/http/compression-rule";

describe("which answers may be compressed", () => {
  it("compresses pages, their data and a document post's answer", () => {
    expect(mayCompress({ method: "GET", path: "/inroombid" }, "text/html; charset=utf-8")).toBe(true);
    expect(mayCompress({ method: "GET", path: "/inroombid.data" }, "text/x-script")).toBe(true);
    expect(mayCompress({ method: "POST", path: "/inroombid" }, "text/html; charset=utf-8")).toBe(true);
  });

  it("leaves a post's answer in place as it is, whatever the method of the post", () => {
    expect(mayCompress({ method: "POST", path: "/inroombid.data" }, "text/x-script")).toBe(false);
    expect(mayCompress({ method: "DELETE", path: "/admin/items.data" }, "text/x-script")).toBe(false);
    expect(mayCompress({ method: "PUT", path: "/_root.data" }, "text/x-script")).toBe(false);
  });

  it("never holds a live stream's events in a compressor", () => {
    expect(mayCompress({ method: "GET", path: "/inroombid/stream" }, "text/event-stream")).toBe(false);
  });
});
