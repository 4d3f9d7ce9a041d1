import sharp from "sharp";
import { expect, test } from "vitest";
import { setupBrowser, waitForStaffHydration } from "#tests/support/browser.ts";
import { isPostgresReachable } from "#tests/support/databases.ts";
import { expectAccessible, gotoContentForm, notice, setupServerPair, timeUntil, VISIBLE_WITHIN_MS } from "#tests/support/publishing.ts";
import { signInAs } from "#tests/support/staff.ts";

/*
 * Case studies as content (decision 063), on two processes over one
 * PostgreSQL: an editor writes a study for /crm with a cover, which visitors
 * do not see as a draft; published, both processes show it on /crm's cards and
 * at its own address; turning "Demo example" off removes the label.
 */
const { newPage } = setupBrowser();
const reachable = await isPostgresReachable();

// The worker's pair: this file's data (its study, its address, its account) is its own.
const pair = setupServerPair(reachable, { shared: true });

const TITLE = "A CRM and a renewals desk for Northwind Insurance";
const SLUG = "northwind-crm-renewals";

/** The /crm page's case study cards, by the words of each card. */
const crmCardOf = (body: string) => /<article[^>]*>(?:(?!<\/article>).)*Northwind Insurance(?:(?!<\/article>).)*<\/article>/s.exec(body)?.[0] ?? null;

test.skipIf(!reachable)(
  "an editor writes a case study for /crm with a cover: unseen as a draft, then on /crm's cards and its own page on both processes; turning Demo example off removes the label",
  { timeout: 240_000 },
  async () => {
    const { first, second } = pair;
    const editor = await newPage({ baseURL: first.baseURL, allowConsoleErrors: /status of (400|404|409)/ });
    await signInAs(editor, first, "editor", { name: "Cara Cases" });
    await editor.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Case studies" }).click();
    await editor.getByRole("heading", { name: "Case studies", level: 1 }).waitFor();
    // The six demo studies are the first content, each labelled.
    expect(await editor.locator("main table tbody tr").filter({ hasText: "Demo example" }).count()).toBe(6);
    await expectAccessible(editor);

    await gotoContentForm(editor, "/staff/case-studies/new");
    await expectAccessible(editor);
    await editor.getByLabel(/^Title/).fill(TITLE);
    await editor.getByLabel(/^Summary/).fill("An insurance broker moved leads, policies and renewals into one CRM and renews more policies on time.");
    await editor.getByRole("checkbox", { name: "Demo example" }).check();
    await editor.getByLabel(/^Client's sector/).fill("Insurance broking");
    await editor.getByLabel(/^Client's size/).fill("About 80 advisers");
    await editor.getByRole("checkbox", { name: "CRM Solutions" }).check();
    await editor.getByLabel(/^The problem/).fill("Renewals lived in each adviser's spreadsheet, and a missed date lost the customer.");
    await editor.getByLabel(/^What we built/).fill("A CRM for leads, policies and renewals\nRenewal reminders 60, 30 and 7 days ahead");
    await editor.getByLabel(/^Technology/).fill("Salesforce, AWS");
    await editor.getByLabel(/^Result 1: figure/).fill("12 points");
    await editor.getByLabel(/^Result 1: what it measures/).fill("higher renewal rate in the first year");
    const cover = await sharp({ create: { width: 1600, height: 840, channels: 3, background: "#1f4e79" } })
      .png()
      .toBuffer();
    await editor.getByLabel(/^Cover$|^Cover \(optional\)/).setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: cover });
    await editor.getByLabel(/^Address/).fill(SLUG);
    // A new cover needs its description: refused beside the field, nothing saved.
    await editor.getByRole("button", { name: "Save draft" }).click();
    await editor.getByText("Describe the cover for people who cannot see it.").waitFor();
    await editor.getByLabel(/^Cover$|^Cover \(optional\)/).setInputFiles({ name: "cover.png", mimeType: "image/png", buffer: cover });
    await editor.getByLabel(/^Cover description/).fill("The renewals desk's dashboard on a laptop");
    await editor.getByRole("button", { name: "Save draft" }).click();
    await editor.waitForURL(/\/staff\/case-studies\/\d+\?done=created$/);
    await waitForStaffHydration(editor);
    const editPath = new URL(editor.url()).pathname;

    // A draft is nobody's: its address is the site's 404 and /crm does not show it.
    for (const server of [first, second]) {
      expect((await fetch(`${server.baseURL}/portfolio/${SLUG}`)).status).toBe(404);
      expect(crmCardOf(await (await fetch(`${server.baseURL}/crm`)).text())).toBeNull();
    }
    await editor.getByRole("link", { name: "Preview" }).click();
    await editor.waitForURL(/\/preview$/);
    await editor.getByText("Preview (Draft)").waitFor();
    expect(await editor.getByRole("img", { name: "The renewals desk's dashboard on a laptop" }).getAttribute("srcset")).toMatch(/\/media\/.+ 320w/);
    await editor.getByRole("link", { name: "Back to editing" }).click();
    await waitForStaffHydration(editor);

    // Published: both processes show it on /crm's cards and at its own address.
    const since = Date.now();
    await editor.getByRole("button", { name: "Publish", exact: true }).click();
    await notice(editor, "is published");
    const onCrm = (status: number, body: string) => status === 200 && crmCardOf(body) !== null;
    const [firstCrm, secondCrm] = await Promise.all([timeUntil(first, "/crm", onCrm, since), timeUntil(second, "/crm", onCrm, since)]);
    console.log(`Case study publish to visible on /crm (ms): ${JSON.stringify({ first: firstCrm, second: secondCrm })}`);
    expect(firstCrm).toBeLessThan(VISIBLE_WITHIN_MS);
    expect(secondCrm).toBeLessThan(VISIBLE_WITHIN_MS);
    expect(crmCardOf(await (await fetch(`${second.baseURL}/crm`)).text())).toContain("Demo example");

    const visitor = await newPage({ baseURL: second.baseURL });
    await visitor.goto("/crm");
    const card = visitor.locator("article").filter({ hasText: TITLE });
    expect(await card.getByText("Demo example").isVisible()).toBe(true);
    expect(await card.locator("img").getAttribute("srcset")).toMatch(/\/media\/.+ 960w/);
    await card.getByRole("link", { name: TITLE }).click();
    await visitor.waitForURL(`**/portfolio/${SLUG}`);
    const main = visitor.locator("main");
    await main.getByRole("heading", { level: 1, name: TITLE }).waitFor();
    expect(await main.textContent()).toContain("Case study · Demo example");
    expect(await main.getByRole("img", { name: "The renewals desk's dashboard on a laptop" }).getAttribute("srcset")).toMatch(/\/media\/.+ 1600w/);
    expect(await main.textContent()).toContain("higher renewal rate in the first year");
    const article = (await visitor.locator('script[type="application/ld+json"]').allTextContents())
      .map((text) => JSON.parse(text))
      .find((item) => item["@type"] === "Article");
    expect(article).toMatchObject({ headline: TITLE, url: expect.stringMatching(new RegExp(`/portfolio/${SLUG}$`)) });
    expect(article.image[0]).toMatch(/\/media\/.+\.webp$/);
    await expectAccessible(visitor);

    // "Demo example" off, saved: the label leaves the card and the page.
    await gotoContentForm(editor, editPath);
    await editor.getByRole("checkbox", { name: "Demo example" }).uncheck();
    await editor.getByRole("button", { name: "Save changes" }).click();
    await notice(editor, "Saved.");
    const withoutLabel = (status: number, body: string) => status === 200 && !body.includes("Demo example");
    await Promise.all([timeUntil(first, `/portfolio/${SLUG}`, withoutLabel, Date.now()), timeUntil(second, `/portfolio/${SLUG}`, withoutLabel, Date.now())]);
    const crmCard = crmCardOf(await (await fetch(`${second.baseURL}/crm`)).text());
    expect(crmCard).toContain(TITLE);
    expect(crmCard).not.toContain("Demo example");

    // The history keeps each version: the last one compared with the one before names the box.
    await editor.goto(`${editPath}/history`);
    await editor.getByRole("heading", { level: 1, name: `History: ${TITLE}` }).waitFor();
    expect(await editor.locator("main").textContent()).toContain("Demo example");
  },
);
