// The team screen /admin/setup/team: invite, edit, change several at once, remove; and who may open it.
import { expect, test } from "./support/fixtures";
import { hydrated } from "./support/hydrated";
import { linkTo, waitForMail } from "./support/mail";
import { signIn } from "./support/sign-in";
import type { Page } from "@playwright/test";

const notifications = (page: Page) => page.getByRole("region", { name: "Notifications" });

async function invite(page: Page, person: { email: string; first: string; last: string }, permission: string) {
  await page.getByRole("textbox", { name: /^Email/ }).fill(person.email);
  await page.getByLabel("First name").fill(person.first);
  await page.getByLabel("Last name").fill(person.last);
  await page.getByRole("checkbox", { name: permission, exact: true }).check();
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(notifications(page)).toContainText(`Invitation sent to ${person.email.toLowerCase()}`);
}

test("the organiser invites people, edits their permissions, changes several at once and removes them", async ({
  page,
  gala,
}) => {
  const tag = Date.now().toString(36);
  const sam = { email: `Sam.${tag}@Example.org`, first: "Sam", last: `Helper ${tag}` };
  const kim = { email: `kim.${tag}@example.org`, first: "Kim", last: `Usher ${tag}` };
  const samName = `Sam Helper ${tag}`;
  const kimName = `Kim Usher ${tag}`;

  await signIn(page, gala.organiser);
  // The scripts are held back until the first post has been answered: a post sent before the page is hydrated
  // comes back as a whole page, and its refused field still gets focus once the scripts run.
  let releaseScripts = () => {};
  const scriptsReleased = new Promise<void>((resolve) => (releaseScripts = resolve));
  const scripts = /\/build\/.+\.js$/;
  await page.route(scripts, async (route) => {
    await scriptsReleased;
    await route.continue();
  });
  // Module scripts hold back DOMContentLoaded too: wait for the answer only.
  await page.goto("/admin/setup", { waitUntil: "commit" });
  await expect(page).toHaveURL(/\/admin\/setup\/team$/);
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Team" })).toBeVisible();

  // A bad address is refused beside the field.
  await page.getByRole("textbox", { name: /^Email/ }).fill("not-an-address");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Enter an email address such as name@example.org.")).toBeVisible();
  releaseScripts();
  await hydrated(page);
  // Later pages' scripts load straight, not each through the route and back.
  await page.unroute(scripts);
  await expect(page.getByRole("textbox", { name: /^Email/ })).toBeFocused();

  await invite(page, sam, "Register guests");
  await invite(page, kim, "Check guests in and out");
  const samRow = page.getByRole("row", { name: new RegExp(samName) });
  await expect(samRow).toContainText(`sam.${tag}@example.org`);
  await expect(page.getByRole("checkbox", { name: `${samName}: Register guests` })).toBeChecked();

  // One member's row: tick, save.
  await page.getByRole("checkbox", { name: `${samName}: Reports and exports` }).check();
  await expect(samRow).toContainText("Unsaved changes");
  await page.getByRole("button", { name: `Save ${samName}` }).click();
  await expect(notifications(page)).toContainText("Permissions saved");
  await page.reload();
  await expect(page.getByRole("checkbox", { name: `${samName}: Reports and exports` })).toBeChecked();

  // Several members at once.
  await page.getByRole("checkbox", { name: `Select ${samName}` }).check();
  await page.getByRole("checkbox", { name: `Select ${kimName}` }).check();
  await page.getByLabel("Permission or notification").selectOption({ label: "See figures and bids" });
  await page.getByRole("button", { name: "Give to selected" }).click();
  await expect(notifications(page)).toContainText("2 members now have “See figures and bids”");
  await expect(page.getByRole("checkbox", { name: `${samName}: See figures and bids` })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: `${kimName}: See figures and bids` })).toBeChecked();

  // Removing asks first; cancelling keeps the member.
  await page.getByRole("button", { name: `Remove ${kimName}` }).click();
  const dialog = page.getByRole("alertdialog", { name: `Remove ${kimName} from the team?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("row", { name: new RegExp(kimName) })).toBeVisible();

  for (const name of [kimName, samName]) {
    await page.getByRole("button", { name: `Remove ${name}` }).click();
    await page
      .getByRole("alertdialog", { name: `Remove ${name} from the team?` })
      .getByRole("button", { name: "Remove" })
      .click();
    await expect(page.getByRole("row", { name: new RegExp(name) })).toBeHidden();
    // Focus stays in the table rather than falling back to the page.
    await expect(page.getByRole("table", { name: /Team members/ }).locator("xpath=..")).toBeFocused();
    await expect(notifications(page)).toContainText("Removed from the team");
  }
  await page.reload();
  await expect(page.getByRole("row", { name: new RegExp(samName) })).toHaveCount(0);
});

test("the last member who can configure the event can be neither demoted nor removed", async ({ page, gala }) => {
  await signIn(page, gala.organiser);
  await page.goto("/admin/setup/team");
  const me = page.getByRole("row", { name: /Morgan Ellis/ });
  await expect(me).toContainText("The only member who can configure the event.");

  await page.getByRole("checkbox", { name: "Morgan Ellis: Configure the event (admin)" }).uncheck();
  await page.getByRole("button", { name: "Save Morgan Ellis" }).click();
  await expect(me.getByRole("alert")).toContainText("At least one team member must keep “Configure the event (admin)”");

  await page.reload();
  await expect(page.getByRole("checkbox", { name: "Morgan Ellis: Configure the event (admin)" })).toBeChecked();
  await page.getByRole("button", { name: "Remove Morgan Ellis" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
  await expect(me.getByRole("alert")).toContainText("Give it to someone else first.");
  await expect(me).toBeVisible();
});

test("a volunteer does not see the team screen in the menus, and cannot open it", async ({ page, gala }) => {
  await signIn(page, gala.volunteer);
  await page.goto("/admin");
  await expect(page.getByRole("link", { name: "Events" }).first()).toBeVisible();
  await expect(page.getByRole("link", { name: /^Setup|^Team/ })).toHaveCount(0);

  const response = await page.goto("/admin/setup/team");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "No access to this page" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Team" })).toHaveCount(0);
});

test("the team screen works without JavaScript: a row saves, and a refusal comes back beside it with 400", async ({
  browser,
  page: signingIn,
  gala,
}) => {
  await signIn(signingIn, gala.organiser);
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await signingIn.context().storageState(),
  });
  const page = await context.newPage();
  await page.goto("/admin/setup/team");

  await page.getByRole("checkbox", { name: "Priya Shah: Send messages" }).check();
  await page.getByRole("button", { name: "Save Priya Shah" }).click();
  await expect(page.getByRole("checkbox", { name: "Priya Shah: Send messages" })).toBeChecked();
  await page.getByRole("checkbox", { name: "Priya Shah: Send messages" }).uncheck();
  await page.getByRole("button", { name: "Save Priya Shah" }).click();
  await expect(page.getByRole("checkbox", { name: "Priya Shah: Send messages" })).not.toBeChecked();

  await page.getByRole("checkbox", { name: "Morgan Ellis: Configure the event (admin)" }).uncheck();
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    page.getByRole("button", { name: "Save Morgan Ellis" }).click(),
  ]);
  expect(response.status()).toBe(400);
  await expect(page.getByRole("row", { name: /Morgan Ellis/ })).toContainText("At least one team member must keep");
  await context.close();
});

test("an invited person follows the emailed link, chooses a password and works on the event", async ({
  page,
  browser,
  gala,
}) => {
  const tag = Date.now().toString(36);
  const ada = { email: `ada.${tag}@example.org`, first: "Ada", last: `Door ${tag}` };
  await signIn(page, gala.organiser);
  await page.goto("/admin/setup/team");
  await invite(page, ada, "Check guests in and out");

  const invitation = await waitForMail(ada.email, /^Join the team of Harbor Lights Gala \d{4} on Gavel$/);
  const invitee = await (await browser.newContext()).newPage();
  await invitee.goto(linkTo(invitation, "/teamsignup"));
  await expect(invitee.getByRole("heading", { name: /^Join the team of Harbor Lights Gala \d{4}$/ })).toBeVisible();
  await invitee.getByLabel("Choose a password").fill("short");
  await invitee.getByRole("button", { name: "Join the team" }).click();
  await expect(invitee.getByText("Use at least 10 characters.")).toBeVisible();
  await invitee.getByLabel("Choose a password").fill("door duty all evening");
  await invitee.getByRole("button", { name: "Join the team" }).click();

  await expect(invitee).toHaveURL(/\/admin(\/|$)/);
  await expect(invitee.getByText(`Signed in as Ada Door ${tag}`)).toBeVisible();
  await expect(invitee.getByText(/^Current event: Harbor Lights Gala \d{4}$/)).toBeVisible();
  // The role given in the invitation is what the menus offer: no team screen for door staff.
  expect((await invitee.goto("/admin/setup/team"))?.status()).toBe(403);

  // The link works once.
  await invitee.goto(linkTo(invitation, "/teamsignup"));
  await expect(invitee.getByRole("heading", { name: "This invitation no longer works" })).toBeVisible();
  await invitee.context().close();
});
