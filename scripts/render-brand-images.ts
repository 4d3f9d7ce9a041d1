import { readFile } from "node:fs/promises";
import { site } from "../app/content/site.ts";
import { launchChromium } from "#tests/support/chromium.ts";

/**
 * Renders public/logo.png (structured data) and public/og-image.jpg (social
 * previews) from the favicon's SVG and the company facts. Run after changing
 * either: `npx tsx scripts/render-brand-images.ts`.
 */
const mark = await readFile("public/favicon.svg", "utf8");
const browser = await launchChromium();
const context = await browser.newContext();
const page = await context.newPage();

await page.setViewportSize({ width: 512, height: 512 });
await page.setContent(`<style>html,body{margin:0}svg{width:512px;height:512px;display:block}</style>${mark}`);
await page.screenshot({ path: "public/logo.png", omitBackground: true });

await page.setViewportSize({ width: 1200, height: 630 });
await page.setContent(`<style>
  html,body{margin:0;height:100%}
  body{display:flex;flex-direction:column;justify-content:center;gap:28px;padding:0 96px;box-sizing:border-box;
    background:linear-gradient(135deg,#172a66,#1d3793 55%,#1f40b8);color:#fff;font-family:system-ui,sans-serif}
  .brand{display:flex;align-items:center;gap:24px;font-size:56px;font-weight:800}
  .brand svg{width:96px;height:96px}
  p{margin:0;font-size:40px;color:#dbe6fe;max-width:900px;line-height:1.25}
  .facts{font-size:24px;color:#fbbf24;font-weight:700}
</style>
<div class="brand">${mark}<span>${site.name}</span></div>
<p>${site.tagline}: SaaS, custom software, CRM, ERP, e-commerce, AI and cloud.</p>
<div class="facts">${site.trustPoints.slice(0, 3).join(" · ")}</div>`);
await page.screenshot({ path: "public/og-image.jpg", type: "jpeg", quality: 85 });
await browser.close();
console.log("Wrote public/logo.png and public/og-image.jpg");
