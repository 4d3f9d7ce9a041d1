import fc from "fast-check";
import { expect, test } from "vitest";
import { validateNewsletter } from "#app/features/newsletter/newsletter-schema.ts";
import { CONSENT_REQUIRED_MESSAGE, CONSENT_VALUE, EMAIL_MAX_LENGTH, INVALID_EMAIL_MESSAGE } from "#app/features/forms/form-rules.ts";

/** The spec's minimal pattern, written independently: text, at sign, text, dot, text (no spaces, one @). */
function minimalPatternHolds(raw: string): boolean {
  const email = raw.trim();
  if (email.length > EMAIL_MAX_LENGTH) return false;
  const at = email.indexOf("@");
  if (at <= 0 || email.indexOf("@", at + 1) !== -1 || /\s/.test(email)) return false;
  const domain = email.slice(at + 1);
  // Some dot with text on both sides (the texts may hold dots themselves: "a@b..c" is text "b.", dot, text "c").
  return domain.slice(1, -1).includes(".");
}

const anyEmail = fc.oneof(
  fc.string(),
  fc.emailAddress(),
  fc.tuple(fc.string(), fc.constantFrom("@", "@@", " @", "@."), fc.string(), fc.constantFrom(".", "", ". "), fc.string()).map((parts) => parts.join("")),
);

test("without consent the answer is always the consent message, whatever the email", () => {
  const notConsent = fc.oneof(
    fc.constant(null),
    fc.constant(undefined),
    fc.string().filter((value) => value !== CONSENT_VALUE),
  );
  fc.assert(
    fc.property(notConsent, fc.oneof(anyEmail, fc.constant(null)), (consent, email) => {
      expect(validateNewsletter({ consent, email })).toEqual({ field: "consent", message: CONSENT_REQUIRED_MESSAGE });
    }),
    { numRuns: 500 },
  );
});

test("with consent, an email is accepted only when it matches the minimal pattern, and refused with the email message otherwise", () => {
  fc.assert(
    fc.property(anyEmail, (email) => {
      const issue = validateNewsletter({ consent: CONSENT_VALUE, email });
      if (issue === null) expect(minimalPatternHolds(email)).toBe(true);
      else expect(issue).toEqual({ field: "email", message: INVALID_EMAIL_MESSAGE });
    }),
    { numRuns: 1000 },
  );
});

test("with consent, every well-formed address is accepted", () => {
  fc.assert(
    fc.property(fc.emailAddress(), (email) => {
      expect(validateNewsletter({ consent: CONSENT_VALUE, email })).toBeNull();
    }),
    { numRuns: 500 },
  );
});
