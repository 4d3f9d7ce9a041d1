import fs from "node:fs";
import { expect, test } from "vitest";
import routes from "#app/routes.ts";
import { checkFrom, checkTo, locationFor, redirectKey, sitePathOf } from "#app/features/redirects/redirect-rules.ts";
import { fixedPages, reservedPrefixes } from "#app/features/redirects/site-pages.server.ts";

test("an old path is stored as the site matches it: lowercase, percent-encoded, dots resolved, no trailing slash", () => {
  expect(checkFrom("/Old-Page/")).toEqual({ ok: true, value: "/old-page" });
  expect(checkFrom("https://www.kraf.example/Blog/Post")).toEqual({ ok: true, value: "/blog/post" });
  expect(checkFrom("/a/../b//")).toEqual({ ok: true, value: "/b" });
  expect(checkFrom("/café")).toEqual({ ok: true, value: "/caf%c3%a9" });
  expect(redirectKey("/CAF%C3%A9/")).toBe("/caf%c3%a9");
  expect(redirectKey("//other.example/old-page")).toBe("//other.example/old-page");
  expect(checkFrom("/")).toEqual({ ok: true, value: "/" });
  for (const bad of ["", "old-page", "//host/x", "/a?x=1", "/a#top", "/a b", `/${"x".repeat(600)}`]) expect(checkFrom(bad), bad).toMatchObject({ ok: false });
});

test("a target is a path on the site or an http(s) address, nothing a browser would run or read as another host", () => {
  for (const good of ["/crm", "/crm?tab=1#top", "https://other.example/x", "http://other.example"])
    expect(checkTo(good), good).toEqual({ ok: true, value: good });
  for (const bad of [
    "",
    "crm",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,x",
    "//evil.example",
    "/\\evil.example",
    "/a\u0000b",
    "/a\nb",
    "mailto:a@b.example",
  ]) {
    expect(checkTo(bad), bad).toMatchObject({ ok: false });
  }
  expect(checkTo(`/${"x".repeat(2048)}`)).toMatchObject({ ok: false });
});

test("a path target keeps the request's query string, after its own and before its fragment; another site's does not", () => {
  expect(locationFor("/crm", "?x=1")).toBe("/crm?x=1");
  expect(locationFor("/crm?tab=2#top", "?x=1")).toBe("/crm?tab=2&x=1#top");
  expect(locationFor("/crm", "")).toBe("/crm");
  expect(locationFor("https://other.example/x", "?x=1")).toBe("https://other.example/x");
});

test("chains are followed on the site's own addresses only", () => {
  expect(sitePathOf("/CRM/?x=1", "https://www.kraf.example")).toBe("/crm");
  expect(sitePathOf("https://www.kraf.example/A", "https://www.kraf.example")).toBe("/a");
  expect(sitePathOf("https://other.example/a", "https://www.kraf.example")).toBeNull();
});

type RouteEntry = { path?: string; children?: RouteEntry[] };

/** Every address pattern app/routes.ts declares, children joined to their parents. */
function routePaths(entries: RouteEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent || "/" : `${parent}/${entry.path}`.replace(/\/+/g, "/");
    return [path, ...routePaths(entry.children ?? [], path)];
  });
}

test("every fixed route and public file is a page a redirect cannot take over; every other route is under a reserved prefix or checked as an item", () => {
  // An edition's calendar file answers 404 once the edition is over, so a redirect may take its address then.
  const itemRoutes = ["/portfolio/:slug", "/careers/:id", "/featured-insights/:id", "/events/:slug", "/events/:slug/calendar.ics"];
  for (const path of routePaths(routes as RouteEntry[])) {
    if (path === "/*" || itemRoutes.includes(path)) continue;
    const reserved = reservedPrefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
    expect(reserved || fixedPages.has(redirectKey(path)), path).toBe(true);
  }
  for (const name of fs.readdirSync("public")) {
    const path = `/${name}`;
    expect(fixedPages.has(path) || reservedPrefixes.some((prefix) => prefix === path), path).toBe(true);
  }
});
