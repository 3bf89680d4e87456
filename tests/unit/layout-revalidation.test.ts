// The admin layouts' shouldRevalidate: they load again after a submission, on a change of event, and when the live
// stream has reported a change of the data areas since they were loaded; not for a screen's own refresh (a bid).
import { describe, expect, it } from "vitest";
import { dataAreasReported, dataAreasShown, revalidateOnSubmitOrEventChange } from "~/navigation/layout-revalidation";
import type { ShouldRevalidateFunctionArgs } from "@remix-run/react";

const at = (path: string) => new URL(path, "http://localhost");
const args = (current: string, next: string, formMethod?: string) =>
  ({
    currentUrl: at(current),
    nextUrl: at(next),
    currentParams: {},
    nextParams: {},
    formMethod,
    defaultShouldRevalidate: true,
  }) as ShouldRevalidateFunctionArgs;

describe("revalidateOnSubmitOrEventChange", () => {
  it("reloads after a submission and when ?id changes, not between screens of the same event", () => {
    expect(revalidateOnSubmitOrEventChange(args("/admin/setup/team", "/admin/setup/team", "POST"))).toBe(true);
    expect(revalidateOnSubmitOrEventChange(args("/admin/dashboard?id=1", "/admin/events?id=2"))).toBe(true);
    expect(revalidateOnSubmitOrEventChange(args("/admin/dashboard?id=1", "/admin/setup/team?id=1"))).toBe(false);
  });

  it("reloads on a refresh only while the stream's latest marker is not the one the layouts were loaded with", () => {
    dataAreasShown("1:4:1712345678.1");
    dataAreasReported("1:4:1712345678.1");
    // A screen reloading its own data for a bid: the layouts stay as they are.
    expect(revalidateOnSubmitOrEventChange(args("/admin/dashboard", "/admin/dashboard"))).toBe(false);

    // Someone renamed the event: the next refresh, or navigation, loads the layouts again.
    dataAreasReported("1:5:1712345678.1");
    expect(revalidateOnSubmitOrEventChange(args("/admin/dashboard", "/admin/dashboard"))).toBe(true);
    expect(revalidateOnSubmitOrEventChange(args("/admin/dashboard", "/admin/setup/team"))).toBe(true);

    // Loaded at (or past) that marker: back to reloading only for submissions and events.
    dataAreasShown("1:5:1712345678.1");
    expect(revalidateOnSubmitOrEventChange(args("/admin/dashboard", "/admin/dashboard"))).toBe(false);
  });
});
