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
  expect(owned.action).toEqual({ label: "Open the request in the staff area", url });
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

test("the confirmation carries the reference and the due time with its zone named, and a reply reaches the owner", () => {
  const mail = consultationEmails["consultation-confirmation"].render({
    ...params,
    reference: "CON-2026-4F7K2Q",
    due_at: "2026-11-30T04:40:00.000Z",
    time_zone: "Europe/Berlin",
    reply_to: "ana.sales@kraftechnologies.com",
  });
  expect(mail.subject).toBe(`We received your consultation request CON-2026-4F7K2Q – ${site.name}`);
  expect(mail.replyTo).toBe("ana.sales@kraftechnologies.com");
  expect(mail.text).toContain("will respond within 1 business hour: by 05:40 on Monday, 30 November, Central European Standard Time.");
  expect(mail.text).toContain("Your reference is CON-2026-4F7K2Q; please quote it when you write or call.");
  expect(mail.html).toContain("<strong>by 05:40 on Monday, 30 November, Central European Standard Time</strong>");
  expect(mail.html).toContain("Your reference is <strong>CON-2026-4F7K2Q</strong>");
  // A message queued before references existed renders as it did, with no Reply-To.
  expect(confirmation(params).replyTo).toBeUndefined();
});

test("the notification, the owner's alert and the admins' alert name the reference", () => {
  const url = "https://www.example.com/staff/consultations/42";
  const mail = consultationEmails["consultation-notification"].render({
    ...params,
    reference: "CON-2026-4F7K2Q",
    attachment_count: 0,
    record_url: url,
    owner_name: "Ana Sales",
  });
  expect(mail.subject).toBe("New consultation request CON-2026-4F7K2Q from Asha <b>Rao</b> (India)");
  expect(mail.text).toContain("Reference: CON-2026-4F7K2Q (the visitor has it; search for it in the staff area).");
  expect(mail.html).toContain("Reference: CON-2026-4F7K2Q");
  const unassigned = consultationEmails["consultation-unassigned"].render({
    full_name: "Asha",
    country: "India",
    reference: "CON-2026-4F7K2Q",
    team: "Sales",
    record_url: url,
  });
  expect(unassigned.subject).toBe("Nobody owns the consultation request CON-2026-4F7K2Q from Asha");
  expect(unassigned.text).toContain("A consultation request (CON-2026-4F7K2Q) from Asha (India)");
});
