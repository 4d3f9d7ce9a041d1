import { expect, test } from "vitest";
import { setupBrowser } from "#tests/support/browser.ts";
import { isPostgresReachable } from "#tests/support/databases.ts";
import { expectAccessible, gotoContentForm, notice, setupServerPair, timeUntil, VISIBLE_WITHIN_MS } from "#tests/support/publishing.ts";
import type { RunningServer } from "#tests/support/server.ts";
import { signInAs } from "#tests/support/staff.ts";

/*
 * Search engines and addresses (issue 34, item 6; decision 060), on two
 * server processes over one PostgreSQL: an editor gives an insight its
 * address, an excerpt and a meta title, publishes it, then changes the
 * address as a draft (nothing moves) and publishes the change: the old
 * address answers 301 to the new one on both processes. Hidden from search
 * engines, the page says noindex and leaves the sitemap. Without JavaScript a
 * taken or reserved address is refused beside its field.
 */
const { newPage: openPage } = setupBrowser();
const reachable = await isPostgresReachable();

// The worker's pair: this file's data (titles, addresses, accounts) is its own.
const pair = setupServerPair(reachable, { shared: true });

/** The answer to `path` without following a redirect: its status and where it leads. */
async function answerOf(server: RunningServer, path: string): Promise<{ status: number; location: string | null }> {
  const response = await fetch(`${server.baseURL}${path}`, { redirect: "manual" });
  await response.body?.cancel();
  return { status: response.status, location: response.headers.get("location") };
}

/** How long until `path` answers a 301 to `to` on both processes. */
async function movedWithin(path: string, to: string, since: number): Promise<number[]> {
  const times: number[] = [];
  for (const server of [pair.first, pair.second]) {
    for (;;) {
      const answer = await answerOf(server, path);
      if (answer.status === 301 && answer.location === to) break;
      if (Date.now() - since > VISIBLE_WITHIN_MS * 3) throw new Error(`${path} still answers ${answer.status} → ${answer.location}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    times.push(Date.now() - since);
  }
  return times;
}

test.skipIf(!reachable)(
  "an editor sets an insight's address, excerpt and meta title; a published address change leaves a 301 on both processes; noindex leaves the sitemap",
  { timeout: 240_000 },
  async () => {
    const title = `Zero-trust basics ${Date.now()}`;
    const editor = await openPage({ baseURL: pair.first.baseURL, allowConsoleErrors: /status of 40[09]/ });
    await signInAs(editor, pair.first, "editor", { name: "Eve Editor" });
    await gotoContentForm(editor, "/staff/insights/new");
    await editor.getByLabel(/^Title/).fill(title);
    await editor.getByRole("button", { name: "Edit HTML" }).click();
    await editor.getByLabel("Article").fill("<p>Trust nothing by default; check every request.</p>");
    await editor.getByLabel("Excerpt").fill("Why every request is checked, in three short steps.");
    await editor.getByLabel("Address").fill("zero-trust-basics");
    const metaTitle = editor.getByLabel("Meta title");
    await metaTitle.fill("Zero trust, explained for busy teams");
    // The count follows the typing, against what search results show.
    await editor.getByText("36 of 60 characters recommended.").waitFor();
    await editor.getByRole("button", { name: "Save draft" }).click();
    await editor.waitForURL(/\/staff\/insights\/\d+\?done=created$/);
    const id = Number(/\/staff\/insights\/(\d+)/.exec(editor.url())![1]);
    await expectAccessible(editor);

    await editor.getByRole("button", { name: "Publish now" }).click();
    const published = Date.now();
    await notice(editor, "is published");
    for (const server of [pair.first, pair.second]) {
      const ms = await timeUntil(
        server,
        "/featured-insights/zero-trust-basics",
        (status, body) => status === 200 && body.includes("<title>Zero trust, explained for busy teams | "),
        published,
      );
      expect(ms).toBeLessThan(VISIBLE_WITHIN_MS);
    }
    const page = await (await fetch(`${pair.second.baseURL}/featured-insights/zero-trust-basics`)).text();
    expect(page).toContain('<meta name="description" content="Why every request is checked, in three short steps."/>');
    expect(page).toContain('<link rel="canonical" href="');
    expect(page).not.toContain('name="robots"');
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page)![1]!.replace(/\\u003c/g, "<"));
    expect(ld.url).toMatch(/\/featured-insights\/zero-trust-basics$/);
    expect(ld.description).toBe("Why every request is checked, in three short steps.");
    // The number still arrives, for good, at the address.
    expect(await answerOf(pair.second, `/featured-insights/${id}`)).toEqual({ status: 301, location: "/featured-insights/zero-trust-basics" });
    const listing = await (await fetch(`${pair.second.baseURL}/featured-insights`)).text();
    expect(listing).toContain('href="/featured-insights/zero-trust-basics"');
    expect(listing).toContain("Why every request is checked, in three short steps.");
    const feed = await (await fetch(`${pair.second.baseURL}/featured-insights/rss.xml`)).text();
    expect(feed).toMatch(/<link>[^<]*\/featured-insights\/zero-trust-basics<\/link>/);
    expect(feed).toContain("<description>Why every request is checked, in three short steps.</description>");
    expect(await (await fetch(`${pair.second.baseURL}/sitemap.xml`)).text()).toContain("/featured-insights/zero-trust-basics</loc>");

    // A new address saved as a draft moves nothing: the published page stays where it is.
    await editor.getByLabel("Address").fill("zero-trust-in-practice");
    await editor.getByRole("button", { name: "Save as draft" }).click();
    await notice(editor, "Your changes are saved as a draft.");
    expect((await answerOf(pair.second, "/featured-insights/zero-trust-basics")).status).toBe(200);
    expect((await answerOf(pair.second, "/featured-insights/zero-trust-in-practice")).status).toBe(404);

    // Publishing the change moves the page; the old address leads to the new one on both processes.
    await editor.getByRole("button", { name: "Publish changes" }).click();
    const moved = Date.now();
    await notice(editor, "The changes are published");
    for (const ms of await movedWithin("/featured-insights/zero-trust-basics", "/featured-insights/zero-trust-in-practice", moved))
      expect(ms).toBeLessThan(VISIBLE_WITHIN_MS);
    expect((await answerOf(pair.first, "/featured-insights/zero-trust-in-practice")).status).toBe(200);
    const kept = await pair.postgres.pool.query("select from_path, to_target, status from redirects where from_path like '/featured-insights/%'");
    expect(kept.rows).toEqual([{ from_path: "/featured-insights/zero-trust-basics", to_target: "/featured-insights/zero-trust-in-practice", status: 301 }]);
    // In the browser too: a visitor following the old link lands on the page.
    const visitor = await openPage({ baseURL: pair.second.baseURL });
    await visitor.goto("/featured-insights/zero-trust-basics");
    expect(new URL(visitor.url()).pathname).toBe("/featured-insights/zero-trust-in-practice");
    await visitor.getByRole("heading", { level: 1, name: title }).waitFor();

    // Hidden from search engines: the page says so and leaves the sitemap.
    await editor.getByLabel("Hide from search engines").check();
    await editor.getByRole("button", { name: "Save changes" }).click();
    const hidden = Date.now();
    await notice(editor, "The public page shows the change within seconds.");
    for (const server of [pair.first, pair.second]) {
      expect(
        await timeUntil(server, "/featured-insights/zero-trust-in-practice", (_, body) => body.includes('<meta name="robots" content="noindex"/>'), hidden),
      ).toBeLessThan(VISIBLE_WITHIN_MS);
      expect(await timeUntil(server, "/sitemap.xml", (_, body) => !body.includes("/featured-insights/zero-trust-"), hidden)).toBeLessThan(VISIBLE_WITHIN_MS);
    }

    // The history names each changed field.
    await editor.getByRole("link", { name: "History" }).click();
    const differences = editor.getByTestId("revision-differences");
    await differences.waitFor();
    expect(await differences.locator("dt").allTextContents()).toEqual(["Hidden from search engines"]);
    await editor.getByLabel("From revision").selectOption("1");
    await editor.getByRole("button", { name: "Compare" }).click();
    await editor.waitForURL(/from=1/);
    // The address changes as the navigation starts; the comparison is drawn when its data has come.
    await expect.poll(() => editor.getByTestId("revision-differences").locator("dt").allTextContents()).toEqual(["Address", "Hidden from search engines"]);
    await expectAccessible(editor);
  },
);

test.skipIf(!reachable)(
  "without JavaScript a taken or reserved address is refused beside its field, and what was typed stays",
  { timeout: 120_000 },
  async () => {
    const plain = await openPage({ baseURL: pair.first.baseURL, javaScriptEnabled: false, allowConsoleErrors: /status of 40[09]/ });
    await signInAs(plain, pair.first, "editor", { name: "Noel NoScript" });
    await pair.postgres.pool.query(`insert into "FeaturedInsights" (title, slug, status) values ('Taken', 'taken-address', 'draft')`);
    await plain.goto("/staff/insights/new");
    await plain.getByLabel(/^Title/).fill("Field notes");
    await plain.getByLabel("Article").fill("<p>Plain.</p>");
    await plain.getByLabel("Address").fill("taken-address");
    await plain.getByRole("button", { name: "Save draft" }).click();
    await plain.getByText("Another insight already has the address “taken-address”; choose another.").first().waitFor();
    expect(await plain.getByLabel("Address").inputValue()).toBe("taken-address");
    await plain.getByLabel("Address").fill("staff");
    await plain.getByRole("button", { name: "Save draft" }).click();
    await plain.getByText('"staff" is an address the site uses itself; choose another.').first().waitFor();
    expect(await plain.getByLabel(/^Title/).inputValue()).toBe("Field notes");
    const count = await pair.postgres.pool.query(`select count(*)::int as n from "FeaturedInsights" where title = 'Field notes'`);
    expect(count.rows[0].n).toBe(0);
  },
);

test.skipIf(!reachable)(
  "a recruiter gives a job its address, meta title and noindex; the careers pages follow, and a changed address of the open job answers 301",
  { timeout: 120_000 },
  async () => {
    const recruiter = await openPage({ baseURL: pair.first.baseURL });
    await signInAs(recruiter, pair.first, "recruiter", { name: "Rita Recruiter" });
    await gotoContentForm(recruiter, "/staff/jobs/new");
    await recruiter.getByLabel("Job title").fill("Platform Engineer");
    await recruiter.getByLabel("Job type").selectOption("full-time");
    await recruiter.getByLabel("Address").fill("platform-engineer");
    await recruiter.getByLabel("Meta title").fill("Platform Engineer in Pune: build our cloud");
    await recruiter.getByLabel("Meta description").fill("Run the platform 40 product teams ship on.");
    await recruiter.getByLabel("Hide from search engines").check();
    await recruiter.getByRole("button", { name: "Save draft" }).click();
    await recruiter.waitForURL(/\/staff\/jobs\/\d+\?done=created$/);
    const id = Number(/\/staff\/jobs\/(\d+)/.exec(recruiter.url())![1]);
    // Once saved, the address field suggests one from the title.
    await expect.poll(() => recruiter.getByLabel("Address").getAttribute("placeholder")).toBe("e.g. platform-engineer");
    await recruiter.getByRole("button", { name: "Publish" }).click();
    const published = Date.now();
    await notice(recruiter, "is published");

    expect(
      await timeUntil(
        pair.second,
        "/careers/platform-engineer",
        (status, body) => status === 200 && body.includes("<title>Platform Engineer in Pune: build our cloud | "),
        published,
      ),
    ).toBeLessThan(VISIBLE_WITHIN_MS);
    const page = await (await fetch(`${pair.second.baseURL}/careers/platform-engineer`)).text();
    expect(page).toContain('<meta name="robots" content="noindex"/>');
    expect(page).toContain('<meta name="description" content="Run the platform 40 product teams ship on."/>');
    expect(page).toMatch(/"url":"[^"]*\/careers\/platform-engineer"/);
    expect(await answerOf(pair.second, `/careers/${id}`)).toEqual({ status: 301, location: "/careers/platform-engineer" });
    expect(await (await fetch(`${pair.second.baseURL}/careers`)).text()).toContain('href="/careers/platform-engineer"');
    expect(await (await fetch(`${pair.second.baseURL}/sitemap.xml`)).text()).not.toContain("/careers/platform-engineer");

    // Saved to publish at once, the open job's new address takes over and the old one leads there.
    await recruiter.getByLabel("Address").fill("senior-platform-engineer");
    await recruiter.getByRole("button", { name: "Save changes" }).click();
    const moved = Date.now();
    await notice(recruiter, "The public page shows the change within seconds.");
    for (const ms of await movedWithin("/careers/platform-engineer", "/careers/senior-platform-engineer", moved)) expect(ms).toBeLessThan(VISIBLE_WITHIN_MS);
    expect((await answerOf(pair.first, "/careers/senior-platform-engineer")).status).toBe(200);
  },
);
