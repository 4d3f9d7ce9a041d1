import { createHmac, createPublicKey, timingSafeEqual, verify, type KeyObject } from "node:crypto";
import type { Database } from "#app/platform/db/client.server.ts";
import type { SuppressionReason } from "#app/platform/db/schema.server.ts";
import { suppress } from "#app/platform/email/suppression.server.ts";
import { hitRateLimit, type RateLimitRule } from "#app/platform/rate-limit.server.ts";
import { readBounded } from "#app/platform/read-bounded.server.ts";
import { snsMessageOf, verifySnsMessage, isSnsUrl, type FetchText, type SnsMessage } from "#app/features/mail-webhooks/sns-signature.server.ts";

/*
 * Bounces and complaints from the mail provider (decision 072), at
 * /webhooks/mail/<provider>. Each provider proves a call is its own in its
 * own way; a call that does not prove it gets 401 and changes nothing, and a
 * provider without its secret configured is not there at all (404). Only hard
 * bounces and complaints are kept: a soft bounce is the provider's to retry.
 */

export const mailWebhookProviders = ["ses", "postmark", "mailgun", "sendgrid", "generic"] as const;
export type MailWebhookProvider = (typeof mailWebhookProviders)[number];

/** The secrets each provider's calls are checked with; a provider whose secret is unset takes nothing. */
export type MailWebhookSettings = {
  /** MAIL_WEBHOOK_SES_TOPIC_ARN: the SNS topic SES publishes to; messages from any other topic are refused. */
  sesTopicArn?: string;
  /** MAIL_WEBHOOK_POSTMARK_SECRET: the password of the basic auth in the webhook URL set at Postmark. */
  postmarkSecret?: string;
  /** MAIL_WEBHOOK_MAILGUN_SIGNING_KEY: Mailgun's webhook signing key. */
  mailgunSigningKey?: string;
  /** MAIL_WEBHOOK_SENDGRID_PUBLIC_KEY: the verification key of SendGrid's signed event webhook (base64 or PEM). */
  sendgridPublicKey?: string;
  /** MAIL_WEBHOOK_SECRET: the shared secret of the generic webhook's HMAC. */
  genericSecret?: string;
};

export type MailWebhookDependencies = {
  db: Database;
  settings: MailWebhookSettings;
  clientAddress: string;
  /** The keys of SNS certificates, fetched from SNS and kept (snsCertificateKeys). */
  snsKey: (url: string) => Promise<KeyObject>;
  /** Follows an SNS subscription link; injected so tests do not call AWS. */
  confirmSnsSubscription: FetchText;
  now?: () => number;
};

/** What a provider reported about one address; `reason` null for what suppresses nothing (a soft bounce, a delivery). */
export type MailEvent = { address: string; reason: SuppressionReason | null; detail: string };

/** A provider's batch is a few KB; the server takes no larger body than this from anyone. */
export const MAX_MAIL_WEBHOOK_BYTES = 64 * 1024;
/** Per client address: providers send in bursts after a campaign, from a handful of addresses. */
export const MAIL_WEBHOOK_CALLS_PER_CLIENT: RateLimitRule = { limit: 600, windowMs: 60_000 };
/** How far a signed timestamp may be from now (Mailgun, SendGrid): an old signed call replayed is refused. */
const MAX_CLOCK_SKEW_MS = 15 * 60_000;
/** The generic webhook's signature header: `sha256=<hex HMAC-SHA256 of the body>`. */
export const GENERIC_SIGNATURE_HEADER = "X-Mail-Webhook-Signature";
export const SENDGRID_SIGNATURE_HEADER = "X-Twilio-Email-Event-Webhook-Signature";
export const SENDGRID_TIMESTAMP_HEADER = "X-Twilio-Email-Event-Webhook-Timestamp";

/** A call refused with this status and sentence. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function answer(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(message, { status, headers: { "Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8", ...headers } });
}

const unsigned = () => new Refusal(401, "The call is not signed by the provider.");

/** Takes one call from a provider: 200 once its hard bounces and complaints are stored; 401, 404, 413, 429 or 400 when refused. */
export async function acceptMailWebhook(request: Request, provider: string, dependencies: MailWebhookDependencies): Promise<Response> {
  if (!isProvider(provider) || !configured(provider, dependencies.settings)) return answer(404, "There is no mail webhook here.");
  if (Number(request.headers.get("content-length")) > MAX_MAIL_WEBHOOK_BYTES) return answer(413, "The call is too large.");
  const limited = await hitRateLimit(dependencies.db, `mail-webhook:${dependencies.clientAddress}`, MAIL_WEBHOOK_CALLS_PER_CLIENT);
  if (!limited.allowed) return answer(429, "Too many calls.", { "Retry-After": String(limited.retryAfterSeconds) });
  const body = await readBounded(request, MAX_MAIL_WEBHOOK_BYTES);
  if (body === "too-large") return answer(413, "The call is too large.");
  if (body === null) return answer(400, "The body is not UTF-8 text.");
  try {
    const events = await eventsOf(provider, request, body, dependencies);
    const kept = events.filter((event): event is MailEvent & { reason: SuppressionReason } => event.reason !== null);
    let stored = 0;
    for (const event of kept) {
      if (await suppress(dependencies.db, { address: event.address, reason: event.reason, source: provider, detail: event.detail })) stored++;
    }
    return answer(200, `Suppressed ${stored} of ${events.length} reported addresses.`);
  } catch (error) {
    if (error instanceof Refusal) return answer(error.status, error.message);
    throw error;
  }
}

function isProvider(value: string): value is MailWebhookProvider {
  return (mailWebhookProviders as readonly string[]).includes(value);
}

function configured(provider: MailWebhookProvider, settings: MailWebhookSettings): boolean {
  const secret = {
    ses: settings.sesTopicArn,
    postmark: settings.postmarkSecret,
    mailgun: settings.mailgunSigningKey,
    sendgrid: settings.sendgridPublicKey,
    generic: settings.genericSecret,
  }[provider];
  return secret !== undefined && secret !== "";
}

/** The call's events once its signature is checked; throws a Refusal otherwise. */
async function eventsOf(provider: MailWebhookProvider, request: Request, body: string, dependencies: MailWebhookDependencies): Promise<MailEvent[]> {
  const { settings } = dependencies;
  const now = dependencies.now?.() ?? Date.now();
  switch (provider) {
    case "ses":
      return sesEvents(body, settings.sesTopicArn!, dependencies);
    case "postmark":
      if (!basicAuthPasswordIs(request.headers.get("authorization"), settings.postmarkSecret!)) throw unsigned();
      return postmarkEvents(parseJson(body));
    case "mailgun":
      return mailgunEvents(parseJson(body), settings.mailgunSigningKey!, now);
    case "sendgrid": {
      const timestamp = request.headers.get(SENDGRID_TIMESTAMP_HEADER) ?? "";
      const signature = request.headers.get(SENDGRID_SIGNATURE_HEADER) ?? "";
      if (!freshTimestamp(timestamp, now) || !sendgridSigned(settings.sendgridPublicKey!, timestamp + body, signature)) throw unsigned();
      return sendgridEvents(parseJson(body));
    }
    case "generic":
      if (!hmacMatches(settings.genericSecret!, body, (request.headers.get(GENERIC_SIGNATURE_HEADER) ?? "").replace(/^sha256=/, ""))) throw unsigned();
      return genericEvents(parseJson(body));
  }
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new Refusal(400, "The body is not JSON.");
  }
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function sameText(expected: string, given: string): boolean {
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(given, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

function hmacMatches(secret: string, signed: string, givenHex: string): boolean {
  const expected = createHmac("sha256", secret).update(signed, "utf8").digest("hex");
  return sameText(expected, givenHex.trim().toLowerCase());
}

function freshTimestamp(secondsText: string, now: number): boolean {
  if (!/^\d{1,12}$/.test(secondsText)) return false;
  return Math.abs(Number(secondsText) * 1000 - now) <= MAX_CLOCK_SKEW_MS;
}

function basicAuthPasswordIs(header: string | null, secret: string): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header ?? "");
  if (!match) return false;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon >= 0 && sameText(secret, decoded.slice(colon + 1));
}

async function sesEvents(body: string, topicArn: string, dependencies: MailWebhookDependencies): Promise<MailEvent[]> {
  const message: SnsMessage | null = snsMessageOf(parseJson(body));
  // Another topic's message is refused before its certificate is fetched.
  if (message === null || message.TopicArn !== topicArn || !(await verifySnsMessage(message, dependencies.snsKey))) throw unsigned();
  if (message.Type === "SubscriptionConfirmation") {
    if (!message.SubscribeURL || !isSnsUrl(message.SubscribeURL)) throw new Refusal(400, "The subscription link is not SNS's own.");
    try {
      await dependencies.confirmSnsSubscription(message.SubscribeURL);
    } catch {
      // SNS sends the confirmation again; until one gets through, it delivers nothing.
      throw new Refusal(502, "The subscription could not be confirmed with SNS; it will be tried again.");
    }
    return [];
  }
  if (message.Type !== "Notification") return [];
  const notification = record(parseJson(message.Message));
  const type = text(notification.notificationType) || text(notification.eventType);
  if (type === "Bounce") {
    const bounce = record(notification.bounce);
    const reason = text(bounce.bounceType) === "Permanent" ? "hard-bounce" : null;
    return list(bounce.bouncedRecipients).map((recipient) => ({
      address: text(record(recipient).emailAddress),
      reason,
      detail: [text(bounce.bounceType), text(bounce.bounceSubType), text(record(recipient).diagnosticCode)].filter(Boolean).join(": "),
    }));
  }
  if (type === "Complaint") {
    const complaint = record(notification.complaint);
    return list(complaint.complainedRecipients).map((recipient) => ({
      address: text(record(recipient).emailAddress),
      reason: "complaint",
      detail: text(complaint.complaintFeedbackType) || "complaint",
    }));
  }
  return [];
}

/** Postmark's bounce types that mean the address will never take mail. */
const postmarkHardBounces = new Set(["HardBounce", "BadEmailAddress"]);

function postmarkEvents(json: unknown): MailEvent[] {
  const event = record(json);
  const type = text(event.Type);
  const complaint = text(event.RecordType) === "SpamComplaint" || type === "SpamComplaint";
  if (!complaint && text(event.RecordType) !== "Bounce") return [];
  return [
    {
      address: text(event.Email),
      reason: complaint ? "complaint" : postmarkHardBounces.has(type) ? "hard-bounce" : null,
      detail: [type, text(event.Description)].filter(Boolean).join(": "),
    },
  ];
}

function mailgunEvents(json: unknown, signingKey: string, now: number): MailEvent[] {
  const call = record(json);
  const signature = record(call.signature);
  const timestamp = text(signature.timestamp);
  if (!freshTimestamp(timestamp, now) || !hmacMatches(signingKey, timestamp + text(signature.token), text(signature.signature))) throw unsigned();
  const event = record(call["event-data"]);
  const name = text(event.event);
  const status = record(event["delivery-status"]);
  if (name === "complained") return [{ address: text(event.recipient), reason: "complaint", detail: "complained" }];
  if (name !== "failed") return [];
  return [
    {
      address: text(event.recipient),
      reason: text(event.severity) === "permanent" ? "hard-bounce" : null,
      detail: [text(event.severity), text(event.reason), text(status.code), text(status.description) || text(status.message)].filter(Boolean).join(": "),
    },
  ];
}

function sendgridKey(configured: string): KeyObject {
  const trimmed = configured.trim();
  return trimmed.startsWith("-----BEGIN") ? createPublicKey(trimmed) : createPublicKey({ key: Buffer.from(trimmed, "base64"), format: "der", type: "spki" });
}

function sendgridSigned(publicKey: string, signed: string, signatureBase64: string): boolean {
  if (signatureBase64 === "") return false;
  try {
    return verify("sha256", Buffer.from(signed, "utf8"), sendgridKey(publicKey), Buffer.from(signatureBase64, "base64"));
  } catch {
    return false;
  }
}

function sendgridEvents(json: unknown): MailEvent[] {
  return list(json).flatMap((item): MailEvent[] => {
    const event = record(item);
    const name = text(event.event);
    if (name === "spamreport") return [{ address: text(event.email), reason: "complaint", detail: "spamreport" }];
    if (name !== "bounce") return [];
    // SendGrid's "blocked" is a temporary refusal; a bounce without a type is a hard one.
    const type = text(event.type) || "bounce";
    return [
      {
        address: text(event.email),
        reason: type === "bounce" ? "hard-bounce" : null,
        detail: [type, text(event.status), text(event.reason)].filter(Boolean).join(": "),
      },
    ];
  });
}

const genericReasons: Record<string, SuppressionReason | null> = { "hard-bounce": "hard-bounce", complaint: "complaint", "soft-bounce": null };

/** `{"events": [{"type": "hard-bounce" | "soft-bounce" | "complaint", "address": "…", "detail": "…"}]}`, or one such event. */
function genericEvents(json: unknown): MailEvent[] {
  const call = record(json);
  const events = Array.isArray(call.events) ? call.events : [call];
  return events.flatMap((item): MailEvent[] => {
    const event = record(item);
    const type = text(event.type);
    if (!(type in genericReasons)) return [];
    return [{ address: text(event.address), reason: genericReasons[type] ?? null, detail: text(event.detail) || type }];
  });
}
