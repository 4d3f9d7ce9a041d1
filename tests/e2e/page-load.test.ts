import { expect, test } from "vitest";
import { setupBrowser } from "#tests/support/browser.ts";

const { newPage } = setupBrowser();

test("the document names its stylesheet before any script and preloads no modules", async () => {
  const page = await newPage();
  const response = await page.goto("/crm");
  const html = (await response?.text()) ?? "";
  const head = html.slice(0, html.indexOf("</head>"));
  expect(head).toMatch(/<link rel="stylesheet" href="\/assets\/app-[^"]+\.css"/);
  expect(head).not.toContain("<script");
  expect(html).not.toMatch(/<link rel="modulepreload"/);
});

for (const path of ["/", "/crm"]) {
  test(`${path} is painted before the first script is requested, then hydrates`, async () => {
    const page = await newPage();
    await page.goto(path);
    // The banner's Pause button is drawn by the hydrated page only.
    await page.getByRole("button", { name: "Pause announcements" }).waitFor({ state: "visible" });
    const timing = await page.evaluate(() => {
      const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.POSITIVE_INFINITY;
      const scripts = performance.getEntriesByType("resource").filter((entry) => new URL(entry.name).pathname.endsWith(".js"));
      return { paint, scripts: scripts.length, firstScript: Math.min(...scripts.map((entry) => entry.startTime)) };
    });
    expect(timing.scripts).toBeGreaterThan(3);
    expect(timing.paint, JSON.stringify(timing)).toBeLessThan(timing.firstScript);
  });
}

test("the tab's icon is a PNG the server sends, not an SVG the page would draw as a document of its own", async () => {
  const page = await newPage();
  await page.goto("/crm");
  const icons = await page.locator('link[rel~="icon"]').evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
  expect(icons).toHaveLength(1);
  const response = await page.request.get(icons[0] ?? "");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  expect((await response.body()).subarray(1, 4).toString()).toBe("PNG");
});
