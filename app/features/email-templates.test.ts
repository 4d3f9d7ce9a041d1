import { expect, test } from "vitest";
import { mailTemplates } from "#app/features/email-templates.server.ts";
import { defaultMailCompany, mailSenders } from "#app/platform/email/mail-brand.server.ts";
import { enqueue, startOutboxWorker } from "#app/platform/email/outbox.server.ts";
import { renderTemplate } from "#app/platform/email/templates.server.ts";
import type { MailTransport, OutgoingMail } from "#app/platform/email/transport.server.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { openTestDatabase } from "#tests/support/databases.ts";
import { waitUntil } from "#tests/support/mail.ts";

test("the registry keeps every name the outbox has stored, so rows written before a deploy still render", () => {
  expect(Object.keys(mailTemplates)).toEqual([
    "consultation-confirmation",
    "consultation-notification",
    "consultation-unassigned",
    "consultation-overdue",
    "job-application-confirmation",
    "job-application-notification",
    "application-stage-email",
    "staff-invitation",
    "staff-password-reset",
    "newsletter-confirmation",
    "newsletter-campaign",
    "job-alert-confirmation",
    "job-alert",
    "event-registration",
    "event-next-edition",
    "inbox-reply",
    "future-roles-renewal",
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
    "application-stage-email": "EMAILJS_STAFF_TEMPLATE_ID",
    "staff-invitation": "EMAILJS_STAFF_TEMPLATE_ID",
    "staff-password-reset": "EMAILJS_STAFF_TEMPLATE_ID",
    "newsletter-confirmation": "EMAILJS_NEWSLETTER_TEMPLATE_ID",
    "newsletter-campaign": "EMAILJS_NEWSLETTER_TEMPLATE_ID",
    "job-alert-confirmation": "EMAILJS_NEWSLETTER_TEMPLATE_ID",
    "job-alert": "EMAILJS_NEWSLETTER_TEMPLATE_ID",
    "event-registration": "EMAILJS_EVENT_TEMPLATE_ID",
    "event-next-edition": "EMAILJS_EVENT_TEMPLATE_ID",
    "inbox-reply": "EMAILJS_STAFF_TEMPLATE_ID",
    "future-roles-renewal": "EMAILJS_STAFF_TEMPLATE_ID",
  });
});

test("the worker sends a visitor's confirmation from the sales inbox, and gives EmailJS subject-and-message templates the framed HTML", async () => {
  const database = await openTestDatabase("pglite");
  const sent: OutgoingMail[] = [];
  const transport: MailTransport = { name: "emailjs", send: async (mail) => void sent.push(mail) };
  const worker = startOutboxWorker({
    db: database.db,
    templates: mailTemplates,
    transport,
    from: '"Kraf Technologies" <info@kraftechnologies.com>',
    senders: mailSenders(parseEnv({ SALES_INBOX: "deals@kraftechnologies.com", LOG_LEVEL: "silent" })),
    brand: async () => ({ siteUrl: "https://www.kraftechnologies.com", company: defaultMailCompany }),
    maxAttempts: 3,
    pollIntervalMs: 50,
  });
  try {
    const visitor = { to_email: "asha@example.com", full_name: "Asha", country: "India", phone: "+91 1", project_brief: "A CRM" };
    await enqueue(mailTemplates, database.db, {
      template: "consultation-confirmation",
      to: visitor.to_email,
      params: { ...visitor, reference: "CON-2026-4F7K2Q" },
    });
    const reset = { name: "Ana", url: "https://www.kraftechnologies.com/staff/set-password?token=abc", valid_for: "30 minutes" };
    await enqueue(mailTemplates, database.db, { template: "staff-password-reset", to: "ana@kraftechnologies.com", params: reset });
    worker.nudge();
    await waitUntil(() => sent.length === 2);
    const confirmation = sent.find((mail) => mail.template === "consultation-confirmation")!;
    expect(confirmation.from).toBe('"Kraf Technologies Sales" <deals@kraftechnologies.com>');
    expect(confirmation.text).toContain("Kraf Technologies Sales\n+91 98100 42275 · deals@kraftechnologies.com");
    // The spec's five parameters, nothing more.
    expect(Object.keys(confirmation.emailjsParams).sort()).toEqual(["country", "full_name", "phone", "project_brief", "to_email"]);
    const staff = sent.find((mail) => mail.template === "staff-password-reset")!;
    expect(staff.from).toBe('"Kraf Technologies" <info@kraftechnologies.com>');
    expect(staff.emailjsParams.message).toBe(renderTemplate(mailTemplates, "staff-password-reset", reset, "ana@kraftechnologies.com").text);
    expect(staff.emailjsParams.message_html).toBe(staff.html);
    expect(staff.html).toContain(`<a href="${reset.url}"`);
    expect(staff.html).toContain("Choose a new password");
  } finally {
    await worker.stop();
    await database.dispose();
  }
});
