import { expect, test } from "vitest";
import { isCrossSite } from "#app/features/forms/submission.server.ts";

/*
 * Behind a TLS-terminating proxy the server sees http://app:3000/... (or the
 * Host the proxy passes on, over http), while the browser posts from the
 * public https origin: SITE_URL is what the origin check compares with.
 */
const SITE_URL = "https://www.example.com";

const post = (url: string, headers: Record<string, string>) => new Request(url, { method: "POST", headers });

test("a post from the public origin is the site's own, whatever address the proxy forwarded it to", () => {
  for (const internal of ["http://app:3000/newsletter", "http://www.example.com/newsletter", "http://10.0.0.7:3000/consultation"]) {
    expect(isCrossSite(post(internal, { Origin: SITE_URL, "Sec-Fetch-Site": "same-origin" }), SITE_URL), internal).toBe(false);
    expect(isCrossSite(post(internal, { Origin: SITE_URL }), SITE_URL), internal).toBe(false);
  }
});

test("behind the proxy, posts from elsewhere are still refused: another origin, http instead of https, or a browser saying cross-site", () => {
  const internal = "http://app:3000/newsletter";
  expect(isCrossSite(post(internal, { Origin: "https://evil.example" }), SITE_URL)).toBe(true);
  expect(isCrossSite(post(internal, { Origin: "http://www.example.com" }), SITE_URL)).toBe(true);
  expect(isCrossSite(post(internal, { Origin: SITE_URL, "Sec-Fetch-Site": "cross-site" }), SITE_URL)).toBe(true);
});
