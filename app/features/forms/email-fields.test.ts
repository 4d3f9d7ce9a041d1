import { expect, test } from "vitest";
import { applicationErrors, applicationSchema } from "#app/features/careers/application-schema.ts";
import { consultationSchema } from "#app/features/consultation/consultation-schema.ts";
import { parseEventForm } from "#app/features/events/event-rules.ts";
import { CONSENT_VALUE, INVALID_EMAIL_MESSAGE } from "#app/features/forms/form-rules.ts";
import { parseNewsletter } from "#app/features/newsletter/newsletter-schema.ts";
import { readInvite } from "#app/features/staff/accounts.server.ts";
import { roleField } from "#app/features/staff/roles.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { StaffCreateRequest } from "#server/control-socket.ts";

/*
 * Every address field on the site takes one plain mailbox through the same
 * rule: a display name or a list is refused with the form's own message, and
 * what is kept is the normalised address.
 */

const DISPLAY_NAME = "x<victim@example.com>";
const LIST = "victim@example.com, other@example.com";
const TYPED = "  Victim@Bücher.EXAMPLE ";
const NORMALISED = "Victim@xn--bcher-kva.example";

/** Each form's reading of one address: the address it keeps, or the message on its email field. */
const forms: Record<string, (email: string) => { email: string } | { message: string | undefined }> = {
  newsletter(email) {
    const parsed = parseNewsletter({ consent: CONSENT_VALUE, email });
    return parsed.ok ? parsed.input : { message: parsed.issue.field === "email" ? parsed.issue.message : undefined };
  },
  consultation(email) {
    const parsed = consultationSchema.safeParse({ fullName: "Ann", email, country: "India", phone: "1", brief: "Hello" });
    return parsed.success ? parsed.data : { message: parsed.error.issues.find((issue) => issue.path[0] === "email")?.message };
  },
  application(email) {
    const parsed = applicationSchema.safeParse({ fullName: "Ann", email, phone: "1", consent: CONSENT_VALUE });
    return parsed.success ? parsed.data : { message: applicationErrors(parsed.error.issues).email };
  },
  event(email) {
    const parsed = parseEventForm({ fullName: "Ann", email, consent: CONSENT_VALUE });
    return parsed.ok ? parsed.input : { message: parsed.issue.field === "email" ? parsed.issue.message : undefined };
  },
  "staff invitation"(email) {
    const read = readInvite({ name: "Ann", email, [roleField("sales")]: "on" });
    return read.ok ? read.input : { message: read.field === "email" ? read.message : undefined };
  },
};

for (const [form, read] of Object.entries(forms)) {
  test(`${form}: a display name or a list is refused with the form's message; an address is kept normalised`, () => {
    expect(read(DISPLAY_NAME)).toEqual({ message: INVALID_EMAIL_MESSAGE });
    expect(read(LIST)).toEqual({ message: INVALID_EMAIL_MESSAGE });
    expect(read('"victim"@example.com')).toEqual({ message: INVALID_EMAIL_MESSAGE });
    // Staff addresses are kept in lower case throughout.
    expect(read(TYPED)).toMatchObject({ email: form === "staff invitation" ? NORMALISED.toLowerCase() : NORMALISED });
  });
}

test("staff:create on the command line takes one mailbox, normalised", () => {
  const request = (email: string) => StaffCreateRequest.safeParse({ command: "staff:create", email, roles: ["admin"] });
  expect(request(DISPLAY_NAME).success).toBe(false);
  expect(request(LIST).success).toBe(false);
  expect(request(TYPED).data?.email).toBe(NORMALISED);
});

test("SALES_INBOX and HIRING_INBOX are one mailbox each: a name or a list stops the server at start", () => {
  expect(() => parseEnv({ SALES_INBOX: "Sales <sales@example.com>" })).toThrow(/SALES_INBOX: must be one email address/);
  expect(() => parseEnv({ HIRING_INBOX: "a@example.com, b@example.com" })).toThrow(/HIRING_INBOX: must be one email address/);
  expect(parseEnv({ SALES_INBOX: " Sales@Example.COM ", HIRING_INBOX: "jobs@bücher.example" })).toMatchObject({
    SALES_INBOX: "Sales@example.com",
    HIRING_INBOX: "jobs@xn--bcher-kva.example",
  });
});
