import { expect, test } from "vitest";
import { DATE_NOT_AVAILABLE, formatJobType, formatPostedDate, NOT_SPECIFIED } from "#app/features/careers/job-format.ts";
import type { JobRow } from "#app/features/careers/jobs.server.ts";
import { isJobOpen } from "#app/features/careers/jobs.server.ts";
import { toJobView } from "#app/features/careers/job-view.server.ts";
import { decodePosition } from "#app/features/careers/position.ts";

const NOW = new Date("2026-03-01T12:00:00Z");
const SITE = "https://www.example.com";

/** A row as the spec's columns alone leave it, plus what the column defaults fill in. */
function row(overrides: Partial<JobRow> = {}): JobRow {
  return {
    id: 7,
    title: "Backend Engineer",
    department: null,
    jobType: null,
    updatedAt: null,
    description: null,
    location: null,
    closesAt: null,
    status: "open",
    isDemo: false,
    createdAt: new Date("2026-01-10T00:00:00Z"),
    workplace: null,
    salaryMin: null,
    salaryMax: null,
    salaryCurrency: null,
    salaryPeriod: null,
    revision: 1,
    questions: [],
    changedAt: new Date("2026-01-10T00:00:00Z"),
    slug: null,
    metaTitle: null,
    metaDescription: null,
    socialImage: null,
    noindex: false,
    ...overrides,
  };
}

test("a job with only a title gets every default text of the spec", () => {
  const view = toJobView(row(), SITE, NOW);
  expect(view.jobType).toBe("Not specified");
  expect(view.department).toBe("Not specified");
  expect(view.posted).toBe("Date not available");
  expect(view.postedIso).toBeNull();
  expect(view.descriptionHtml).toBeNull();
  expect(view.open).toBe(true);
});

test("the job type gets its first letter capitalised and nothing else changes", () => {
  expect(formatJobType("full-time")).toBe("Full-time");
  expect(formatJobType("  part-time ")).toBe("Part-time");
  expect(formatJobType("CONTRACT")).toBe("CONTRACT");
  expect(formatJobType("")).toBe(NOT_SPECIFIED);
  expect(formatJobType("   ")).toBe(NOT_SPECIFIED);
  expect(formatJobType(null)).toBe(NOT_SPECIFIED);
});

test("the posted date is a long US date in UTC, or Date not available", () => {
  expect(formatPostedDate(new Date("2025-01-05T00:00:00Z"))).toBe("January 5, 2025");
  expect(formatPostedDate("2025-12-31T23:30:00Z")).toBe("December 31, 2025");
  expect(formatPostedDate(null)).toBe(DATE_NOT_AVAILABLE);
  expect(formatPostedDate("not a date")).toBe(DATE_NOT_AVAILABLE);
});

test("the description is sanitised; markup with no text left counts as empty", () => {
  const view = toJobView(row({ description: '<p onclick="x()">Build <a href="javascript:alert(1)">APIs</a></p><script>alert(1)</script>' }), SITE, NOW);
  expect(view.descriptionHtml).toBe("<p>Build <a>APIs</a></p>");
  expect(toJobView(row({ description: "<script>alert(1)</script><p> </p>" }), SITE, NOW).descriptionHtml).toBeNull();
  expect(toJobView(row({ description: '<svg onload="alert(1)"><circle/></svg>' }), SITE, NOW).descriptionHtml).toBeNull();
});

test("the apply link carries the title as URL-encoded UTF-8 base64", () => {
  const title = "Développeur Full-Stack (Mumbai) – Senior";
  const href = toJobView(row({ title }), SITE, NOW).applyHref;
  expect(href.startsWith("/careers/registration?pos=")).toBe(true);
  const pos = new URL(href, "http://x").searchParams.get("pos");
  expect(decodePosition(pos)).toBe(title);
  // "+", "/" and "=" of base64 must not reach the query string raw.
  expect(href.slice("/careers/registration?pos=".length)).not.toMatch(/[+/=]/);
});

test("a job is open unless its status says otherwise or its closing date has passed", () => {
  expect(isJobOpen(row(), NOW)).toBe(true);
  expect(isJobOpen(row({ status: "closed" }), NOW)).toBe(false);
  expect(isJobOpen(row({ closesAt: new Date("2026-02-28T00:00:00Z") }), NOW)).toBe(false);
  expect(isJobOpen(row({ closesAt: new Date("2026-04-01T00:00:00Z") }), NOW)).toBe(true);
});

test("the salary is written in its currency's own style, as a range, a floor or a ceiling, with its period", () => {
  const pay = (salaryMin: number | null, salaryMax: number | null, salaryCurrency: string | null, salaryPeriod: string | null = "YEAR") =>
    toJobView(row({ salaryMin, salaryMax, salaryCurrency, salaryPeriod }), SITE, NOW).salary;
  expect(pay(1_200_000, 1_800_000, "INR")).toBe("₹12,00,000 – ₹18,00,000 per year");
  expect(pay(1_800_000, 1_800_000, "INR")).toBe("₹18,00,000 per year");
  expect(pay(90_000, null, "USD")).toBe("from $90,000 per year");
  expect(pay(null, 4_000, "EUR", "MONTH")).toBe("up to €4,000 per month");
  expect(pay(1_200_000, 1_800_000, null)).toBeNull();
  expect(pay(null, null, "INR")).toBeNull();
});
