import { expect, test } from "vitest";
import { renderTemplate, UnknownMailTemplateError } from "#app/platform/email/templates.server.ts";
import { testMailTemplates } from "#tests/support/mail-templates.ts";

const params = { to_email: "asha@example.com", full_name: "Asha Rao", note: "Hello" };

test("a message renders by its name through the registry it is given, with its EmailJS parameters", () => {
  const mail = renderTemplate(testMailTemplates, "note", params, "staff@example.com");
  expect(mail.subject).toBe("A note for Asha Rao – Kraf Technologies");
  expect(mail.emailjsParams).toEqual({ to_email: "staff@example.com", full_name: "Asha Rao", note: "Hello" });
});

test("a name the registry lacks, inherited ones included, is an UnknownMailTemplateError naming it", () => {
  for (const name of ["nope", "toString", "__proto__"]) {
    expect(() => renderTemplate(testMailTemplates, name, params, "a@b.c")).toThrow(UnknownMailTemplateError);
  }
  expect(() => renderTemplate(testMailTemplates, "nope", params, "a@b.c")).toThrow('Unknown email template "nope"');
});
