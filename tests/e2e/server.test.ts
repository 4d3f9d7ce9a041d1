import { createHash, randomUUID } from "node:crypto";
import { once } from "node:events";
import { rm } from "node:fs/promises";
import { Agent, request as httpRequest, type IncomingMessage } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { expect, inject, test } from "vitest";
import { openDatabase } from "#app/platform/db/client.server.ts";
import { jobs } from "#app/platform/db/schema.server.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { setupOwnServer } from "#tests/support/own-server.ts";
import { startServer } from "#tests/support/server.ts";

const baseURL = () => inject("baseURL");
/** A server that renders every page afresh, beside the run's shared one that answers from its page cache. */
const rendering = setupOwnServer({ PAGE_CACHE_ENTRIES: "0" });

/** The hash sources a policy must name for the page's inline scripts to run (JSON-LD and an islands page's JSON are data, not scripts). */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, code]) =>
      `'sha256-${createHash("sha256")
        .update(code ?? "")
        .digest("base64")}'`,
  );
}

test("pages carry security headers; the policy lets exactly the page's own inline scripts run, by their hashes", async () => {
  for (const path of ["/crm", "/consultation", "/staff/sign-in"]) {
    const response = await fetch(`${baseURL()}${path}`);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    const scriptSources = /script-src ([^;]*)/.exec(csp)?.[1]?.split(" ") ?? [];
    expect(scriptSources).not.toContain("'unsafe-inline'");
    expect(csp).not.toContain("nonce-");
    const html = await response.text();
    expect(html).not.toContain("nonce=");
    const hashes = inlineScriptHashes(html);
    expect(hashes.length, path).toBeGreaterThan(1);
    for (const hash of hashes) expect(scriptSources, path).toContain(hash);
    // Besides those, the loader inserts the route modules' script (tests/e2e/page-load.test.ts shows it runs): one more hash.
    expect(scriptSources.filter((source) => source.startsWith("'sha256-")).length).toBe(new Set(hashes).size + 1);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("strict-transport-security")).toContain("max-age=");
    expect(response.headers.get("x-powered-by")).toBeNull();
    expect(response.headers.get("x-page-cache-ttl")).toBeNull();
    expect(response.headers.get("x-script-hashes")).toBeNull();
    expect(response.headers.get("x-request-id")).toBeTruthy();
  }
  // Files and answers that are not documents allow no inline script at all.
  expect((await fetch(`${baseURL()}/robots.txt`)).headers.get("content-security-policy")).toMatch(/script-src 'self';/);
});

test("shared pages tell a CDN how long to keep them and carry a validator; a conditional request answers 304 without a body", async () => {
  // From the page cache (the shared server) and rendered every time: the same rules.
  for (const origin of [baseURL(), rendering.server.baseURL]) {
    const first = await fetch(`${origin}/crm`, { headers: { "Accept-Encoding": "gzip, br" } });
    const etag = first.headers.get("etag");
    expect(etag, origin).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    // Editors publish the page's blocks (decision 061): a CDN keeps it as briefly as any published content.
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=5, stale-while-revalidate=30");
    expect(first.headers.get("vary")).toMatch(/Cookie/);
    expect(first.headers.get("vary")).toMatch(/Accept-Encoding/);
    expect(first.headers.get("x-request-id")).toBeTruthy();
    // A second answer is the same page: the same tag and the same policy.
    const second = await fetch(`${origin}/crm`);
    expect(second.headers.get("etag")).toBe(etag);
    expect(second.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));

    // As a browser revalidates its copy (fetch would add "no-cache", which asks for the full page).
    const conditional = await fetch(`${origin}/crm`, { headers: { "If-None-Match": etag!, "Cache-Control": "max-age=0" } });
    expect(conditional.status).toBe(304);
    expect(await conditional.text()).toBe("");
    expect(conditional.headers.get("etag")).toBe(etag);
    expect(conditional.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
    expect((await fetch(`${origin}/crm`, { headers: { "If-None-Match": 'W/"something-else"', "Cache-Control": "max-age=0" } })).status).toBe(200);
    // A closed banner is another page, with its own tag: the copy with the banner open is not it.
    const closed = await fetch(`${origin}/crm`, { headers: { Cookie: "banner_closed=1", "If-None-Match": etag!, "Cache-Control": "max-age=0" } });
    expect(closed.status).toBe(200);
    expect(closed.headers.get("etag")).not.toBe(etag);

    const careers = await fetch(`${origin}/careers`);
    expect(careers.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=5, stale-while-revalidate=30");
    expect(careers.headers.get("etag")).toBeTruthy();
    expect((await fetch(`${origin}/sitemap.xml`)).headers.get("cache-control")).toBe("public, max-age=0, s-maxage=5, stale-while-revalidate=30");
  }
  // A page with a form for one visitor, a form's answer and the staff area are kept by no cache.
  for (const response of [
    await fetch(`${baseURL()}/consultation`),
    await fetch(`${baseURL()}/staff/sign-in`),
    await fetch(`${baseURL()}/newsletter`, {
      method: "POST",
      body: new URLSearchParams({ email: "not an address" }),
      headers: { Origin: baseURL() },
      redirect: "manual",
    }),
  ]) {
    expect(response.headers.get("cache-control"), response.url).toBe("private, no-store");
    expect(response.headers.get("etag"), response.url).toBeNull();
  }
});

test("a page comes in the coding the browser prefers, each decoding to the same page, from the cache and rendered afresh", async () => {
  for (const origin of [baseURL(), rendering.server.baseURL]) {
    const codings: Record<string, string> = {};
    for (const accept of ["gzip, deflate, br, zstd", "gzip", "identity"]) {
      const response = await new Promise<IncomingMessage>((resolve, reject) =>
        httpRequest(`${origin}/crm`, { headers: { "Accept-Encoding": accept } }, resolve)
          .on("error", reject)
          .end(),
      );
      const chunks: Buffer[] = [];
      for await (const chunk of response) chunks.push(chunk as Buffer);
      const raw = Buffer.concat(chunks);
      expect(Number(response.headers["content-length"]), origin).toBe(raw.length);
      expect(response.headers.vary, origin).toMatch(/Accept-Encoding/);
      const coding = response.headers["content-encoding"] ?? "identity";
      codings[coding] = (coding === "br" ? brotliDecompressSync(raw) : coding === "gzip" ? gunzipSync(raw) : raw).toString();
    }
    expect(Object.keys(codings), origin).toEqual(["br", "gzip", "identity"]);
    expect(codings.br, origin).toBe(codings.identity);
    expect(codings.gzip, origin).toBe(codings.identity);
    expect(codings.identity, origin).toContain("<h1");
  }
});

test("pages are compressed, hashed assets are cached for a year", async () => {
  const page = await fetch(`${baseURL()}/crm`, { headers: { "Accept-Encoding": "gzip" } });
  expect(page.headers.get("content-encoding")).toBe("gzip");
  const html = await page.text();
  const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
  expect(asset).toBeTruthy();
  const response = await fetch(`${baseURL()}${asset}`);
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect((await fetch(`${baseURL()}/assets/missing-file.js`)).status).toBe(404);
});

test("health, robots.txt and sitemap.xml answer", async () => {
  const health = await fetch(`${baseURL()}/healthz`);
  expect(await health.json()).toEqual({ status: "ok" });
  const robots = await (await fetch(`${baseURL()}/robots.txt`)).text();
  expect(robots).toContain(`Sitemap: ${baseURL()}/sitemap.xml`);
  const sitemap = await fetch(`${baseURL()}/sitemap.xml`);
  expect(sitemap.headers.get("content-type")).toContain("application/xml");
  const xml = await sitemap.text();
  for (const path of ["/", "/crm", "/privacy-policy", "/careers"]) expect(xml).toContain(`<loc>${baseURL()}${path}</loc>`);
});

test("the home page carries Organization structured data", async () => {
  const html = await (await fetch(`${baseURL()}/`)).text();
  const json = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
  const data = JSON.parse(json ?? "{}");
  expect(data["@type"]).toBe("Organization");
  expect(data.url).toBe(`${baseURL()}/`);
  expect(data.address.addressLocality).toBe("New Delhi");
});

test("closing the banner without JavaScript sets a session cookie and returns to the page, never elsewhere", async () => {
  const response = await fetch(`${baseURL()}/banner`, {
    method: "POST",
    body: new URLSearchParams({ returnTo: "/crm?x=1" }),
    redirect: "manual",
  });
  expect(response.status).toBe(303);
  expect(response.headers.get("location")).toBe("/crm?x=1");
  const cookie = response.headers.get("set-cookie") ?? "";
  expect(cookie).toMatch(/^banner_closed=1; Path=\/; SameSite=Lax$/);
  const offsite = await fetch(`${baseURL()}/banner`, {
    method: "POST",
    body: new URLSearchParams({ returnTo: "//evil.example/" }),
    redirect: "manual",
  });
  expect(offsite.headers.get("location")).toBe("/");
});

test("SIGTERM during a request on a kept-alive connection: the answer arrives, then the connection closes and the server exits", async () => {
  const server = await startServer({ LOG_LEVEL: "info" });
  const agent = new Agent({ keepAlive: true });
  const body = "email=late%40example.com&consent=on";
  const request = httpRequest(`${server.baseURL}/newsletter`, {
    method: "POST",
    agent,
    headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(body.length) },
  });
  const answered = once(request, "response") as Promise<[IncomingMessage]>;
  request.write(body.slice(0, 10));
  await once(request, "socket");
  const stopped = server.stop();
  await new Promise((resolve) => setTimeout(resolve, 300)); // the server is shutting down, the request still open
  request.end(body.slice(10));
  const [response] = await answered;
  response.resume();
  await once(response, "end");
  const answeredAt = Date.now();
  // Node keeps an idle kept-alive connection for 5 s; the shutdown must not wait for that.
  expect(await stopped).toBe(0);
  expect(Date.now() - answeredAt).toBeLessThan(4_000);
  expect(request.socket?.destroyed).toBe(true);
  expect(server.output()).toContain("Server closed");
  agent.destroy();
});

test("the sitemap lists open jobs and published insights with their last change, and drops a closed job; the changed listing is no 304", async () => {
  const server = await startServer({ DEMO_CONTENT: "true", PAGE_CACHE_ENTRIES: "0" });
  let listingTag: string | null = null;
  try {
    listingTag = (await fetch(`${server.baseURL}/careers`)).headers.get("etag");
    const xml = await (await fetch(`${server.baseURL}/sitemap.xml`)).text();
    expect(xml).toMatch(new RegExp(`<loc>${server.baseURL}/careers/1</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT`));
    // A demo insight has an address of its own (decision 060).
    expect(xml).toMatch(new RegExp(`<loc>${server.baseURL}/featured-insights/choosing-an-erp-for-a-growing-business</loc><lastmod>\\d{4}-`));
  } finally {
    await server.stop({ keepData: true });
  }
  // Close job 1 in the stopped server's database, then ask again.
  const database = await openDatabase(parseEnv({ DATA_DIR: server.dataDir }));
  await database.db.update(jobs).set({ status: "closed" }).where(eq(jobs.id, 1));
  await database.close();
  // With the page cache this time: the listing it stores is the changed one, and a browser's old copy is not confirmed.
  const again = await startServer({ DATA_DIR: server.dataDir });
  try {
    const xml = await (await fetch(`${again.baseURL}/sitemap.xml`)).text();
    expect(xml).not.toContain(`${again.baseURL}/careers/1<`);
    expect(xml).toContain(`${again.baseURL}/careers/2<`);
    expect(listingTag).toBeTruthy();
    for (let request = 0; request < 2; request++) {
      const revalidated = await fetch(`${again.baseURL}/careers`, { headers: { "If-None-Match": listingTag!, "Cache-Control": "max-age=0" } });
      expect(revalidated.status).toBe(200);
      expect(revalidated.headers.get("etag")).not.toBe(listingTag);
    }
  } finally {
    await again.stop();
    await rm(server.dataDir, { recursive: true, force: true });
  }
});

test("the log is one JSON line per entry and never holds what a visitor typed", async () => {
  const server = await startServer({ LOG_LEVEL: "info" });
  const searched = `searcher-${randomUUID()}`;
  const subscriber = `subscriber-${randomUUID()}`;
  try {
    const search = await fetch(`${server.baseURL}/careers?q=${encodeURIComponent(`${searched}@example.com`)}`);
    expect(search.status).toBe(200);
    const subscribed = await fetch(`${server.baseURL}/newsletter`, {
      method: "POST",
      body: new URLSearchParams({ email: `${subscriber}@example.com`, consent: "yes", consentVersion: "2025-01" }),
    });
    expect(subscribed.status).toBe(200);
    // A post to a page without a form is the visitor's mistake: React Router refuses it with 405.
    const refused = await fetch(`${server.baseURL}/crm?email=${encodeURIComponent(`${searched}@example.com`)}`, {
      method: "POST",
      body: new URLSearchParams({ email: `${subscriber}@example.com` }),
    });
    expect(refused.status).toBe(405);
  } finally {
    await server.stop();
  }

  const output = server.output();
  const entries = output
    .trim()
    .split("\n")
    .map((line): Record<string, unknown> => {
      try {
        return JSON.parse(line);
      } catch {
        throw new Error(`Not a JSON log line: ${line}`);
      }
    });
  expect(output).not.toContain(searched);
  expect(output).not.toContain(subscriber);
  expect(entries).toContainEqual(expect.objectContaining({ req: expect.objectContaining({ method: "GET", path: "/careers" }) }));
  expect(entries).toContainEqual(expect.objectContaining({ req: expect.objectContaining({ method: "POST", path: "/newsletter" }), res: { statusCode: 200 } }));
  const refusal = entries.find((entry) => entry.path === "/crm");
  expect(refusal).toMatchObject({ level: 40, method: "POST", status: 405 });
  expect(refusal).not.toHaveProperty("err");
  expect(JSON.stringify(refusal)).not.toContain("    at ");
});
