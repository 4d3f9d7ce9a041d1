import { expect, test } from "vitest";
import { areasFor, canOpen, hasRole, normaliseRoles, rolesText, sameRoles } from "#app/features/staff/roles.ts";

test("an account with several roles opens the union of their areas, and nothing else", () => {
  const salesLeadWhoRecruits = { roles: ["sales", "recruiter"] as const };
  expect(areasFor(salesLeadWhoRecruits)).toEqual([
    "consultations",
    "subscribers",
    "suppressions",
    "events",
    "figures",
    "jobs",
    "applications",
    "stageEmails",
    "jobAlerts",
  ]);
  expect(canOpen(salesLeadWhoRecruits, "consultations")).toBe(true);
  expect(canOpen(salesLeadWhoRecruits, "applications")).toBe(true);
  expect(canOpen(salesLeadWhoRecruits, "insights")).toBe(false);
  expect(canOpen(salesLeadWhoRecruits, "accounts")).toBe(false);

  expect(areasFor({ roles: ["recruiter"] })).toEqual(["jobs", "applications", "stageEmails", "jobAlerts"]);
  expect(canOpen({ roles: ["recruiter"] }, "consultations")).toBe(false);
  expect(areasFor({ roles: ["editor", "recruiter"] })).toEqual([
    "eventEditions",
    "jobs",
    "applications",
    "stageEmails",
    "jobAlerts",
    "insights",
    "campaigns",
    "pages",
    "caseStudies",
    "people",
    "testimonials",
    "logos",
    "vitals",
    "redirects",
  ]);
});

test("admin among an account's roles opens everything; no role opens nothing", () => {
  expect(canOpen({ roles: ["editor", "admin"] }, "accounts")).toBe(true);
  expect(areasFor({ roles: ["admin"] })).toEqual(areasFor({ roles: ["admin", "sales", "recruiter", "editor"] }));
  expect(areasFor({ roles: [] })).toEqual([]);
  expect(hasRole({ roles: ["sales", "recruiter"] }, "recruiter")).toBe(true);
  expect(hasRole({ roles: ["sales", "recruiter"] }, "admin")).toBe(false);
});

test("a set of roles is kept once each, in one order, and read as a sentence", () => {
  expect(normaliseRoles(["recruiter", "sales", "recruiter", "owner"])).toEqual(["sales", "recruiter"]);
  expect(sameRoles(["recruiter", "sales"], ["sales", "recruiter"])).toBe(true);
  expect(sameRoles(["sales"], ["sales", "recruiter"])).toBe(false);
  expect(rolesText(["sales"])).toBe("Sales");
  expect(rolesText(["admin", "sales", "editor"])).toBe("Admin, Sales and Editor");
});
