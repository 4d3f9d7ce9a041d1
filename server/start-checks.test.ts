import { expect, test } from "vitest";
import { parseEnv } from "#app/platform/env.server.ts";
import { isLocalHost, productionWarnings } from "#server/start-checks.ts";

test("in production, a localhost SITE_URL is warned about: canonical links, the sitemap and emails would point there", () => {
  for (const siteUrl of ["http://localhost:3000", "http://127.0.0.1:8080", "https://localhost", "http://[::1]:3000", "http://shop.localhost"]) {
    const warnings = productionWarnings(parseEnv({ NODE_ENV: "production", SITE_URL: siteUrl, TRUST_PROXY: "1" }));
    expect(warnings, siteUrl).toHaveLength(1);
    expect(warnings[0]).toMatch(/localhost address: canonical links, the sitemap, Open Graph tags and the links in emails point there/);
  }
  // The default is localhost: `npm start` gets the warning, which is expected on a laptop.
  expect(productionWarnings(parseEnv({}))).toHaveLength(1);
});

test("a public https SITE_URL behind a trusted proxy starts without warnings; plain http is warned about (cookies without Secure); outside production nothing", () => {
  expect(productionWarnings(parseEnv({ NODE_ENV: "production", SITE_URL: "https://www.kraftechnologies.com", TRUST_PROXY: "1" }))).toEqual([]);
  expect(productionWarnings(parseEnv({ NODE_ENV: "production", SITE_URL: "http://www.kraftechnologies.com" }))[0]).toMatch(/not https: staff session cookies/);
  expect(productionWarnings(parseEnv({ NODE_ENV: "development", SITE_URL: "http://localhost:5173" }))).toEqual([]);
  expect(productionWarnings(parseEnv({ NODE_ENV: "test" }))).toEqual([]);
});

test("what counts as a local host", () => {
  expect(isLocalHost("localhost")).toBe(true);
  expect(isLocalHost("127.0.0.53")).toBe(true);
  expect(isLocalHost("0.0.0.0")).toBe(true);
  expect(isLocalHost("localhost.example.com")).toBe(false);
  expect(isLocalHost("10.0.0.5")).toBe(false);
  expect(isLocalHost("127.example.com")).toBe(false);
});

test("an https SITE_URL without TRUST_PROXY is warned about: behind the TLS proxy every form post would be refused", () => {
  const warnings = productionWarnings(parseEnv({ NODE_ENV: "production", SITE_URL: "https://www.kraftechnologies.com" }));
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toMatch(/TRUST_PROXY is unset: .* every form post is refused/);
  // A local https address gets both warnings; npm start's http://localhost only the first.
  expect(productionWarnings(parseEnv({ NODE_ENV: "production", SITE_URL: "https://localhost:8443" }))).toHaveLength(2);
  expect(productionWarnings(parseEnv({ NODE_ENV: "production" }))).toHaveLength(1);
});
