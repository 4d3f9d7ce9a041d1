import { expect, test } from "vitest";
import { site } from "#app/content/site.ts";
import {
  consultationConfirmation,
  consultationNotification,
  mailTemplates,
  renderTemplate,
} from "#app/platform/email/templates.server.ts";

const params = {
  to_email: "asha@example.com",
  full_name: "Asha <b>Rao</b>",
  country: "India",
  phone: "+91 98100 00000",
  project_brief: "Line one\nA CRM & an <script>alert(1)</script> ERP",
};

test("the confirmation names the company, promises 1 business hour and echoes the request", () => {
  const mail = consultationConfirmation(params);
  expect(mail.subject).toContain(site.name);
  for (const body of [mail.text, mail.html]) {
    expect(body).toContain(site.name);
    expect(body).toContain("within 1 business hour");
  }
  expect(mail.text).toContain("Dear Asha <b>Rao</b>,");
  expect(mail.text).toContain("Country: India");
  expect(mail.text).toContain("Phone Number: +91 98100 00000");
  expect(mail.text).toContain("Line one\nA CRM & an <script>alert(1)</script> ERP");
});

test("visitor text is HTML-escaped in the HTML part", () => {
  const { html } = consultationConfirmation(params);
  expect(html).not.toContain("<script>");
  expect(html).not.toContain("<b>Rao</b>");
  expect(html).toContain("Asha &lt;b&gt;Rao&lt;/b&gt;");
  expect(html).toContain("A CRM &amp; an &lt;script&gt;alert(1)&lt;/script&gt; ERP");
});

test("the staff notification replies to the visitor, counts attachments and keeps the subject on one line", () => {
  const mail = consultationNotification({ ...params, full_name: "Evil\r\nBcc: x@y.z" }, 3);
  expect(mail.subject).toBe("New consultation request from Evil Bcc: x@y.z (India)");
  expect(mail.replyTo).toBe("asha@example.com");
  expect(mail.text).toContain("Attachments: 3 files");
  expect(consultationNotification(params, 0).text).toContain("Attachments: no files");
});

test("the template map renders by name and gives EmailJS exactly the spec's parameters", () => {
  const rendered = renderTemplate("consultation-confirmation", params, params.to_email);
  expect(Object.keys(rendered.emailjsParams).sort()).toEqual(
    ["country", "full_name", "phone", "project_brief", "to_email"].sort(),
  );
  expect(Object.keys(mailTemplates)).toEqual([
    "consultation-confirmation",
    "consultation-notification",
    "job-application-confirmation",
    "job-application-notification",
  ]);
  expect(() => renderTemplate("nope", params, "a@b.c")).toThrow('Unknown email template "nope"');
});
