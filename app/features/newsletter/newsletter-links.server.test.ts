import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { expect, test, vi } from "vitest";
import { newsletterToken, subscriptionFor } from "#app/features/newsletter/newsletter-links.server.ts";
import { confirmSubscription, unsubscribe } from "#app/features/newsletter/newsletter-links-actions.server.ts";
import { handleNewsletterPost } from "#app/features/newsletter/subscribe.server.ts";
import { CONSENT_VALUE, INVALID_EMAIL_MESSAGE } from "#app/features/forms/form-rules.ts";
import { CONSENT_VERSION } from "#app/features/newsletter/newsletter-schema.ts";
import { newsletterSubscriptions, outbox } from "#app/platform/db/schema.server.ts";
import { requestInfoContext } from "#app/platform/request-context.ts";
import type { Services } from "#app/platform/services.server.ts";
import { withTestServices } from "#tests/support/services.ts";

vi.setConfig({ testTimeout: 90_000 });

const SECRET = "a-test-secret-that-is-long-enough-0123456789";

/** The site's services on a new migrated PGlite database, with the signing secret and address the links carry. */
function withServices(settings: Record<string, string>, run: (services: Services) => Promise<void>) {
  return withTestServices("pglite", { AUTH_SECRET: SECRET, SITE_URL: "https://www.example.com", ...settings }, run);
}

function subscribePost(email: string, clientAddress = "10.1.2.3") {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, { clientAddress });
  const request = new Request("https://www.example.com/newsletter", {
    method: "POST",
    body: new URLSearchParams({
      email,
      consent: CONSENT_VALUE,
      consentVersion: CONSENT_VERSION,
    }),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  return { request, context };
}

test("a link's token works for its own subscription and purpose only: not another row, not a changed address, not the other purpose, not altered", async () => {
  await withServices({}, async (services) => {
    const rows = await services.db
      .insert(newsletterSubscriptions)
      .values([{ email: "Ann@Example.com" }, { email: "bob@example.com" }])
      .returning({
        id: newsletterSubscriptions.id,
        email: newsletterSubscriptions.email,
      });
    const [ann, bob] = rows as [(typeof rows)[number], (typeof rows)[number]];
    const token = newsletterToken(SECRET, "unsubscribe", ann);
    expect((await subscriptionFor(services.db, SECRET, "unsubscribe", token))?.id).toBe(ann.id);
    // The same signature under the other row's id, the other purpose, another key, or altered: nothing.
    const signature = token.split(".")[1]!;
    for (const [what, candidate, secret, purpose] of [
      ["another row's id", `${bob.id}.${signature}`, SECRET, "unsubscribe"],
      ["the other purpose", token, SECRET, "confirm"],
      ["another site's secret", token, `${SECRET}-other`, "unsubscribe"],
      ["an altered signature", `${ann.id}.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`, SECRET, "unsubscribe"],
      ["no signature", `${ann.id}`, SECRET, "unsubscribe"],
      ["nothing", "", SECRET, "unsubscribe"],
    ] as const) {
      expect(await subscriptionFor(services.db, secret, purpose, candidate), what).toBeNull();
    }
    // The row's address changed: the link made for the old one no longer works.
    await services.db.update(newsletterSubscriptions).set({ email: "ann.new@example.com" }).where(eq(newsletterSubscriptions.id, ann.id));
    expect(await subscriptionFor(services.db, SECRET, "unsubscribe", token)).toBeNull();
  });
});

test("double opt-in (the default): a new address is stored unconfirmed with a confirmation queued; its links confirm, then remove it", async () => {
  await withServices({}, async (services) => {
    const { request, context } = subscribePost("reader@example.com");
    const answer = await handleNewsletterPost(request, context, services);
    // The spec's sentence, then what is left to do.
    const awaitingConfirmation = {
      data: {
        messages: [
          "Subscription successful! Thank you for signing up.",
          "Please check your inbox for the confirmation link: the newsletter starts once you open it.",
        ],
      },
      init: { status: 200 },
    };
    expect(answer).toMatchObject(awaitingConfirmation);
    const [row] = await services.db.select().from(newsletterSubscriptions);
    expect(row).toMatchObject({
      email: "reader@example.com",
      confirmedAt: null,
    });
    const [message] = await services.db.select().from(outbox).where(eq(outbox.template, "newsletter-confirmation"));
    // The links themselves are checked in the browser test, from the .eml file.
    expect(message!.toAddress).toBe("reader@example.com");
    const confirmToken = newsletterToken(SECRET, "confirm", row!);

    expect(await confirmSubscription(services, confirmToken)).toEqual({
      email: "reader@example.com",
    });
    const [confirmed] = await services.db.select().from(newsletterSubscriptions);
    expect(confirmed!.confirmedAt).toBeInstanceOf(Date);
    // A confirmed address subscribed again answers the same, so the form tells nobody who is on the list.
    const again = subscribePost("reader@example.com", "10.9.9.9");
    expect(await handleNewsletterPost(again.request, again.context, services)).toMatchObject(awaitingConfirmation);
    expect(await unsubscribe(services, newsletterToken(SECRET, "unsubscribe", row!))).toEqual({ email: "reader@example.com" });
    expect(await services.db.select().from(newsletterSubscriptions)).toEqual([]);
    expect(await unsubscribe(services, newsletterToken(SECRET, "unsubscribe", row!))).toBeNull();
  });
});

test("NEWSLETTER_DOUBLE_OPT_IN=false: the address counts as confirmed at once and no confirmation is sent", async () => {
  await withServices({ NEWSLETTER_DOUBLE_OPT_IN: "false" }, async (services) => {
    const { request, context } = subscribePost("direct@example.com");
    expect(await handleNewsletterPost(request, context, services)).toMatchObject({
      data: {
        messages: ["Subscription successful! Thank you for signing up."],
      },
      init: { status: 200 },
    });
    const [row] = await services.db.select().from(newsletterSubscriptions);
    expect(row!.confirmedAt).toBeInstanceOf(Date);
    expect(await services.db.select().from(outbox)).toEqual([]);
  });
});

test("six display names around one address are refused, storing and sending nothing; one mailbox written many ways is one subscriber with one confirmation", async () => {
  await withServices({}, async (services) => {
    const post = async (email: string, client: number) => {
      const { request, context } = subscribePost(email, `10.9.0.${client}`);
      return handleNewsletterPost(request, context, services);
    };
    for (let i = 0; i < 6; i++) {
      // Six clients, six display names around one address: a mail library sends each to the address inside.
      const answer = await post(`x${i}<victim@example.com>`, i);
      expect([answer.init?.status, answer.data]).toEqual([
        400,
        { status: "error", message: INVALID_EMAIL_MESSAGE, fields: { email: INVALID_EMAIL_MESSAGE }, values: { email: `x${i}<victim@example.com>` } },
      ]);
    }
    const variants = [
      "victim@example.com",
      "victim@EXAMPLE.com",
      " victim@Example.Com ",
      "reader@bücher.example",
      "reader@BÜCHER.example",
      "reader@XN--BCHER-KVA.example",
    ];
    for (const [i, email] of variants.entries()) {
      expect((await post(email, 10 + i)).init?.status, email).toBe(200);
    }
    const subscribers = await services.db.select({ email: newsletterSubscriptions.email }).from(newsletterSubscriptions);
    expect(subscribers.map((row) => row.email).sort()).toEqual(["reader@xn--bcher-kva.example", "victim@example.com"]);
    const confirmations = await services.db.select({ to: outbox.toAddress }).from(outbox).where(eq(outbox.template, "newsletter-confirmation"));
    expect(confirmations.map((row) => row.to).sort()).toEqual(["reader@xn--bcher-kva.example", "victim@example.com"]);
  });
});
