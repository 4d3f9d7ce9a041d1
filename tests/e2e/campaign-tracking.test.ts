import { afterAll, beforeAll, expect, test } from "vitest";
import { axeViolations, setupBrowser } from "#tests/support/browser.ts";
import { waitUntil } from "#tests/support/mail.ts";
import { notice } from "#tests/support/publishing.ts";
import { startServer, type RunningServer } from "#tests/support/server.ts";
import { signInAs } from "#tests/support/staff.ts";

/*
 * Counting newsletter opens and clicks (decision 080) through the built
 * server, on a server of its own (the setting changes the privacy policy):
 * an admin turns it on without JavaScript, the privacy policy then says so,
 * and the pixel's and links' addresses answer an unknown token with an image
 * and a redirect home, with the site's security headers and no cookie.
 */

const { newPage } = setupBrowser();
let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

const SECTION = "Newsletter opens and clicks";
const policySays = async () => (await (await fetch(`${server.baseURL}/privacy-policy`)).text()).includes(SECTION);

test(
  "without JavaScript, an admin turns on counting opens and clicks and the privacy policy says so; the counting addresses answer any token safely",
  { timeout: 120_000 },
  async () => {
    expect(await policySays()).toBe(false);
    // axe runs in the page: it is checked with JavaScript, the form is sent without.
    const checked = await newPage({ baseURL: server.baseURL });
    await signInAs(checked, server, "admin");
    await checked.goto("/staff/campaigns/tracking");
    expect(await axeViolations(checked)).toEqual([]);
    const page = await newPage({ baseURL: server.baseURL, javaScriptEnabled: false });
    await signInAs(page, server, "admin", "Second Admin");
    await page.goto("/staff/campaigns/tracking");
    expect(await page.getByLabel("Off: count nothing").isChecked()).toBe(true);
    await page.getByLabel("On: count them, and say so in the privacy policy").check();
    await page.getByRole("button", { name: "Save" }).click();
    await notice(page, /^Counting is on/);
    await waitUntil(policySays);
    await checked.goto("/privacy-policy");
    await checked.getByRole("heading", { name: SECTION }).waitFor();
    expect(await axeViolations(checked)).toEqual([]);

    for (const [path, status] of [
      ["/newsletter/open/1.1.AAAAAAAAAAAAAAAAAAAAAA", 200],
      ["/newsletter/click/1.1.AAAAAAAAAAAAAAAAAAAAAA/0", 302],
    ] as const) {
      const answer = await fetch(`${server.baseURL}${path}`, { redirect: "manual" });
      expect(answer.status, path).toBe(status);
      if (status === 200) expect(answer.headers.get("content-type")).toBe("image/gif");
      else expect(answer.headers.get("location")).toBe("/");
      expect(answer.headers.get("set-cookie"), path).toBeNull();
      expect(answer.headers.get("cache-control"), path).toBe("private, no-store");
      expect(answer.headers.get("content-security-policy"), path).toContain("default-src 'self'");
      expect(answer.headers.get("x-content-type-options"), path).toBe("nosniff");
    }
  },
);
