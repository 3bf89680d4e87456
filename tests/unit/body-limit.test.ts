// Request bodies have a size by route (issue 19: anonymous forms read any body whole into memory).
import { describe, expect, it } from "vitest";
import { bodyRefusal, PUBLIC_BODY_BYTES } from "~/security/body-limit";

const ADMIN = 64 * 1024 * 1024;
const post = (path: string, contentLength?: string, transferEncoding?: string) =>
  bodyRefusal({ method: "POST", path, contentLength, transferEncoding }, ADMIN);

describe("request body limits", () => {
  it("takes a public form up to 1 MB and refuses one past it with 413", () => {
    expect(post("/register", String(PUBLIC_BODY_BYTES))).toBeNull();
    expect(post("/register", String(PUBLIC_BODY_BYTES + 1))).toMatchObject({ status: 413 });
    expect(post("/auth/sign-in", "50000000")).toMatchObject({ status: 413 });
  });

  it("lets the team's pages upload up to their ceiling", () => {
    expect(post("/admin/auction_items/auction_item_page", String(30 * 1024 * 1024))).toBeNull();
    expect(post("/admin/auction_items/auction_item_page", String(ADMIN + 1))).toMatchObject({ status: 413 });
    // Only the folder: a public path that merely begins with "admin" is public.
    expect(post("/administer", String(2 * PUBLIC_BODY_BYTES))).toMatchObject({ status: 413 });
  });

  it("refuses a body of no declared length (chunked) with 411, and lets bodiless requests through", () => {
    expect(post("/register", undefined, "chunked")).toMatchObject({ status: 411 });
    expect(post("/register", "abc", "chunked")).toMatchObject({ status: 411 });
    expect(post("/register")).toBeNull();
    expect(
      bodyRefusal({ method: "GET", path: "/event", contentLength: "99999999", transferEncoding: undefined }, ADMIN),
    ).toBeNull();
  });
});
