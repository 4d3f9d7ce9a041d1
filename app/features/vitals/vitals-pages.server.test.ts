import type { RouteConfigEntry } from "@react-router/dev/routes";
import { expect, test } from "vitest";
import routes from "#app/routes.ts";
import { pageOf } from "#app/features/vitals/vitals-pages.server.ts";

test("a public page is stored under its path, a job's or an insight's under its route pattern", () => {
  expect(pageOf("/")).toBe("/");
  expect(pageOf("/crm")).toBe("/crm");
  expect(pageOf("/CRM/")).toBe("/crm");
  expect(pageOf("/careers")).toBe("/careers");
  expect(pageOf("/careers/registration")).toBe("/careers/registration");
  expect(pageOf("/careers/17")).toBe("/careers/:id");
  expect(pageOf("/featured-insights/3")).toBe("/featured-insights/:id");
  // At its address, too: any slug is measured under the one pattern, so made-up ones add no rows.
  expect(pageOf("/careers/senior-data-engineer")).toBe("/careers/:id");
  expect(pageOf("/featured-insights/zero-trust-basics")).toBe("/featured-insights/:id");
  expect(pageOf("/events/kraf-think-2026")).toBe("/events/:slug");
});

test("any other path is not stored: made-up pages, staff pages, private links, resources, odd shapes", () => {
  for (const path of [
    "",
    "crm",
    "//evil.example/crm",
    "/no-such-page",
    "/crm/extra",
    "/careers/Not_A_Slug",
    "/careers/-abc",
    "/featured-insights/a--b",
    "/events/Not_A_Slug",
    "/staff",
    "/staff/vitals",
    "/applications/status/secret-token",
    "/applications/keep/secret-token",
    "/newsletter/unsubscribe",
    "/newsletter/confirm",
    "/careers/alerts",
    "/careers/alerts/confirm",
    "/sitemap.xml",
    "/vitals",
    `/${"a".repeat(300)}`,
  ]) {
    expect(pageOf(path), path).toBeNull();
  }
});

/** Every route of the app with its full path and module. */
function flatten(entries: readonly RouteConfigEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? parent || "/" : `${parent}/${entry.path ?? ""}`.replace(/\/+/g, "/");
    return [{ path, file: entry.file }, ...flatten(entry.children ?? [], path)];
  });
}

/** Pages drawn for visitors that are deliberately not measured: the form posts' no-JavaScript answers and private links (an applicant's status and the link that keeps their application, the newsletter's and job alerts' confirm and unsubscribe). */
const unmeasured = new Set([
  "routes/newsletter.tsx",
  "routes/consultation.tsx",
  "routes/applications.status.$token.tsx",
  "routes/applications.keep.$token.tsx",
  "routes/newsletter.confirm.tsx",
  "routes/newsletter.unsubscribe.tsx",
  "routes/careers.alerts.tsx",
  "routes/careers.alerts.confirm.tsx",
  "routes/careers.alerts.unsubscribe.tsx",
  "routes/not-found.tsx",
]);

test("every public page of the route table is measured, so a new page is not silently left out", () => {
  const pages = flatten(routes).filter(({ path, file }) => file.endsWith(".tsx") && !path.startsWith("/staff") && !unmeasured.has(file));
  expect(pages.length).toBeGreaterThan(30);
  // Jobs, insights, event editions and case studies are measured under their pattern.
  const example = (path: string) => path.replace(":slug", "distributor-erp-month-end").replace(/:[a-z]+/g, "1");
  for (const { path } of pages) expect(pageOf(example(path)), path).not.toBeNull();
});
