import { expect, test } from "vitest";
import {
  applicationErrors,
  applicationSchema,
  FUTURE_ROLES_VALUE,
  MAX_RESUME_BYTES,
  PORTFOLIO_URL_MESSAGE,
  RESUME_REQUIRED_MESSAGE,
  resumeProblem,
  YEARS_MESSAGE,
} from "#app/features/careers/application-schema.ts";

const valid = {
  fullName: " Asha Verma ",
  email: "asha@example.com",
  phone: "+91 98100 00000",
  position: "Backend Engineer",
  portfolioUrl: "https://www.linkedin.com/in/asha",
  yearsExperience: "6",
  coverLetter: "I build APIs.",
  consent: "yes",
};

function errorsOf(values: Record<string, string | undefined>) {
  const parsed = applicationSchema.safeParse(values);
  return parsed.success ? {} : applicationErrors(parsed.error.issues);
}

test("a complete application parses, trimmed, with years as a number", () => {
  expect(applicationSchema.parse(valid)).toEqual({
    fullName: "Asha Verma",
    email: "asha@example.com",
    phone: "+91 98100 00000",
    position: "Backend Engineer",
    portfolioUrl: "https://www.linkedin.com/in/asha",
    yearsExperience: 6,
    coverLetter: "I build APIs.",
    futureRoles: false,
  });
});

test("keep me in mind for future roles is optional: only the box's own value is a yes", () => {
  expect(applicationSchema.parse({ ...valid, futureRoles: FUTURE_ROLES_VALUE }).futureRoles).toBe(true);
  expect(applicationSchema.parse({ ...valid, futureRoles: "on" }).futureRoles).toBe(false);
  expect(applicationSchema.parse({ ...valid, futureRoles: undefined }).futureRoles).toBe(false);
});

test("optional fields left empty come out as null: a general application", () => {
  const parsed = applicationSchema.parse({ ...valid, position: " ", portfolioUrl: "", yearsExperience: "", coverLetter: undefined });
  expect(parsed).toMatchObject({ position: null, portfolioUrl: null, yearsExperience: null, coverLetter: null });
});

test("required fields and consent each say what is missing", () => {
  expect(errorsOf({})).toEqual({
    fullName: "Full Name is required.",
    email: "Email Address is required.",
    phone: "Phone Number is required.",
    consent: "Please accept the Privacy Policy.",
  });
});

test("the email follows the site's simple pattern", () => {
  expect(errorsOf({ ...valid, email: "asha@example" }).email).toBe("Please enter a valid email address.");
});

test("the portfolio address must be http(s)", () => {
  for (const bad of ["javascript:alert(1)", "ftp://example.com/cv", "www.example.com", "https://localhost", "data:text/html,hi"]) {
    expect(errorsOf({ ...valid, portfolioUrl: bad }).portfolioUrl, bad).toBe(PORTFOLIO_URL_MESSAGE);
  }
  expect(errorsOf({ ...valid, portfolioUrl: "http://portfolio.example.org/asha" })).toEqual({});
});

test("years of experience is a whole number from 0 to 60", () => {
  for (const good of ["0", "7", "60"]) expect(errorsOf({ ...valid, yearsExperience: good }), good).toEqual({});
  for (const bad of ["-1", "61", "2.5", "ten", "100"]) expect(errorsOf({ ...valid, yearsExperience: bad }).yearsExperience, bad).toBe(YEARS_MESSAGE);
});

test("the cover letter is at most 5000 characters", () => {
  expect(errorsOf({ ...valid, coverLetter: "a".repeat(5000) })).toEqual({});
  expect(errorsOf({ ...valid, coverLetter: "a".repeat(5001) }).coverLetter).toBe("Cover Letter must be at most 5000 characters.");
});

test("the resume is required, PDF/DOC/DOCX by name in the browser, and at most 10 MB", () => {
  expect(resumeProblem(null)).toBe(RESUME_REQUIRED_MESSAGE);
  expect(resumeProblem({ name: "", size: 0, type: "" })).toBe(RESUME_REQUIRED_MESSAGE);
  expect(resumeProblem({ name: "cv.pdf", size: 1000, type: "application/pdf" })).toBeNull();
  expect(resumeProblem({ name: "CV.DOCX", size: 1000, type: "" })).toBeNull();
  expect(resumeProblem({ name: "cv.doc", size: MAX_RESUME_BYTES, type: "" })).toBeNull();
  expect(resumeProblem({ name: "cv.pdf", size: MAX_RESUME_BYTES + 1, type: "" })).toBe('"cv.pdf" is larger than 10 MB. Your resume must be 10 MB or smaller.');
  expect(resumeProblem({ name: "cv.png", size: 10, type: "image/png" })).toMatch(/is not a PDF, DOC or DOCX document/);
  expect(resumeProblem({ name: "cv.pdf", size: 0, type: "" })).toMatch(/is empty/);
});
