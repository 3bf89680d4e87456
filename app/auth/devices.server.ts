/**
 * A browser's device cookie (gavel_device): a random id, signed, kept for 400 days and never cleared by signing out.
 * The sign-in limits count by it: a venue's guests share one network address, but each phone holds its own device,
 * and a browser that has signed in to an account before (sign_in_device) is treated as its owner's (decision 035).
 * Tables keep a keyed hash of the id (the device key), so a copy of the database hands out no cookies.
 */
import { createHmac, randomBytes } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { secretFor } from "~/config.server";
import { sign_in_device } from "~drizzle/schema";
import { normaliseEmail } from "./accounts.server";
import type { Database } from "~/db/connection.server";

const deviceCookie = createCookie("gavel_device", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 400 * 24 * 60 * 60,
  secrets: [secretFor("device-cookie")],
});

const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

/** A browser's device: its key, and the cookie to send when it was given one just now. */
export type Device = { key: string; setCookie?: string };

const keyOf = (id: string) => createHmac("sha256", secretFor("device-key")).update(id).digest("base64url");

/** The key of the device the browser holds, or undefined when it sent none (or a forged one). */
export async function heldDeviceKey(request: Request): Promise<string | undefined> {
  const id: unknown = await deviceCookie.parse(request.headers.get("Cookie"));
  return typeof id === "string" && DEVICE_ID.test(id) ? keyOf(id) : undefined;
}

/** The device the browser holds, or a new one with the cookie that gives it to the browser. */
export async function ensureDevice(request: Request): Promise<Device> {
  const held = await heldDeviceKey(request);
  if (held) return { key: held };
  const id = randomBytes(16).toString("base64url");
  return { key: keyOf(id), setCookie: await deviceCookie.serialize(id) };
}

/** Whether this browser has signed in to the account of `email` before. */
export async function isOwnDevice(db: Database, email: string, device: string | undefined): Promise<boolean> {
  if (!device) return false;
  const [row] = await db
    .select({ email: sign_in_device.email })
    .from(sign_in_device)
    .where(and(eq(sign_in_device.email, normaliseEmail(email)), eq(sign_in_device.device, device)))
    .limit(1);
  return row !== undefined;
}

/** Remembers that this browser signed in to the account of `email`. */
export async function rememberDevice(db: Database, email: string, device: string, now: Date) {
  await db
    .insert(sign_in_device)
    .values({ email: normaliseEmail(email), device, last_signed_in_at: now })
    .onConflictDoUpdate({
      target: [sign_in_device.email, sign_in_device.device],
      set: { last_signed_in_at: now },
    });
}

/**
 * The headers that give a browser holding no device cookie one: for the loaders of pages whose forms the limits count
 * by browser (the sign-in pages, the home page's sign-in form, /dp's gifts).
 */
export async function deviceCookieHeaders(request: Request): Promise<Headers> {
  const { setCookie } = await ensureDevice(request);
  return new Headers(setCookie ? { "Set-Cookie": setCookie } : {});
}
