import { useEffect, useLayoutEffect } from "react";

/**
 * useLayoutEffect in the browser, where it runs before the browser paints, and before a removed element leaves the
 * page (so its cleanup can still move focus out of it). On the server, where no effect runs, useEffect: React warns
 * on every server render of a useLayoutEffect.
 */
export const useClientLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;
