import { expect, test } from "vitest";
import { mailTemplates } from "#app/features/email-templates.server.ts";
import { renderTemplate } from "#app/platform/email/templates.server.ts";

test("the registry keeps every name the outbox has stored, so rows written before a deploy still render", () => {
  expect(Object.keys(mailTemplates)).toEqual([
    "consultation-confirmation",
    "consultation-notification",
    "consultation-unassigned",
    "consultation-overdue",
    "job-application-confirmation",
    "job-application-notification",
    "staff-invitation",
    "staff-password-reset",
    "newsletter-confirmation",
    "event-registration",
    "event-next-edition",
    "inbox-reply",
  ]);
  // As a row's params come back from the jsonb column.
  const stored = JSON.parse(
    '{"to_email":"asha@example.com","full_name":"Asha Rao","country":"India","phone":"+91 1","project_brief":"A CRM","attachment_count":0}',
  ) as unknown;
  expect(renderTemplate(mailTemplates, "consultation-notification", stored, "sales@kraftechnologies.com").subject).toBe(
    "New consultation request from Asha Rao (India)",
  );
});

test("each message keeps the EmailJS template setting it had", () => {
  expect(Object.fromEntries(Object.entries(mailTemplates).map(([name, t]) => [name, t.emailjsTemplateSetting]))).toEqual({
    "consultation-confirmation": "EMAILJS_TEMPLATE_ID",
    "consultation-notification": "EMAILJS_NOTIFY_TEMPLATE_ID",
    "consultation-unassigned": "EMAILJS_STAFF_TEMPLATE_ID",
    "consultation-overdue": "EMAILJS_STAFF_TEMPLATE_ID",
    "job-application-confirmation": "EMAILJS_APPLICATION_TEMPLATE_ID",
    "job-application-notification": "EMAILJS_APPLICATION_NOTIFY_TEMPLATE_ID",
    "staff-invitation": "EMAILJS_STAFF_TEMPLATE_ID",
    "staff-password-reset": "EMAILJS_STAFF_TEMPLATE_ID",
    "newsletter-confirmation": "EMAILJS_NEWSLETTER_TEMPLATE_ID",
    "event-registration": "EMAILJS_EVENT_TEMPLATE_ID",
    "event-next-edition": "EMAILJS_EVENT_TEMPLATE_ID",
    "inbox-reply": "EMAILJS_STAFF_TEMPLATE_ID",
  });
});
