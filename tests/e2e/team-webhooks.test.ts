import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { axeViolations, PHONE, setupBrowser } from "#tests/support/browser.ts";
import { setupOwnServer } from "#tests/support/own-server.ts";
import { signInAs } from "#tests/support/staff.ts";

/*
 * A team's webhook on the teams screen end to end: an admin saves an https
 * address, reads the signing secret and replaces it; a plain http address
 * elsewhere is refused with its sentence and the address typed stays in the
 * field. With JavaScript and as plain form posts, on a 375 px phone.
 */

const { newPage } = setupBrowser();

const site = setupOwnServer({ FORM_RATE_LIMIT: "1000" }, { postgres: true });

const HTTPS_ADDRESS = "https://hooks.slack.com/services/T000/B000/abcdefghijklmnop";
const PLAIN_HTTP_ADDRESS = "http://hooks.example.com/leads";
const REFUSED = "The webhook's address must start with https://, so what it sends is encrypted on the way.";

async function webhookOf(teamId: number) {
  const { rows } = await site.database.pool.query<{ url: string | null; secret: string | null }>(
    "select webhook_url as url, webhook_secret as secret from teams where id = $1",
    [teamId],
  );
  return rows[0]!;
}

/** The team's card on the teams screen, and the parts of its webhook settings. */
function teamCard(page: Page, teamId: number, teamName: string) {
  const card = page.locator(`section[aria-labelledby="team-${teamId}-heading"]`);
  return {
    card,
    address: card.locator(`#webhook-${teamId}`),
    error: card.locator(`#webhook-${teamId}-error`),
    save: card.getByRole("button", { name: `Save address for ${teamName}` }),
    secretSummary: card.getByText("Signing secret for receivers other than Slack and Teams"),
    secret: card.locator("details p.font-mono"),
    newSecret: card.getByRole("button", { name: `Make a new secret for ${teamName}` }),
  };
}

/** The page fits a 375 px screen: nothing makes it scroll sideways. */
const fitsPhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= 375);

/**
 * The page passes axe and fits a 375 px screen. Both run scripts in the page, which a
 * context without JavaScript does not; its HTML is the same as the hydrated page's.
 */
async function checkPage(page: Page, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) return;
  expect(await axeViolations(page)).toEqual([]);
  expect(await fitsPhone(page)).toBe(true);
}

async function adminOnTeams(javaScriptEnabled: boolean) {
  // A refused address answers 400, which Chromium reports in the console.
  const page = await newPage({ baseURL: site.server.baseURL, viewport: PHONE, javaScriptEnabled, allowConsoleErrors: /status of 400/ });
  await signInAs(page, site.server, "admin", { name: "Ada Admin", at: "/staff/teams" });
  return page;
}

for (const javaScriptEnabled of [true, false]) {
  test(`${javaScriptEnabled ? "with" : "without"} JavaScript: an admin saves a team's https webhook, reads its signing secret and replaces it; plain http elsewhere is refused, keeping what was typed`, async () => {
    const teamName = javaScriptEnabled ? "Webhooks JS" : "Webhooks NoJS";
    const {
      rows: [team],
    } = await site.database.pool.query<{ id: number }>("insert into teams (name) values ($1) returning id", [teamName]);
    const teamId = Number(team!.id);
    const page = await adminOnTeams(javaScriptEnabled);
    const parts = teamCard(page, teamId, teamName);
    expect(await parts.card.getByText("No webhook: the team hears of leads by email only.").count()).toBe(1);

    // Plain http to another machine: refused with its sentence, beside the field and in the page's alert; nothing saved.
    await parts.address.fill(PLAIN_HTTP_ADDRESS);
    await parts.save.click();
    await parts.error.getByText(REFUSED, { exact: true }).waitFor();
    expect(await page.getByRole("alert").textContent()).toBe(REFUSED);
    expect(await parts.address.inputValue()).toBe(PLAIN_HTTP_ADDRESS);
    expect(await parts.address.getAttribute("aria-invalid")).toBe("true");
    expect(await parts.address.getAttribute("aria-describedby")).toBe(`webhook-${teamId}-hint webhook-${teamId}-error`);
    expect(await webhookOf(teamId)).toEqual({ url: null, secret: null });
    await checkPage(page, javaScriptEnabled);

    // An https address is saved, and gets a secret the admin is shown.
    await parts.address.fill(HTTPS_ADDRESS);
    await parts.save.click();
    await page
      .getByRole("status")
      .getByText(`New and overdue leads of ${teamName} are now posted to the webhook. Give the receiver the signing secret shown below.`)
      .waitFor();
    const saved = await webhookOf(teamId);
    expect(saved.url).toBe(HTTPS_ADDRESS);
    expect(saved.secret).toMatch(/^[0-9a-f]{64}$/);
    await parts.card.getByText(`New and overdue leads are posted to ${HTTPS_ADDRESS}.`).waitFor();
    expect(await parts.error.count()).toBe(0);
    await parts.secretSummary.click();
    expect(await parts.secret.textContent()).toBe(saved.secret);
    await checkPage(page, javaScriptEnabled);

    // A new secret replaces the old one at once; the address stays.
    await parts.newSecret.click();
    await page.getByRole("status").getByText(`${teamName} has a new signing secret.`, { exact: false }).waitFor();
    const replaced = await webhookOf(teamId);
    expect(replaced.url).toBe(HTTPS_ADDRESS);
    expect(replaced.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(replaced.secret).not.toBe(saved.secret);
    if (!(await parts.secret.isVisible())) await parts.secretSummary.click();
    // The message is shown as the answer arrives; the page's data follows it.
    await expect.poll(() => parts.secret.textContent()).toBe(replaced.secret);

    const { rows: audited } = await site.database.pool.query<{ action: string; detail: unknown }>(
      "select action, detail from audit_log where target_type = 'team' and target_id = $1 order by id",
      [String(teamId)],
    );
    expect(audited).toEqual([
      { action: "team-webhook-set", detail: { host: "hooks.slack.com" } },
      { action: "team-webhook-secret-regenerated", detail: null },
    ]);
  });
}
