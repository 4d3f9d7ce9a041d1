import { expect, test } from "vitest";
import { digestWords } from "#app/features/campaigns/insight-digest.server.ts";
import { mailTemplates } from "#app/features/email-templates.server.ts";
import { frameMail } from "#app/platform/email/branded-layout.server.tsx";
import { defaultMailCompany, mailSenders } from "#app/platform/email/mail-brand.server.ts";
import { renderTemplate, type MailTemplateParams } from "#app/platform/email/templates.server.ts";
import { parseEnv } from "#app/platform/env.server.ts";

/*
 * Every kind of message as it goes out, HTML and text, from fixed params, in
 * files beside this test (open the .html ones in a browser to see them). A
 * change to a template or to the frame shows here as a diff to review.
 */

type Params<Name extends keyof typeof mailTemplates> = MailTemplateParams<typeof mailTemplates, Name>;

const visitor = { to_email: "asha@example.com", full_name: "Asha <b>Rao</b>", country: "India", phone: "+91 98100 00000" };
const recordUrl = "https://www.kraftechnologies.com/staff/consultations/42";
const application: Params<"job-application-confirmation"> = {
  to_email: "asha@example.com",
  full_name: "Asha Verma",
  phone: "+91 98100 00000",
  position: "Backend Engineer",
  reference: "APP-2026-4F7K2Q",
  portfolio_url: "https://www.linkedin.com/in/asha",
  years_experience: "6",
  cover_letter: "I build APIs.\nAnd I test them.",
  resume_name: "cv.pdf",
  job_url: "https://www.kraftechnologies.com/careers/7",
  status_url: "https://www.kraftechnologies.com/applications/status/abc_DEF-123",
};
const event = {
  full_name: "Asha Rao",
  event_title: "Kraf Summit 2026",
  page_url: "https://www.kraftechnologies.com/event",
  contact_email: "info@kraftechnologies.com",
};

/** One fixed message of each kind the registry has. */
const sampleMessages: { [Name in keyof typeof mailTemplates]: { to: string; params: Params<Name> } } = {
  "consultation-confirmation": {
    to: visitor.to_email,
    params: {
      ...visitor,
      project_brief:
        "We need a CRM & an ERP for 40 people.\nhttps://www.example.com/AVeryLongAddressThatMustWrapInsteadOfWideningTheMessageAtThreeHundredAndSeventyFivePixels",
      reference: "CON-2026-4F7K2Q",
      due_at: "2026-11-30T04:40:00.000Z",
      time_zone: "Asia/Kolkata",
      reply_to: "ana.sales@kraftechnologies.com",
      company_phone: "+91 98100 42275",
    },
  },
  "consultation-notification": {
    to: "sales@kraftechnologies.com",
    params: { ...visitor, project_brief: "A CRM", reference: "CON-2026-4F7K2Q", attachment_count: 2, record_url: recordUrl, owner_name: "Ana Sales" },
  },
  "consultation-unassigned": {
    to: "admin@kraftechnologies.com",
    params: { full_name: "Asha Rao", country: "India", reference: "CON-2026-4F7K2Q", team: "Sales", record_url: recordUrl },
  },
  "consultation-overdue": {
    to: "ana.sales@kraftechnologies.com",
    params: {
      full_name: "Asha Rao",
      country: "India",
      reference: "CON-2026-4F7K2Q",
      owner_name: "Ana Sales",
      due_at: "10:10 on Monday, 30 November",
      record_url: recordUrl,
    },
  },
  "job-application-confirmation": { to: application.to_email, params: application },
  "job-application-notification": { to: "careers@kraftechnologies.com", params: { ...application, status_url: undefined } },
  "application-stage-email": {
    to: application.to_email,
    params: {
      subject: "Let's talk: an interview for Backend Engineer (APP-2026-4F7K2Q)",
      body: "Dear Asha <b>Verma</b>,\n\nWe would like to meet you.\nReply to this email with times that suit you.\n\nKind regards,\nThe talent team",
      in_reply_to: "<application-7-confirmation@www.kraftechnologies.com>",
    },
  },
  "staff-invitation": {
    to: "ana.sales@kraftechnologies.com",
    params: {
      name: "Ana Sales",
      url: "https://www.kraftechnologies.com/staff/set-password?token=abc",
      valid_for: "24 hours",
      invited_by: "Ravi Admin",
      role: "sales",
    },
  },
  "staff-password-reset": {
    to: "ana.sales@kraftechnologies.com",
    params: { name: "Ana Sales", url: "https://www.kraftechnologies.com/staff/set-password?token=abc", valid_for: "30 minutes" },
  },
  "newsletter-confirmation": {
    to: "asha@example.com",
    params: {
      confirm_url: "https://www.kraftechnologies.com/newsletter/confirm?token=abc",
      unsubscribe_url: "https://www.kraftechnologies.com/newsletter/unsubscribe?token=abc",
    },
  },
  "newsletter-campaign": {
    to: "asha@example.com",
    params: {
      campaign_id: 1,
      site_url: "https://www.kraftechnologies.com",
      unsubscribe_url: "https://www.kraftechnologies.com/newsletter/unsubscribe?s=7.abc",
      subscription_id: 7,
      subject: "November notes: shipping software <fast>",
      preheader: "Three things we learned this month",
      body_html:
        '<h2>What we shipped</h2><p>A <a href="/featured-insights">new insight</a> and a <strong>faster</strong> checkout.</p><p><img src="/media/12/chart.webp" alt="The chart" width="600" height="300"></p><script>alert(1)</script>',
    },
  },
  "job-alert-confirmation": {
    to: "asha@example.com",
    params: {
      choice: "Engineering; remote",
      confirm_url: "https://www.kraftechnologies.com/careers/alerts/confirm?s=1.abc",
      unsubscribe_url: "https://www.kraftechnologies.com/careers/alerts/unsubscribe?s=1.abc",
    },
  },
  "job-alert": {
    to: "asha@example.com",
    params: {
      jobs: [
        { title: "Senior <Data> Engineer", url: "https://www.kraftechnologies.com/careers/senior-data-engineer", details: "Engineering, Full-time, Remote" },
        { title: "QA Analyst", url: "https://www.kraftechnologies.com/careers/7", details: "Engineering, Full-time, Remote, Pune" },
      ],
      choice: "Engineering; remote",
      unsubscribe_url: "https://www.kraftechnologies.com/careers/alerts/unsubscribe?s=1.abc",
    },
  },
  "event-registration": {
    to: "asha@example.com",
    params: {
      ...event,
      status: "registered",
      reference: "EVT-2026-4F7K2Q",
      when_text: "Friday, 21 November 2026, 09:30–17:30 IST",
      venue_text: "Kraf Technologies, 4th Floor, Connaught Place, New Delhi",
      map_url: "https://maps.example.com/?q=Connaught+Place",
      starts_at: "2026-11-21T04:00:00.000Z",
      ends_at: "2026-11-21T12:00:00.000Z",
      event_uid: "kraf-summit-2026@kraftechnologies.com",
    },
  },
  "event-next-edition": { to: "asha@example.com", params: event },
  "inbox-reply": {
    to: "asha@example.com",
    params: {
      subject: "Re: your consultation request CON-2026-4F7K2Q",
      body: "Dear Asha,\n\nThank you for your request. Could we talk on Tuesday at 11?\n\nAna",
      reply_to: "ana.sales@kraftechnologies.com",
      in_reply_to: "<consultation-42-confirmation@www.kraftechnologies.com>",
    },
  },
  "future-roles-renewal": {
    to: "asha@example.com",
    params: {
      full_name: "Asha Rao",
      reference: "APP-2026-4F7K2Q",
      notice_days: 30,
      renew_url: "https://www.kraftechnologies.com/applications/keep/42.1795739844.4f7K2QkrafSampleSignatureOnlyForTheSnapshot1",
      alerts_url: "https://www.kraftechnologies.com/careers/alerts",
    },
  },
};

const env = parseEnv({ LOG_LEVEL: "silent" });
/** How the outbox worker sends with the default settings, from the public origin the site would have. */
const sampleContext = {
  from: env.MAIL_FROM,
  senders: mailSenders(env),
  brand: { siteUrl: "https://www.kraftechnologies.com", company: defaultMailCompany },
};

/** A sample message as it goes out. */
async function sampleMail(name: keyof typeof mailTemplates) {
  const { to, params } = sampleMessages[name];
  const rendered = renderTemplate(mailTemplates, name, params, to);
  return { ...rendered, ...(await frameMail(rendered, sampleContext)) };
}

const names = Object.keys(mailTemplates) as (keyof typeof mailTemplates)[];

test.each(names)("%s: its HTML and text parts as they go out", async (name) => {
  const mail = await sampleMail(name);
  await expect(mail.html).toMatchFileSnapshot(`../../tests/snapshots/emails/${name}.html`);
  await expect(`From: ${mail.from}\nSubject: ${mail.subject}\n\n${mail.text}\n`).toMatchFileSnapshot(`../../tests/snapshots/emails/${name}.txt`);
});

test.each(names)("%s: the HTML keeps to what mail programs render", async (name) => {
  const { html, text } = await sampleMail(name);
  // Layout by tables, at most 600 px wide, styles inline, dark mode declared, the logo an absolute PNG with its size.
  expect(html).toMatch(/^<!DOCTYPE html/);
  expect(html).toContain('role="presentation"');
  expect(html).toContain("max-width:600px");
  expect(html).toContain('<meta name="color-scheme" content="light dark"');
  expect(html).toMatch(/<img alt="" height="40" src="https:\/\/www\.kraftechnologies\.com\/logo\.png"[^>]* width="40"/);
  expect(html).not.toMatch(/<link[^>]+stylesheet|<script|display:\s*flex|display:\s*grid|position:\s*(absolute|fixed)/);
  for (const tag of html.match(/<(p|th|a|ul|li)\b[^>]*>/g) ?? []) expect(tag, tag).toContain("style=");
  // The company's address closes both parts.
  expect(html).toContain("4th Floor, Connaught Place, New Delhi 110001, India");
  expect(text).toMatch(/--\nKraf Technologies · 4th Floor, Connaught Place, New Delhi 110001, India\nhttps:\/\/www\.kraftechnologies\.com$/);
});

test("a visitor's confirmation comes from the team that signs it, and carries the reference", async () => {
  const consultation = await sampleMail("consultation-confirmation");
  expect(consultation.from).toBe('"Kraf Technologies Sales" <sales@kraftechnologies.com>');
  expect(consultation.text).toContain("Kraf Technologies Sales\n+91 98100 42275 · sales@kraftechnologies.com");
  expect(consultation.html).toContain("<strong>Kraf Technologies Sales</strong>");
  expect(consultation.text).toContain("Your reference is CON-2026-4F7K2Q");
  const applicant = await sampleMail("job-application-confirmation");
  expect(applicant.from).toBe('"Kraf Technologies Careers" <careers@kraftechnologies.com>');
  expect(applicant.text).toContain("Kraf Technologies Careers\ncareers@kraftechnologies.com");
  expect(applicant.text).toContain("Your reference number is APP-2026-4F7K2Q.");
  // Everything else comes from MAIL_FROM and, where signed, is signed by it.
  const newsletter = await sampleMail("newsletter-confirmation");
  expect(newsletter.from).toBe('"Kraf Technologies" <info@kraftechnologies.com>');
  expect(newsletter.text).toContain("Kraf Technologies\ninfo@kraftechnologies.com");
});

test("the main action is a button, and visitor text stays escaped inside the frame", async () => {
  const invitation = await sampleMail("staff-invitation");
  expect(invitation.html).toMatch(/<a href="https:\/\/www\.kraftechnologies\.com\/staff\/set-password\?token=abc"[^>]*background-color:#2751d9[^>]*>/);
  const consultation = await sampleMail("consultation-confirmation");
  expect(consultation.html).toContain("Asha &lt;b&gt;Rao&lt;/b&gt;");
  expect(consultation.html).not.toContain("<b>Rao</b>");
});

/** The digest of new insights goes out as a campaign whose words the digest wrote (decision 079): a sample of its own. */
test("insight-digest: its HTML and text parts as they go out", async () => {
  const insight = { authorName: null, authorBio: null, readTime: null, description: null, createdAt: new Date("2026-11-10T06:00:00Z") };
  const words = digestWords(
    [
      {
        ...insight,
        id: 3,
        slug: "cloud-costs",
        title: "Cutting cloud costs <by half>",
        category: "Cloud",
        excerpt: "Where the money went.",
        image: "/media/0b6f6c9e-3c1d-4a51-9f0e-1d2c3b4a5f60/1280.webp",
        publishedDate: new Date("2026-11-10T06:00:00Z"),
      },
      {
        ...insight,
        id: 4,
        slug: "zero-trust",
        title: "Zero trust, plainly",
        category: "Security",
        excerpt: null,
        image: null,
        description: "<p>Trust nothing by default.</p>",
        publishedDate: new Date("2026-11-13T06:00:00Z"),
      },
    ],
    "https://www.kraftechnologies.com",
  );
  const rendered = renderTemplate(
    mailTemplates,
    "newsletter-campaign",
    { ...sampleMessages["newsletter-campaign"].params, ...words, body_html: words.bodyHtml },
    "asha@example.com",
  );
  const mail = { ...rendered, ...(await frameMail(rendered, sampleContext)) };
  await expect(mail.html).toMatchFileSnapshot("../../tests/snapshots/emails/insight-digest.html");
  await expect(`From: ${mail.from}\nSubject: ${mail.subject}\n\n${mail.text}\n`).toMatchFileSnapshot("../../tests/snapshots/emails/insight-digest.txt");
  for (const tag of mail.html.match(/<(p|a|img)\b[^>]*>/g) ?? []) expect(tag, tag).toContain("style=");
});
