// Matching a Google identity to a person (the verify step of the Google strategy): by google_id, then by email
// address (linking the account), else a new person; only verified addresses.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { findOrCreateGoogleUser, GoogleSignInRefused, type GoogleIdentity } from "~/auth/google.server";
import { usr } from "~drizzle/schema";
import { testDatabase } from "../support/database";
import { makeUser } from "../support/people";

const { db } = testDatabase();
let counter = 0;
const identity = (fields: Partial<GoogleIdentity> = {}): GoogleIdentity => {
  counter += 1;
  return {
    sub: `google-${counter}-${Date.now()}`,
    email: `google-${counter}@example.org`,
    emailVerified: true,
    ...fields,
  };
};
const person = async (usrId: number) => (await db.select().from(usr).where(eq(usr.usr_id, usrId)))[0];

describe("Google identities", () => {
  it("create a new person the first time, with their names", async () => {
    const google = identity({ givenName: "Grace", familyName: "Hopper" });
    const usrId = await findOrCreateGoogleUser(google);
    expect(await person(usrId)).toMatchObject({
      email_address: google.email,
      google_id: google.sub,
      first_name: "Grace",
      last_name: "Hopper",
    });
  });

  it("find the same person again by google_id, even after the address changed at Google", async () => {
    const google = identity();
    const usrId = await findOrCreateGoogleUser(google);
    expect(await findOrCreateGoogleUser({ ...google, email: "renamed@example.org" })).toBe(usrId);
  });

  it("are linked to the person with the same address, in any case, keeping their names", async () => {
    const existing = await makeUser(db, { email: "Linda.Link@Example.org", first_name: "Linda" });
    const google = identity({ email: "linda.link@example.org", givenName: "Lin", familyName: "Link" });
    expect(await findOrCreateGoogleUser(google)).toBe(existing.usr_id);
    expect(await person(existing.usr_id)).toMatchObject({
      google_id: google.sub,
      first_name: "Linda",
      last_name: "Link",
    });
    expect(await db.select().from(usr).where(eq(usr.google_id, google.sub))).toHaveLength(1);
  });

  it("are refused when the provider has not verified the address", async () => {
    const existing = await makeUser(db);
    const unverified = identity({ email: existing.email_address, emailVerified: false });
    await expect(findOrCreateGoogleUser(unverified)).rejects.toThrow(GoogleSignInRefused);
    expect((await person(existing.usr_id)).google_id).toBeNull();
    expect(await db.select().from(usr).where(eq(usr.google_id, unverified.sub))).toEqual([]);
  });

  it("are refused for an address already linked to another Google account", async () => {
    const first = identity();
    await findOrCreateGoogleUser(first);
    await expect(findOrCreateGoogleUser(identity({ email: first.email }))).rejects.toThrow(/different Google account/);
  });
});
