import { expect, test } from "vitest";
import { defaultSiteFacts, navLabelEntries } from "#app/content/site-facts.ts";
import {
  bannerLinkField,
  bannerTextField,
  navLabelField,
  readSiteFactsForm,
  siteFactsValues,
  socialLinkField,
  socialNameField,
  TRUST_POINTS_FIELD,
} from "#app/features/site-facts/site-facts-form.ts";

const defaults = () => siteFactsValues(defaultSiteFacts);

test("the form shows the defaults and reads them back unchanged", () => {
  expect(readSiteFactsForm(defaults())).toEqual({ ok: true, facts: defaultSiteFacts });
});

test("a valid edit is read as typed, trimmed, with empty rows left out and the e-mail normalised", () => {
  const values = {
    ...defaults(),
    [bannerTextField(1)]: "  WE'RE HIRING engineers in Pune.  ",
    [bannerLinkField(1)]: "/careers",
    [bannerTextField(3)]: "",
    [bannerLinkField(3)]: "",
    [bannerTextField(5)]: "Read our report.",
    [bannerLinkField(5)]: "https://reports.example.com/2026",
    "phone-display": "+91 22 4000 1234",
    "phone-link": "tel:+912240001234",
    "email-sales": "Deals@Example.COM",
    [socialNameField(5)]: "YouTube",
    [socialLinkField(5)]: "https://www.youtube.com/@kraf",
    [TRUST_POINTS_FIELD]: "One\n\n  Two  \n",
    [navLabelField("main:solutions")]: "What we do",
  };
  const read = readSiteFactsForm(values);
  if (!read.ok) throw new Error(JSON.stringify(read.errors));
  expect(read.facts.banner).toEqual([
    { text: "WE'RE HIRING engineers in Pune.", href: "/careers" },
    defaultSiteFacts.banner[1],
    { text: "Read our report.", href: "https://reports.example.com/2026" },
  ]);
  expect(read.facts.phone).toEqual({ display: "+91 22 4000 1234", href: "tel:+912240001234" });
  expect(read.facts.emails.sales).toBe("Deals@example.com");
  expect(read.facts.social.at(-1)).toEqual({ name: "YouTube", href: "https://www.youtube.com/@kraf" });
  expect(read.facts.trustPoints).toEqual(["One", "Two"]);
  expect(read.facts.navLabels["main:solutions"]).toBe("What we do");
});

test("every wrong field gets its own sentence, and nothing else does", () => {
  const values = {
    ...defaults(),
    [bannerTextField(1)]: "x".repeat(161),
    [bannerLinkField(1)]: "javascript:alert(1)",
    [bannerTextField(2)]: "",
    [bannerLinkField(2)]: "//elsewhere.example",
    [bannerLinkField(3)]: "http://plain.example.com",
    "phone-link": "+91 98100 42275",
    "whatsapp-link": "https://wa.me.evil.example/919810042275",
    "email-general": "info at kraf",
    "address-countryCode": "India",
    "address-street": "",
    "figures-years": "more than a decade of it",
    [socialNameField(1)]: "",
    [socialLinkField(2)]: "http://www.instagram.com/kraf",
    [TRUST_POINTS_FIELD]: Array.from({ length: 9 }, (_, index) => `Point ${index}`).join("\n"),
    [navLabelField(navLabelEntries[0]!.key)]: " ",
    [navLabelField(navLabelEntries[1]!.key)]: "y".repeat(41),
  };
  const read = readSiteFactsForm(values);
  expect(read.ok).toBe(false);
  if (read.ok) return;
  expect(Object.keys(read.errors).sort()).toEqual(
    [
      bannerTextField(1),
      bannerLinkField(1),
      bannerTextField(2),
      bannerLinkField(2),
      bannerLinkField(3),
      "phone-link",
      "whatsapp-link",
      "email-general",
      "address-countryCode",
      "address-street",
      "figures-years",
      socialNameField(1),
      socialLinkField(2),
      TRUST_POINTS_FIELD,
      navLabelField(navLabelEntries[0]!.key),
      navLabelField(navLabelEntries[1]!.key),
    ].sort(),
  );
  expect(read.errors[bannerTextField(1)]).toBe("Keep message 1 to 160 characters or fewer.");
  expect(read.errors["phone-link"]).toMatch(/^Write the phone link as tel:/);
  expect(read.errors[socialLinkField(2)]).toBe("Profile 2's link must be an https:// address.");
});

test("the banner keeps at least one message, and no more than five rows exist", () => {
  const values = defaults();
  for (let row = 1; row <= 5; row++) {
    values[bannerTextField(row)] = "";
    values[bannerLinkField(row)] = "";
  }
  const read = readSiteFactsForm(values);
  expect(read.ok).toBe(false);
  if (!read.ok) expect(read.errors[bannerTextField(1)]).toBe("The banner needs at least one message.");
  // A sixth row is not a field of the form: whatever is posted under its name is not read.
  const six = readSiteFactsForm({ ...defaults(), "banner-6-text": "Sixth", "banner-6-link": "/" });
  expect(six.ok && six.facts.banner.length).toBe(defaultSiteFacts.banner.length);
});
