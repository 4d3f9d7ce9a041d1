import { expect, test } from "vitest";
import {
  NEWSLETTER_FAILURE_MESSAGE,
  NEWSLETTER_SUCCESS_MESSAGE,
  newsletterSchema,
  parseNewsletter,
  validateNewsletter,
} from "#app/features/newsletter/newsletter-schema.ts";
import { CONSENT_REQUIRED_MESSAGE, CONSENT_VALUE, INVALID_EMAIL_MESSAGE } from "#app/features/forms/form-rules.ts";

test("the messages are the spec's, to the letter", () => {
  expect(CONSENT_REQUIRED_MESSAGE).toBe("Please accept the Privacy Policy.");
  expect(INVALID_EMAIL_MESSAGE).toBe("Please enter a valid email address.");
  expect(NEWSLETTER_SUCCESS_MESSAGE).toBe("Subscription successful! Thank you for signing up.");
  expect(NEWSLETTER_FAILURE_MESSAGE).toBe("Error subscribing. Please try again later.");
});

test("consent is checked before the email", () => {
  expect(validateNewsletter({ consent: null, email: "bad-email" })).toEqual({
    field: "consent",
    message: CONSENT_REQUIRED_MESSAGE,
  });
  expect(validateNewsletter({ consent: null, email: "a@b.c" })?.message).toBe(CONSENT_REQUIRED_MESSAGE);
  expect(validateNewsletter({ consent: CONSENT_VALUE, email: "bad-email" })).toEqual({
    field: "email",
    message: INVALID_EMAIL_MESSAGE,
  });
  expect(validateNewsletter({ consent: CONSENT_VALUE, email: "a@b.c" })).toBeNull();
});

test("the schema's first issue is consent too, so the server answers in the same order", () => {
  const result = newsletterSchema.safeParse({ email: "nope" });
  expect(result.success).toBe(false);
  expect(result.error?.issues.map((issue) => issue.message)).toEqual([CONSENT_REQUIRED_MESSAGE, INVALID_EMAIL_MESSAGE]);
});

test("a missing email reads as an invalid one", () => {
  expect(validateNewsletter({ consent: CONSENT_VALUE, email: null })?.message).toBe(INVALID_EMAIL_MESSAGE);
  expect(validateNewsletter({ consent: CONSENT_VALUE, email: "   " })?.message).toBe(INVALID_EMAIL_MESSAGE);
});

test("the email is text, at sign, text, dot, text, and one plain mailbox", () => {
  expect(validateNewsletter({ consent: CONSENT_VALUE, email: "a@b.c" })).toBeNull();
  expect(validateNewsletter({ consent: CONSENT_VALUE, email: "first.last+tag@example.co.in" })).toBeNull();
  for (const bad of ["a@b", "a b@c.d", "@b.c", "a@.c", "a@b.", "a@@b.c", "", "x0<victim@example.com>", '"x" <victim@example.com>', "a@b.c, d@e.f"]) {
    expect(validateNewsletter({ consent: CONSENT_VALUE, email: bad }), bad).toEqual({ field: "email", message: INVALID_EMAIL_MESSAGE });
  }
});

test("the address comes out normalised: domain in lower case, an internationalised one in punycode", () => {
  expect(parseNewsletter({ consent: CONSENT_VALUE, email: " Reader@Bücher.Example " })).toEqual({
    ok: true,
    input: { consent: CONSENT_VALUE, email: "Reader@xn--bcher-kva.example" },
  });
});

test("surrounding spaces are trimmed, overlong addresses refused", () => {
  expect(newsletterSchema.parse({ consent: CONSENT_VALUE, email: "  a@b.c " }).email).toBe("a@b.c");
  const long = `${"a".repeat(250)}@b.co`;
  expect(validateNewsletter({ consent: CONSENT_VALUE, email: long })?.message).toBe(INVALID_EMAIL_MESSAGE);
});

test("any other consent value is not consent", () => {
  expect(validateNewsletter({ consent: "no", email: "a@b.c" })?.field).toBe("consent");
});
