import { expect, test } from "vitest";
import { closingDateFrom, JOB_LIMITS, readJobInput } from "#app/features/staff/jobs/job-rules.ts";

const valid = {
  title: "  Senior   Engineer ",
  department: "Engineering",
  jobType: "full-time",
  location: "Pune, India",
  workplace: "hybrid",
  description: "<p>Build.</p>",
};

test("a valid job is read with tidied text and no salary", () => {
  expect(readJobInput(valid)).toEqual({
    ok: true,
    input: {
      title: "Senior Engineer",
      department: "Engineering",
      jobType: "full-time",
      location: "Pune, India",
      workplace: "hybrid",
      salaryMin: null,
      salaryMax: null,
      salaryCurrency: null,
      salaryPeriod: null,
      closesAt: null,
      description: "<p>Build.</p>",
      questions: [],
      seo: { slug: null, metaTitle: null, metaDescription: null, noindex: false },
    },
  });
});

test("each wrong field gets its own sentence", () => {
  const result = readJobInput({
    title: "",
    jobType: "permanent",
    workplace: "moon",
    salaryMin: "12x",
    salaryMax: "",
    closesAt: "31/12/2026",
    description: "x".repeat(JOB_LIMITS.description + 1),
  });
  expect(result).toEqual({
    ok: false,
    errors: {
      title: "Enter the job title.",
      jobType: "Choose the job type.",
      workplace: "Choose where the work is done.",
      salaryMin: "Enter the lowest salary as a whole number, or leave it empty.",
      closesAt: "Enter the closing date as a date, or leave it empty.",
      description: "Keep the description to 60,000 characters of HTML.",
    },
  });
});

test("a salary range needs its currency and period, and the top may not be below the bottom", () => {
  expect(readJobInput({ ...valid, salaryMin: "1,200,000", salaryMax: "1800000", salaryCurrency: "INR", salaryPeriod: "YEAR" })).toMatchObject({
    ok: true,
    input: { salaryMin: 1_200_000, salaryMax: 1_800_000, salaryCurrency: "INR", salaryPeriod: "YEAR" },
  });
  expect(readJobInput({ ...valid, salaryMin: "50000" })).toEqual({
    ok: false,
    errors: { salaryCurrency: "Choose the salary's currency.", salaryPeriod: "Choose whether the salary is per year, month or hour." },
  });
  expect(readJobInput({ ...valid, salaryMin: "9", salaryMax: "5", salaryCurrency: "USD", salaryPeriod: "HOUR" })).toEqual({
    ok: false,
    errors: { salaryMax: "The highest salary cannot be below the lowest." },
  });
  // A currency chosen without amounts is dropped rather than stored alone.
  expect(readJobInput({ ...valid, salaryCurrency: "EUR", salaryPeriod: "MONTH" })).toMatchObject({
    ok: true,
    input: { salaryCurrency: null, salaryPeriod: null },
  });
});

test("a closing date is the end of that day, UTC; impossible dates are refused", () => {
  expect(closingDateFrom("2026-12-31")).toEqual(new Date("2026-12-31T23:59:59.999Z"));
  expect(closingDateFrom("")).toBeNull();
  expect(closingDateFrom("2026-02-30")).toBe("invalid");
  expect(closingDateFrom("tomorrow")).toBe("invalid");
});

test("a job's questions are read with its fields, and a wrong question row is refused beside its field", () => {
  const read = readJobInput({ ...valid, "q1-label": "Right to work in India?", "q1-type": "yes-no", "q1-required": "on", "q1-knockout": "No" });
  expect(read.ok && read.input.questions).toEqual([
    { label: "Right to work in India?", type: "yes-no", required: true, choices: [], knockout: "no", min: null, max: null },
  ]);
  const refused = readJobInput({ ...valid, "q1-label": "Years?", "q1-type": "number", "q1-knockout": "0" });
  expect(refused.ok).toBe(false);
  expect(!refused.ok && Object.keys(refused.errors)).toEqual(["q1-knockout"]);
});
