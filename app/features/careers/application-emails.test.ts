import { expect, test } from "vitest";
import { applicationEmails, type JobApplicationParams } from "#app/features/careers/application-emails.server.ts";
import { renderTemplate } from "#app/platform/email/templates.server.ts";

const params: JobApplicationParams = {
  to_email: "asha@example.com",
  full_name: "Asha <b>Verma</b>",
  phone: "+91 98100 00000",
  position: "Backend Engineer\r\nBcc: evil@example.com",
  reference: "APP-2026-4F7K2Q",
  portfolio_url: "https://www.linkedin.com/in/asha",
  years_experience: "6",
  cover_letter: "I build APIs.",
  resume_name: "cv.pdf",
  job_url: "https://example.com/careers/7",
};

test("the applicant's confirmation names the reference and the position, and escapes their text", () => {
  const mail = renderTemplate(applicationEmails, "job-application-confirmation", params, params.to_email);
  expect(mail.subject).toContain("APP-2026-4F7K2Q");
  expect(mail.text).toContain("Your reference number is APP-2026-4F7K2Q.");
  expect(mail.html).toContain("Asha &lt;b&gt;Verma&lt;/b&gt;");
  expect(mail.html).not.toContain("<b>Verma</b>");
  expect(Object.keys(mail.emailjsParams).sort()).toEqual(["full_name", "position", "reference", "status_url", "to_email"]);
});

test("the confirmation carries the private status link in text, HTML and EmailJS params; one queued before the link existed still renders", () => {
  const statusUrl = "https://example.com/applications/status/abc_DEF-123";
  const mail = renderTemplate(applicationEmails, "job-application-confirmation", { ...params, status_url: statusUrl }, params.to_email);
  expect(mail.text).toContain(statusUrl);
  expect(mail.action).toEqual({ label: "See where your application stands", url: statusUrl });
  expect(mail.emailjsParams.status_url).toBe(statusUrl);
  const older = renderTemplate(applicationEmails, "job-application-confirmation", params, params.to_email);
  expect(older.text).not.toContain("/applications/status/");
  expect(older.emailjsParams.status_url).toBe("");
});

test("the hiring team's notification replies to the applicant, links the job and keeps the subject on one line", () => {
  const mail = renderTemplate(applicationEmails, "job-application-notification", params, "careers@kraftechnologies.com");
  expect(mail.replyTo).toBe("asha@example.com");
  expect(mail.subject).not.toMatch(/[\r\n]/);
  expect(mail.text).toContain("Job page: https://example.com/careers/7");
  expect(mail.emailjsParams.to_email).toBe("careers@kraftechnologies.com");
  const general = renderTemplate(applicationEmails, "job-application-notification", { ...params, job_url: "" }, "careers@kraftechnologies.com");
  expect(general.text).toContain("Not linked to an open job");
});
