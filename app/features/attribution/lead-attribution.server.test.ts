import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { expect, test, vi } from "vitest";
import { ATTRIBUTION_FIELD, FORM_PAGE_FIELD } from "#app/features/attribution/attribution.ts";
import { APPLICATION_CONSENT_VERSION } from "#app/features/careers/application-schema.ts";
import { handleApplicationPost } from "#app/features/careers/submit-application.server.ts";
import { handleConsultationPost } from "#app/features/consultation/submit-consultation.server.ts";
import { mailTemplates } from "#app/features/email-templates.server.ts";
import { EVENT_CONSENT_VERSION } from "#app/features/events/event-rules.ts";
import { findEvent } from "#app/features/events/events.server.ts";
import { handleEventPost } from "#app/features/events/register.server.ts";
import { CONSENT_VALUE } from "#app/features/forms/form-rules.ts";
import { handleNewsletterPost } from "#app/features/newsletter/subscribe.server.ts";
import { consultations, eventRegistrations, events, jobApplications, newsletterSubscriptions } from "#app/platform/db/schema.server.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { requestInfoContext } from "#app/platform/request-context.ts";
import { openServices } from "#app/platform/services.server.ts";
import { createTestDatabaseEnv, featureDrivers } from "#tests/support/databases.ts";
import { sampleFiles } from "#tests/support/forms.ts";

vi.setConfig({ testTimeout: 120_000 });

const SITE = "https://www.example.com";

function postTo(path: string, body: FormData | URLSearchParams, referer: string) {
  const headers: Record<string, string> = { Origin: SITE, Referer: referer };
  if (body instanceof URLSearchParams) headers["Content-Type"] = "application/x-www-form-urlencoded";
  return new Request(`${SITE}${path}`, { method: "POST", body, headers });
}

function contextOf(address: string) {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { clientAddress: address });
  return context;
}

const scriptTouches = JSON.stringify({
  firstTouch: { utm_source: "google", utm_medium: "cpc", landingPage: "/?utm_source=google", at: "2026-11-01T09:00:00.000Z" },
  lastTouch: { utm_source: "linkedin", utm_medium: "paid", utm_campaign: "q4", landingPage: "/crm?utm_source=linkedin", at: "2026-11-25T09:00:00.000Z" },
});

for (const driver of await featureDrivers()) {
  test(`each public form stores where its sender came from: the script's touches, or without it the form's page and its campaign (${driver})`, async () => {
    const target = await createTestDatabaseEnv(driver, { migrated: true });
    const env = parseEnv({ ...target.env, DATABASE_URL: target.env.DATABASE_URL ?? "", LOG_LEVEL: "silent", SITE_URL: SITE, FORM_RATE_LIMIT: "1000" });
    const services = await openServices(env, { mailTemplates });
    try {
      const consultation = new FormData();
      for (const [name, value] of Object.entries({ fullName: "Ada", email: "ada@example.com", country: "UK", phone: "123", brief: "A CRM" })) {
        consultation.set(name, value);
      }
      consultation.set(ATTRIBUTION_FIELD, scriptTouches);
      consultation.set(FORM_PAGE_FIELD, "/contact-us");
      expect((await handleConsultationPost(postTo("/consultation", consultation, `${SITE}/contact-us`), contextOf("10.0.0.1"), services)).init?.status).toBe(
        200,
      );
      const [consultationRow] = await services.db.select({ attribution: consultations.attribution }).from(consultations);
      expect(consultationRow!.attribution).toMatchObject({
        formPage: "/contact-us",
        source: "linkedin",
        medium: "paid",
        campaign: "q4",
        lastTouch: { landingPage: "/crm?utm_source=linkedin" },
        firstTouch: { utm_source: "google" },
      });

      // A job shared on LinkedIn, applied for without JavaScript: the form's page carries the campaign.
      const application = new FormData();
      for (const [name, value] of Object.entries({ fullName: "Grace", email: "grace@example.com", phone: "456", consent: CONSENT_VALUE })) {
        application.set(name, value);
      }
      application.set("resume", new Blob([sampleFiles.pdf], { type: "application/pdf" }), "cv.pdf");
      application.set(ATTRIBUTION_FIELD, "");
      application.set(FORM_PAGE_FIELD, "/careers/12?utm_source=linkedin");
      const applied = await handleApplicationPost(
        postTo("/careers/registration", application, `${SITE}/careers/12?utm_source=linkedin`),
        contextOf("10.0.0.2"),
        services,
      );
      expect(applied.init?.status ?? 200).toBe(200);
      const [applicationRow] = await services.db
        .select({ attribution: jobApplications.attribution, consent: jobApplications.consentVersion })
        .from(jobApplications);
      expect(applicationRow).toEqual({
        consent: APPLICATION_CONSENT_VERSION,
        attribution: { formPage: "/careers/12?utm_source=linkedin", lastTouch: { utm_source: "linkedin" }, source: "linkedin" },
      });

      const subscription = new URLSearchParams({
        email: "news@example.com",
        consent: CONSENT_VALUE,
        consentVersion: "v1",
        [ATTRIBUTION_FIELD]: scriptTouches,
        [FORM_PAGE_FIELD]: "/about",
      });
      expect((await handleNewsletterPost(postTo("/newsletter", subscription, `${SITE}/about`), contextOf("10.0.0.3"), services)).init?.status ?? 200).toBe(200);
      const [subscriber] = await services.db.select({ attribution: newsletterSubscriptions.attribution }).from(newsletterSubscriptions);
      expect(subscriber!.attribution).toMatchObject({ formPage: "/about", source: "linkedin", campaign: "q4" });

      // An event page linked from another site, registered without JavaScript and without the hidden fields.
      const [event] = await services.db.select({ slug: events.slug }).from(events).limit(1);
      const upcoming = new Date(Date.now() + 48 * 3600_000);
      await services.db
        .update(events)
        .set({ startsAt: upcoming, endsAt: new Date(upcoming.getTime() + 8 * 3600_000), capacity: 100 })
        .where(eq(events.slug, event!.slug));
      const registration = new URLSearchParams({
        fullName: "Alan",
        email: "alan@example.com",
        consent: CONSENT_VALUE,
        consentVersion: EVENT_CONSENT_VERSION,
        intent: "register",
      });
      const registered = await handleEventPost(
        postTo(`/${event!.slug}`, registration, "https://partner.example.org/"),
        contextOf("10.0.0.4"),
        services,
        (await findEvent(services.db, event!.slug))!,
      );
      expect(registered.init?.status ?? 200).toBe(200);
      const [registrationRow] = await services.db.select({ attribution: eventRegistrations.attribution }).from(eventRegistrations);
      expect(registrationRow!.attribution).toEqual({
        lastTouch: { referrer: "https://partner.example.org" },
        source: "partner.example.org",
        medium: "referral",
      });
    } finally {
      await services.close();
      await target.dispose();
    }
  });
}
