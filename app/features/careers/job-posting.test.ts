import { expect, test } from "vitest";
import { site } from "#app/content/site.ts";
import type { JobRow } from "#app/features/careers/jobs.server.ts";
import { employmentTypeOf, jobPostingJsonLd } from "#app/features/careers/job-posting.server.ts";

const NOW = new Date("2026-03-01T12:00:00Z");
const SITE = "https://www.example.com";

function row(overrides: Partial<JobRow> = {}): JobRow {
  return {
    id: 42,
    title: "Senior Backend Engineer",
    department: "Engineering",
    jobType: "full-time",
    updatedAt: new Date("2026-02-01T09:00:00Z"),
    description: "<p>Design and run <strong>APIs</strong>.</p>",
    location: "Mumbai, India",
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

/** Google's required JobPosting properties (developers.google.com/search/docs/appearance/structured-data/job-posting). */
function expectGoogleRequired(data: Record<string, unknown>) {
  expect(data["@context"]).toMatch(/^https:\/\/schema\.org\/?$/);
  expect(data["@type"]).toBe("JobPosting");
  expect(typeof data.title).toBe("string");
  expect(String(data.title).length).toBeGreaterThan(0);
  expect(typeof data.description).toBe("string");
  expect(String(data.description).length).toBeGreaterThan(0);
  expect(Number.isNaN(Date.parse(String(data.datePosted)))).toBe(false);
  const org = data.hiringOrganization as Record<string, unknown>;
  expect(org["@type"]).toBe("Organization");
  expect(org.name).toBe(site.name);
  expect(typeof org.sameAs).toBe("string");
  expect(typeof org.logo).toBe("string");
  if (data.jobLocationType === "TELECOMMUTE") {
    const requirement = data.applicantLocationRequirements as Record<string, unknown>;
    expect(requirement["@type"]).toBe("Country");
    expect(typeof requirement.name).toBe("string");
  } else {
    const place = data.jobLocation as { "@type": string; address: Record<string, unknown> };
    expect(place["@type"]).toBe("Place");
    expect(place.address["@type"]).toBe("PostalAddress");
    expect(typeof place.address.addressLocality).toBe("string");
    expect(typeof place.address.addressCountry).toBe("string");
  }
}

test("a full job has every property Google requires, its employment type and identifier", () => {
  const data = jobPostingJsonLd(row(), SITE, NOW)!;
  expectGoogleRequired(data);
  expect(data.title).toBe("Senior Backend Engineer");
  expect(data.description).toBe("<p>Design and run <strong>APIs</strong>.</p>");
  expect(data.datePosted).toBe("2026-02-01T09:00:00.000Z");
  expect(data.employmentType).toBe("FULL_TIME");
  expect(data.jobLocation).toEqual({
    "@type": "Place",
    address: { "@type": "PostalAddress", addressLocality: "Mumbai", addressCountry: "India" },
  });
  expect(data.identifier).toEqual({ "@type": "PropertyValue", name: site.name, value: "42" });
  expect(data.hiringOrganization).toEqual({ "@type": "Organization", name: site.name, sameAs: `${SITE}/`, logo: `${SITE}/logo.png` });
  expect(data).not.toHaveProperty("validThrough");
});

test("a job with only a title still validates: head office, default description, createdAt as datePosted", () => {
  const data = jobPostingJsonLd(row({ department: null, jobType: null, updatedAt: null, description: null, location: null }), SITE, NOW)!;
  expectGoogleRequired(data);
  expect(data.datePosted).toBe("2026-01-10T00:00:00.000Z");
  expect(data.description).toBe("<p>No description available for this position.</p>");
  expect((data.jobLocation as { address: Record<string, string> }).address).toMatchObject({
    addressLocality: site.address.locality,
    addressCountry: site.address.countryCode,
  });
  expect(data).not.toHaveProperty("employmentType");
});

test("a remote job is TELECOMMUTE with the country applicants must be in, and no jobLocation", () => {
  const named = jobPostingJsonLd(row({ location: "Remote (India)" }), SITE, NOW)!;
  expectGoogleRequired(named);
  expect(named.jobLocationType).toBe("TELECOMMUTE");
  expect(named.applicantLocationRequirements).toEqual({ "@type": "Country", name: "India" });
  expect(named).not.toHaveProperty("jobLocation");
  const plain = jobPostingJsonLd(row({ location: "remote" }), SITE, NOW)!;
  expect(plain.applicantLocationRequirements).toEqual({ "@type": "Country", name: site.address.country });
});

test("validThrough appears when the job has a closing date", () => {
  const data = jobPostingJsonLd(row({ closesAt: new Date("2026-06-30T23:59:59Z") }), SITE, NOW)!;
  expect(data.validThrough).toBe("2026-06-30T23:59:59.000Z");
});

test("a closed or expired job has no markup", () => {
  expect(jobPostingJsonLd(row({ status: "closed" }), SITE, NOW)).toBeNull();
  expect(jobPostingJsonLd(row({ closesAt: new Date("2026-02-01T00:00:00Z") }), SITE, NOW)).toBeNull();
});

test("the description in the markup is the sanitised HTML", () => {
  const data = jobPostingJsonLd(row({ description: '<p>Hi</p><img src=x onerror="alert(1)"><script>alert(2)</script>' }), SITE, NOW)!;
  expect(data.description).not.toMatch(/script|onerror/);
});

test("job types map to Google's employment types", () => {
  const cases: [string | null, string | undefined][] = [
    ["full-time", "FULL_TIME"],
    ["Full Time", "FULL_TIME"],
    ["FULL_TIME", "FULL_TIME"],
    ["fulltime", "FULL_TIME"],
    ["permanent", "FULL_TIME"],
    ["part-time", "PART_TIME"],
    ["Part time", "PART_TIME"],
    ["contract", "CONTRACTOR"],
    ["Contractor", "CONTRACTOR"],
    ["freelance", "CONTRACTOR"],
    ["temporary", "TEMPORARY"],
    ["Temp", "TEMPORARY"],
    ["internship", "INTERN"],
    ["Intern", "INTERN"],
    ["volunteer", undefined],
    ["", undefined],
    [null, undefined],
  ];
  for (const [jobType, expected] of cases) expect(employmentTypeOf(jobType), String(jobType)).toBe(expected);
});

test("the salary stays numeric with its ISO currency code, however the page writes it", () => {
  const data = jobPostingJsonLd(row({ salaryMin: 1_200_000, salaryMax: 1_800_000, salaryCurrency: "INR", salaryPeriod: "YEAR" }), SITE, NOW)!;
  expect(data.baseSalary).toEqual({
    "@type": "MonetaryAmount",
    currency: "INR",
    value: { "@type": "QuantitativeValue", minValue: 1_200_000, maxValue: 1_800_000, unitText: "YEAR" },
  });
});
