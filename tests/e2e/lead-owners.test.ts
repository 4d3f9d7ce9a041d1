import { expect, test } from "vitest";
import { axeViolations, PHONE, setupBrowser, waitForHydration } from "#tests/support/browser.ts";
import { consultationValues } from "#tests/support/forms.ts";
import { setupOwnServer } from "#tests/support/own-server.ts";
import { signInAs } from "#tests/support/staff.ts";

/*
 * Lead owners end to end: an admin makes a team and a routing rule, a
 * visitor's consultation from a matching page is owned by that team's
 * member, and the member's "Mine" view lists it.
 */

const { newPage } = setupBrowser();

const site = setupOwnServer({ FORM_RATE_LIMIT: "1000" }, { postgres: true });

/** A sales colleague with a password, signed in on a page of their own. */
async function salesColleague(name: string, email: string) {
  const page = await newPage({ baseURL: site.server.baseURL });
  await signInAs(page, site.server, "sales", { name, email });
  return page;
}

test("an admin's team and rule send a lead from /crm in India to the team's member, whose Mine view lists it", async () => {
  // Both join the default team; Omar first, so the default team's first turn would be his.
  await salesColleague("Omar Other", "omar@example.com");
  const member = await salesColleague("Priya Member", "priya@example.com");

  const admin = await newPage({ baseURL: site.server.baseURL, viewport: PHONE });
  await signInAs(admin, site.server, "admin", { name: "Ada Admin", at: "/staff/teams" });
  await admin.getByLabel("New team's name").fill("India CRM");
  await admin.getByRole("button", { name: "Create team" }).click();
  await admin.getByText("The team India CRM is created.").waitFor();
  await admin.getByLabel("Add to India CRM").selectOption({ label: "Priya Member" });
  await admin
    .locator("form", { has: admin.getByLabel("Add to India CRM") })
    .getByRole("button", { name: "Add member" })
    .click();
  await admin.getByText("Priya Member is now in India CRM").waitFor();
  await admin.getByLabel("Country is").fill("India");
  await admin.getByLabel("Sent from a page about").selectOption({ label: "CRM Solutions" });
  await admin.getByLabel("Send to team").selectOption({ label: "India CRM" });
  await admin.getByRole("button", { name: "Add rule" }).click();
  await admin.getByText("Rule added: Country is India and sent from a CRM Solutions page → India CRM.").waitFor();
  // The answer shows with the post's result; the list follows when the page's data is read again.
  const rules = admin.locator("#rules-heading + p + ol li");
  await rules.first().waitFor();
  expect(await rules.count()).toBe(1);
  expect(await axeViolations(admin)).toEqual([]);
  // Nothing sticks out sideways on a 375 px phone.
  expect(await admin.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

  const visitor = await newPage({ baseURL: site.server.baseURL });
  await visitor.goto("/crm");
  await waitForHydration(visitor);
  const form = visitor.locator("#consultation form[novalidate]");
  const values = consultationValues({ fullName: "Ravi Lead", email: "ravi@example.com", country: "India" });
  for (const [name, value] of Object.entries(values)) await form.locator(`[name="${name}"]`).fill(value);
  await form.getByRole("button", { name: "Enquire Now" }).click();
  await visitor.getByTestId("toast-text").getByText("Consultation request submitted successfully!", { exact: true }).waitFor();

  const {
    rows: [row],
  } = await site.database.pool.query<{ id: string; owner: string; team: string }>(
    "select c.id::text, u.name as owner, t.name as team from consultations c join staff_user u on u.id = c.owner_id join teams t on t.id = c.team_id where c.email = $1",
    ["ravi@example.com"],
  );
  expect(row).toMatchObject({ owner: "Priya Member", team: "India CRM" });

  await member.goto("/staff/consultations");
  await member.getByRole("navigation", { name: "Views" }).getByRole("link", { name: "Mine" }).click();
  await member.waitForURL(/owner=mine/);
  const rows = member.locator("tbody tr");
  expect(await rows.count()).toBe(1);
  expect(await rows.first().locator("th").textContent()).toMatch(/^Ravi LeadUnreadCON-\d{4}-[A-Z0-9]{6}$/);
  await member.goto(`/staff/consultations/${row!.id}`);
  expect(await member.locator("#owner-heading + p").textContent()).toBe("Owned by Priya Member · Team: India CRM");

  // Unread is per person: read for Priya now, still unread for the admin.
  await member.goto("/staff/consultations?owner=mine");
  expect(await rows.first().locator("th").textContent()).toMatch(/^Ravi LeadCON-\d{4}-[A-Z0-9]{6}$/);
  await admin.goto(
    `/staff/consultations?owner=${encodeURIComponent((await site.database.pool.query<{ id: string }>("select id from staff_user where email = 'priya@example.com'")).rows[0]!.id)}`,
  );
  expect(await admin.locator("tbody tr th").first().textContent()).toMatch(/^Ravi LeadUnreadCON-\d{4}-[A-Z0-9]{6}$/);
});
