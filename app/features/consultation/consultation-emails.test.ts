import { expect, test } from "vitest";
import { site } from "#app/content/site.ts";
import { consultationEmails } from "#app/features/consultation/consultation-emails.server.ts";
import { renderTemplate } from "#app/platform/email/templates.server.ts";

const params = {
  to_email: "asha@example.com",
  full_name: "Asha <b>Rao</b>",
  country: "India",
  phone: "+91 98100 00000",
  project_brief: "Line one\nA CRM & an <script>alert(1)</script> ERP",
};

const confirmation = (p: typeof params) => consultationEmails["consultation-confirmation"].render(p);
const notification = (p: typeof params, attachmentCount: number) =>
  consultationEmails["consultation-notification"].render({ ...p, attachment_count: attachmentCount });

test("the confirmation names the company, promises 1 business hour and echoes the request", () => {
  const mail = confirmation(params);
  expect(mail.subject).toBe(`We received your consultation request – ${site.name}`);
  for (const body of [mail.text, mail.html]) {
    expect(body).toContain(site.name);
    expect(body).toContain("within 1 business hour");
  }
  expect(mail.html).toContain("<strong>within 1 business hour</strong>");
  expect(mail.text).toContain("Dear Asha <b>Rao</b>,");
  expect(mail.text).toContain("Country: India");
  expect(mail.text).toContain("Phone Number: +91 98100 00000");
  expect(mail.text).toContain("Project Brief:\nLine one\nA CRM & an <script>alert(1)</script> ERP");
});

test("visitor text is HTML-escaped in the HTML part", () => {
  const { html } = confirmation(params);
  expect(html).not.toContain("<script>");
  expect(html).not.toContain("<b>Rao</b>");
  expect(html).toContain("Asha &lt;b&gt;Rao&lt;/b&gt;");
  expect(html).toContain("A CRM &amp; an &lt;script&gt;alert(1)&lt;/script&gt; ERP");
});

test("the staff notification replies to the visitor, counts attachments and keeps the subject on one line", () => {
  const mail = notification({ ...params, full_name: "Evil\r\nBcc: x@y.z" }, 3);
  expect(mail.subject).toBe("New consultation request from Evil Bcc: x@y.z (India)");
  expect(mail.replyTo).toBe("asha@example.com");
  expect(mail.text).toContain("Attachments: 3 files");
  expect(notification(params, 1).text).toContain("Attachments: 1 file (");
  expect(notification(params, 0).text).toContain("Attachments: no files");
});

test("the notification names the owner and links to the request's page; without an owner it says the admins are told", () => {
  const url = "https://www.example.com/staff/consultations/42";
  const render = consultationEmails["consultation-notification"].render;
  const owned = render({ ...params, attachment_count: 0, record_url: url, owner_name: "Ana Sales" });
  expect(owned.text).toContain("Owner: Ana Sales.");
  expect(owned.text).toContain(`Open the request: ${url}`);
  expect(owned.html).toContain(`<a href="${url}">Open the request in the staff area</a>`);
  const nobody = render({ ...params, attachment_count: 0, record_url: url, owner_name: null });
  expect(nobody.text).toContain("Owner: nobody yet");
  const unassigned = consultationEmails["consultation-unassigned"].render({ full_name: "Asha", country: "India", team: "Sales", record_url: url });
  expect(unassigned.subject).toBe("Nobody owns the consultation request from Asha");
  expect(unassigned.text).toContain(url);
});

test("EmailJS gets exactly the spec's parameters for the confirmation, and the visitor's for the notification", () => {
  const confirmationParams = renderTemplate(consultationEmails, "consultation-confirmation", params, params.to_email);
  expect(confirmationParams.emailjsParams).toEqual(params);
  const notificationParams = renderTemplate(consultationEmails, "consultation-notification", { ...params, attachment_count: 2 }, "sales@kraftechnologies.com");
  expect(notificationParams.emailjsParams).toEqual({
    to_email: "sales@kraftechnologies.com",
    reply_to: params.to_email,
    full_name: params.full_name,
    email: params.to_email,
    country: params.country,
    phone: params.phone,
    project_brief: params.project_brief,
    attachment_count: 2,
    record_url: "",
    owner_name: "",
  });
});
