import { expect, test } from "vitest";
import { checkStageTemplate, defaultStageEmails, emailStages, fillStageEmail, rejectionDueAt } from "#app/features/careers/stage-email-rules.ts";
import { DEFAULT_BUSINESS_HOURS } from "#app/features/leads/business-time.ts";
import { fillNamedPlaceholders, fillPlaceholders, unknownPlaceholder } from "#app/features/staff/replies/reply-rules.ts";

test("a stage template with an unknown placeholder is refused with a sentence naming it; the three known ones pass, spaced or not", () => {
  expect(checkStageTemplate({ subject: "Hello {{name}}", body: "About {{ job }} ({{reference}}): see {{salary}}." })).toEqual({
    ok: false,
    field: "body",
    message: "The message holds the placeholder {{salary}}, which is none of {{name}}, {{job}} or {{reference}}; correct it or remove it.",
  });
  expect(checkStageTemplate({ subject: "Hi {{ Name }}", body: "Text" })).toMatchObject({
    ok: false,
    field: "subject",
    message: expect.stringContaining("{{ Name }}"),
  });
  expect(checkStageTemplate({ subject: "Hi {{}}", body: "Text" })).toMatchObject({ ok: false, field: "subject" });
  expect(checkStageTemplate({ subject: "Hi {{name}}", body: "For {{ job }}, ref {{reference}}.\r\n" })).toEqual({
    ok: true,
    value: { subject: "Hi {{name}}", body: "For {{ job }}, ref {{reference}}." },
  });
  // The subject's own rules still hold: one line.
  expect(checkStageTemplate({ subject: "Hi\nBcc: x@example.com", body: "Text" })).toMatchObject({ ok: false, field: "subject" });
});

test("every default template passes the check and fills in to plain words", () => {
  for (const stage of emailStages) {
    const template = defaultStageEmails[stage];
    expect(checkStageTemplate(template)).toMatchObject({ ok: true });
    const filled = fillStageEmail(template, { name: "Asha", job: "Backend Engineer", reference: "APP-2026-AAAAAA" });
    expect(`${filled.subject}\n${filled.body}`).not.toMatch(/\{\{|\}\}/);
    expect(filled.body).toMatch(/^Dear Asha,/);
  }
  expect(defaultStageEmails.rejected.body).toMatch(/Thank you/);
});

test("filling replaces only the keys given; a candidate's name that looks like a placeholder is not filled again", () => {
  expect(fillNamedPlaceholders("{{name}} / {{job}} / {{other}}", { name: "{{job}}", job: "Designer" })).toBe("{{job}} / Designer / {{other}}");
  expect(unknownPlaceholder("{{name}} and {{ sender }}", ["name"])).toBe("{{ sender }}");
  expect(unknownPlaceholder("{{name}} and { single }", ["name"])).toBeNull();
  // The reply templates keep their behaviour: their three names filled, anything else left.
  expect(fillPlaceholders("{{name}} {{sender}} {{signature}} {{job}}", { name: "A", sender: "B", signature: "C" })).toBe("A B C {{job}}");
});

test("a rejection scheduled goes two business days of working time later, over the weekend and around holidays", () => {
  // Friday 17:30 in India: one hour left that day, nine on Monday, eight on Tuesday.
  const friday = new Date("2026-11-27T12:00:00Z");
  expect(rejectionDueAt(friday, DEFAULT_BUSINESS_HOURS).toISOString()).toBe("2026-12-01T12:00:00.000Z");
  // A holiday on the Monday moves it a day on.
  const withHoliday = { ...DEFAULT_BUSINESS_HOURS, holidays: [{ date: "2026-11-30", name: "Holiday" }] };
  expect(rejectionDueAt(friday, withHoliday).toISOString()).toBe("2026-12-02T12:00:00.000Z");
});
