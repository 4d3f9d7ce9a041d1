import { expect, test } from "vitest";
import { forbiddenCharacterMessage, hasForbiddenCharacter } from "#app/features/forms/text-rules.ts";

test("single-line fields refuse NUL, other controls, tabs and every kind of line break", () => {
  for (const value of ["a\u0000b", "a\u001bb", "a\tb", "a\nb", "a\rb", "a\u2028b", "a\u007fb"]) {
    expect(hasForbiddenCharacter(value, { multiline: false }), JSON.stringify(value)).toBe(true);
  }
  expect(hasForbiddenCharacter("Zoë O'Brien-Łukasz, Acme GmbH", { multiline: false })).toBe(false);
});

test("multi-line fields keep line breaks and tabs but refuse NUL and other controls", () => {
  expect(hasForbiddenCharacter("line one\r\nline two\n\tindented", { multiline: true })).toBe(false);
  for (const value of ["a\u0000b", "a\u0008b", "a\u000bb", "a\u001fb", "a\u007fb"]) {
    expect(hasForbiddenCharacter(value, { multiline: true }), JSON.stringify(value)).toBe(true);
  }
});

test("the message names the field", () => {
  expect(forbiddenCharacterMessage("Full Name", { multiline: false })).toMatch(/^Full Name must be a single line/);
  expect(forbiddenCharacterMessage("Project Brief", { multiline: true })).toMatch(/^Project Brief contains a control character/);
});
