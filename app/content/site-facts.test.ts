import { expect, test } from "vitest";
import { careersPage, careersWith } from "#app/content/careers.ts";
import { contentPageAt, homePage, homePageWith } from "#app/content/pages/index.ts";
import { defaultSiteFacts, fact, fillFacts, navigationOf, type SiteFacts } from "#app/content/site-facts.ts";
import { headerLinks, mainNav, solutionGroups } from "#app/content/navigation.ts";
import { site } from "#app/content/site.ts";

const changed: SiteFacts = {
  ...defaultSiteFacts,
  phone: { display: "+91 22 4000 1234", href: "tel:+912240001234" },
  emails: { ...defaultSiteFacts.emails, sales: "deals@example.com" },
  address: { ...defaultSiteFacts.address, locality: "Pune" },
  figures: { years: "4+", clients: "300+", professionals: "90+" },
  navLabels: { ...defaultSiteFacts.navLabels, "main:solutions": "What we do", "link:/crm": "CRM", "header:/contact-us": "Talk to us" },
};

test("with the defaults, page copy reads exactly as the code's values write it, with no placeholder left", () => {
  const contact = JSON.stringify(contentPageAt("/contact-us"));
  expect(contact).toContain(`Call us on ${site.phone.display} to speak to someone straight away.`);
  expect(contact).toContain(`write to ${site.emails.sales}`);
  for (const page of [contact, JSON.stringify(homePage), JSON.stringify(careersPage), JSON.stringify(contentPageAt("/about"))]) {
    expect(page).not.toMatch(/\{(phone|whatsapp|emails|address|figures)\.[a-zA-Z]+\}/);
  }
});

test("page copy follows the facts in force, and the defaults' copy is left as it was", () => {
  const contact = JSON.stringify(contentPageAt("/contact-us", changed));
  expect(contact).toContain("Call us on +91 22 4000 1234 to speak to someone straight away.");
  expect(contact).toContain("write to deals@example.com");
  expect(contact).not.toContain(site.phone.display);
  expect(contentPageAt("/contact-us", changed)!.description).toContain("our Pune office");
  expect(JSON.stringify(homePageWith(changed))).toContain('"value":"300+"');
  expect(JSON.stringify(careersWith(changed))).toContain("Join 90+ engineers");
  expect(JSON.stringify(contentPageAt("/contact-us"))).toContain(`Call us on ${site.phone.display}`);
  // Filled once per set of facts.
  expect(contentPageAt("/contact-us", changed)).toBe(contentPageAt("/contact-us", changed));
});

test("a placeholder that names no fact is left as written, and text that only looks like one is not touched", () => {
  expect(fillFacts(`{phone.nothing} ${fact.phone.display} {name} {{phone.display}`, changed)).toBe("{phone.nothing} +91 22 4000 1234 {name} {+91 22 4000 1234");
});

test("the navigation takes its labels from the facts and keeps every link where it leads", () => {
  const navigation = navigationOf(changed);
  expect(navigation.mainNav.map((entry) => entry.label)).toEqual(["What we do", ...mainNav.slice(1).map((entry) => entry.label)]);
  expect(navigation.solutionGroups[0]!.links.find((link) => link.href === "/crm")!.label).toBe("CRM");
  expect(navigation.headerLinks.contact).toEqual({ ...headerLinks.contact, label: "Talk to us" });
  // The footer's own "Contact us" is another label.
  expect(navigation.footerLinks.find((link) => link.href === "/contact-us")!.label).toBe("Contact us");
  expect(navigation.solutionGroups.flatMap((group) => group.links.map((link) => link.href))).toEqual(
    solutionGroups.flatMap((group) => group.links.map((link) => link.href)),
  );
  // With the defaults, exactly the code's navigation.
  expect(navigationOf(defaultSiteFacts).mainNav.map((entry) => entry.label)).toEqual(mainNav.map((entry) => entry.label));
});
