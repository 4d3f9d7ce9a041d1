import { expect, test } from "vitest";
import {
  ATTRIBUTION_FIELD,
  ATTRIBUTION_VALUE_MAX_LENGTH,
  carryingCampaign,
  cleanValue,
  FORM_PAGE_FIELD,
  summariseTouches,
} from "#app/features/attribution/attribution.ts";
import { readAttribution } from "#app/features/attribution/attribution.server.ts";

const SITE = "https://www.example.com";

function post(values: Record<string, string>, referer?: string) {
  const request = new Request(`${SITE}/consultation`, { method: "POST", headers: referer ? { referer } : {} });
  return readAttribution(values, request, SITE);
}

const touches = (value: unknown) => ({ [ATTRIBUTION_FIELD]: JSON.stringify(value) });

test("the script's touches are kept with their source, medium and campaign, and the form's page with its query", () => {
  const attribution = post({
    ...touches({
      firstTouch: { utm_source: "Google", utm_medium: "CPC", utm_campaign: "brand", landingPage: "/?utm_source=Google", at: "2026-10-01T10:00:00.000Z" },
      lastTouch: {
        utm_source: "linkedin",
        utm_medium: "paid",
        utm_campaign: "q4",
        landingPage: "/crm?utm_source=linkedin",
        referrer: "https://www.linkedin.com",
      },
    }),
    [FORM_PAGE_FIELD]: "/contact-us",
  });
  expect(attribution).toEqual({
    formPage: "/contact-us",
    firstTouch: { utm_source: "Google", utm_medium: "CPC", utm_campaign: "brand", landingPage: "/?utm_source=Google", at: "2026-10-01T10:00:00.000Z" },
    lastTouch: {
      utm_source: "linkedin",
      utm_medium: "paid",
      utm_campaign: "q4",
      landingPage: "/crm?utm_source=linkedin",
      referrer: "https://www.linkedin.com",
    },
    source: "linkedin",
    medium: "paid",
    campaign: "q4",
  });
});

test("a visit that came back directly is credited to the first touch; none at all has no source", () => {
  expect(summariseTouches({ landingPage: "/" }, { utm_source: "Newsletter", utm_campaign: "nov" })).toEqual({ source: "newsletter", campaign: "nov" });
  expect(summariseTouches({ landingPage: "/" }, undefined)).toEqual({});
  expect(summariseTouches({ gclid: "abc" }, undefined)).toEqual({ source: "google", medium: "cpc" });
  expect(summariseTouches({ referrer: "https://news.ycombinator.com" }, undefined)).toEqual({ source: "news.ycombinator.com", medium: "referral" });
});

test("without the script, a shared job's address carries its campaign and an external Referer its origin", () => {
  expect(post({ [FORM_PAGE_FIELD]: "/careers/12?utm_source=linkedin", [ATTRIBUTION_FIELD]: "" }, `${SITE}/careers/12?utm_source=linkedin`)).toEqual({
    formPage: "/careers/12?utm_source=linkedin",
    lastTouch: { utm_source: "linkedin" },
    source: "linkedin",
  });
  // No hidden field (a form drawn before this was kept): the Referer of our own page is the form's page.
  expect(post({}, `${SITE}/careers/12?utm_source=linkedin#apply`)).toMatchObject({ formPage: "/careers/12?utm_source=linkedin", source: "linkedin" });
  expect(post({}, "https://partner.example.org/jobs?ref=1")).toEqual({
    lastTouch: { referrer: "https://partner.example.org" },
    source: "partner.example.org",
    medium: "referral",
  });
});

test("a referrer of this site, with or without www, is not external", () => {
  const attribution = post(touches({ lastTouch: { referrer: "https://example.com", landingPage: "/crm" } }), "https://www.example.com/crm");
  expect(attribution.lastTouch).toEqual({ landingPage: "/crm" });
  expect(attribution.source).toBeUndefined();
  expect(post({}, "http://www.example.com/about")).toEqual({ formPage: "/about" });
});

test("hostile values are bounded, stripped of invisible characters and kept as text; what cannot be ours is dropped", () => {
  const huge = "x".repeat(10 * 1024);
  const attribution = post({
    ...touches({
      lastTouch: {
        utm_source: huge,
        utm_medium: "paid\r\nSet-Cookie: session=stolen",
        utm_campaign: "<script>alert(1)</script>",
        utm_term: "\u202Eevil\u0000\u200B",
        utm_content: { nested: true },
        landingPage: "//evil.example/path",
        referrer: "javascript:alert(1)",
        at: "not a date",
        isAdmin: true,
      },
      firstTouch: "nonsense",
    }),
    [FORM_PAGE_FIELD]: "https://evil.example/phish",
  });
  expect(attribution.lastTouch).toEqual({
    utm_source: "x".repeat(ATTRIBUTION_VALUE_MAX_LENGTH),
    utm_medium: "paidSet-Cookie: session=stolen",
    utm_campaign: "<script>alert(1)</script>",
    utm_term: "evil",
  });
  expect(attribution.firstTouch).toBeUndefined();
  expect(attribution.formPage).toBeUndefined();
  expect(attribution.source).toHaveLength(ATTRIBUTION_VALUE_MAX_LENGTH);
  expect(post({ [ATTRIBUTION_FIELD]: `{"lastTouch":{"utm_source":"${huge}${huge}"}}` }).lastTouch).toBeUndefined();
  expect(post({ [ATTRIBUTION_FIELD]: "{not json" })).toEqual({});
  expect(post({ [FORM_PAGE_FIELD]: `/${huge}` }).formPage).toHaveLength(ATTRIBUTION_VALUE_MAX_LENGTH);
});

test("a value is cut by characters, never in the middle of one", () => {
  const emoji = "😀".repeat(ATTRIBUTION_VALUE_MAX_LENGTH + 5);
  expect(Array.from(cleanValue(emoji)!)).toHaveLength(ATTRIBUTION_VALUE_MAX_LENGTH);
  expect(cleanValue("  \u0007 ")).toBeUndefined();
  expect(cleanValue(42)).toBeUndefined();
});

test("a job's Apply link carries the page's campaign ahead of its long title, so the form's page keeps it without the script", () => {
  const apply = `/careers/registration?pos=${encodeURIComponent(btoa("x".repeat(300)))}`;
  const href = carryingCampaign(apply, "?utm_source=LinkedIn&utm_campaign=jobs%20q4&gclid=abc&ref=mail&pos=other");
  expect(href.startsWith("/careers/registration?utm_source=LinkedIn&utm_campaign=jobs+q4&gclid=abc&pos=")).toBe(true);
  expect(new URL(href, SITE).searchParams.get("pos")).toBe(btoa("x".repeat(300)));
  expect(new URL(href, SITE).searchParams.has("ref")).toBe(false);
  // The form's page is cut at its limit, and still names the campaign.
  const formPage = href.slice(0, ATTRIBUTION_VALUE_MAX_LENGTH);
  expect(post({ [FORM_PAGE_FIELD]: formPage }, `${SITE}${href}`)).toMatchObject({ source: "linkedin", campaign: "jobs q4" });
  // Nothing to carry: the link is as it was, and its own parameters are never doubled.
  expect(carryingCampaign(apply, "")).toBe(apply);
  expect(carryingCampaign(apply, "?department=engineering")).toBe(apply);
  expect(carryingCampaign("/careers/registration?utm_source=x", "?utm_source=y")).toBe("/careers/registration?utm_source=y");
  // Hostile values are bounded and cleaned as any touch's.
  const hostile = new URL(carryingCampaign("/careers/registration", `?utm_source=${"y".repeat(5000)}%0A`), SITE).searchParams.get("utm_source");
  expect(hostile).toBe("y".repeat(ATTRIBUTION_VALUE_MAX_LENGTH));
});
