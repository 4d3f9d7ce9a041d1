import { spawnSync } from "node:child_process";
import { createHmac, generateKeyPairSync, sign } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, vi } from "vitest";
import {
  acceptMailWebhook,
  GENERIC_SIGNATURE_HEADER,
  SENDGRID_SIGNATURE_HEADER,
  SENDGRID_TIMESTAMP_HEADER,
  type MailWebhookDependencies,
  type MailWebhookSettings,
} from "#app/features/mail-webhooks/mail-webhook.server.ts";
import { snsCertificateKeys, snsStringToSign, type SnsMessage } from "#app/features/mail-webhooks/sns-signature.server.ts";
import type { Database } from "#app/platform/db/client.server.ts";
import { mailSuppressions } from "#app/platform/db/schema.server.ts";
import { featureDrivers, openTestDatabase } from "#tests/support/databases.ts";

vi.setConfig({ testTimeout: 90_000 });

const drivers = await featureDrivers();

const TOPIC = "arn:aws:sns:eu-west-1:123456789012:ses-bounces";
const CERT_URL = "https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-test.pem";
const settings: Required<MailWebhookSettings> = {
  sesTopicArn: TOPIC,
  postmarkSecret: "postmark-secret-0123456789",
  mailgunSigningKey: "mailgun-signing-key",
  sendgridPublicKey: "",
  genericSecret: "generic-secret-0123456789",
};

// Real keys, made here: SNS's (its certificate served by the injected fetcher, as SNS serves it) and SendGrid's ECDSA P-256.
const sns = generateKeyPairSync("rsa", { modulusLength: 2048 });
const sendgrid = generateKeyPairSync("ec", { namedCurve: "P-256" });
const stranger = generateKeyPairSync("ec", { namedCurve: "P-256" });
settings.sendgridPublicKey = sendgrid.publicKey.export({ format: "der", type: "spki" }).toString("base64");

/**
 * What SNS serves at SigningCertURL: an X.509 certificate of its key, made here by openssl from the test's key.
 * Without openssl, the key's own PEM, which createPublicKey reads the same way.
 */
function snsCertificate(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sns-cert-"));
  try {
    const keyFile = path.join(dir, "key.pem");
    writeFileSync(keyFile, sns.privateKey.export({ format: "pem", type: "pkcs8" }));
    const made = spawnSync("openssl", ["req", "-x509", "-new", "-key", keyFile, "-subj", "/CN=sns.amazonaws.com", "-days", "1"], { encoding: "utf8" });
    return made.status === 0 && made.stdout.includes("BEGIN CERTIFICATE") ? made.stdout : sns.publicKey.export({ format: "pem", type: "spki" }).toString();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const snsCertificatePem = snsCertificate();

type Harness = { fetched: string[]; confirmed: string[]; call(provider: string, body: string, headers?: Record<string, string>): Promise<Response> };

function harness(db: Database, configured: MailWebhookSettings = settings): Harness {
  const fetched: string[] = [];
  const confirmed: string[] = [];
  const snsKey = snsCertificateKeys(async (url) => {
    fetched.push(url);
    return snsCertificatePem;
  });
  const dependencies: MailWebhookDependencies = {
    db,
    settings: configured,
    clientAddress: "203.0.113.9",
    snsKey,
    confirmSnsSubscription: async (url) => {
      confirmed.push(url);
      return "<ConfirmSubscriptionResponse/>";
    },
  };
  return {
    fetched,
    confirmed,
    call: (provider, body, headers = {}) =>
      acceptMailWebhook(
        new Request(`http://localhost/webhooks/mail/${provider}`, { method: "POST", body, headers: { "content-type": "application/json", ...headers } }),
        provider,
        dependencies,
      ),
  };
}

function snsMessage(
  fields: Omit<SnsMessage, "Signature" | "SignatureVersion" | "SigningCertURL" | "MessageId" | "Timestamp">,
  key = sns.privateKey,
  version: "1" | "2" = "2",
): string {
  const message: SnsMessage = {
    MessageId: "9b1c5c5e-0000-4000-8000-000000000001",
    Timestamp: "2026-11-26T20:00:00.000Z",
    SignatureVersion: version,
    SigningCertURL: CERT_URL,
    Signature: "",
    ...fields,
  };
  message.Signature = sign(version === "1" ? "sha1" : "sha256", Buffer.from(snsStringToSign(message)!), key).toString("base64");
  return JSON.stringify(message);
}

const sesBounce = (address: string, bounceType: string) =>
  JSON.stringify({
    notificationType: "Bounce",
    bounce: { bounceType, bounceSubType: "General", bouncedRecipients: [{ emailAddress: address, diagnosticCode: "smtp; 550 5.1.1 user unknown" }] },
  });

async function suppressed(db: Database) {
  const rows = await db.select({ address: mailSuppressions.address, reason: mailSuppressions.reason, source: mailSuppressions.source }).from(mailSuppressions);
  return rows.sort((a, b) => a.address.localeCompare(b.address));
}

const hmac = (key: string, text: string) => createHmac("sha256", key).update(text).digest("hex");
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
const nowSeconds = () => String(Math.floor(Date.now() / 1000));

for (const driver of drivers) {
  test(`each provider's signed call suppresses its hard bounces and complaints; unsigned and wrongly signed calls get 401 and store nothing (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const { db } = database;
      const { call, fetched, confirmed } = harness(db);

      // Amazon SES through SNS.
      const sesHard = snsMessage({ Type: "Notification", TopicArn: TOPIC, Message: sesBounce("Bounced.SES@Example.com", "Permanent") });
      expect((await call("ses", sesHard.replace(/"Signature":"[^"]+"/, '"Signature":""'))).status).toBe(401);
      expect(
        (await call("ses", snsMessage({ Type: "Notification", TopicArn: TOPIC, Message: sesBounce("x@example.com", "Permanent") }, stranger.privateKey)))
          .status,
      ).toBe(401);
      // The signed fields are the message: one changed after signing fails.
      expect((await call("ses", sesHard.replace("Bounced.SES", "someone.else"))).status).toBe(401);
      expect(
        (await call("ses", snsMessage({ Type: "Notification", TopicArn: `${TOPIC}-other`, Message: sesBounce("x@example.com", "Permanent") }))).status,
      ).toBe(401);
      expect(await suppressed(db)).toEqual([]);
      expect((await call("ses", sesHard)).status).toBe(200);
      expect((await call("ses", snsMessage({ Type: "Notification", TopicArn: TOPIC, Message: sesBounce("soft.ses@example.com", "Transient") }))).status).toBe(
        200,
      );
      // SignatureVersion 1 (SHA1), which SNS still uses unless the topic asks for 2.
      const v1 = snsMessage({ Type: "Notification", TopicArn: TOPIC, Message: sesBounce("v1.ses@example.com", "Permanent") }, sns.privateKey, "1");
      expect((await call("ses", v1)).status).toBe(200);
      const sesComplaint = JSON.stringify({
        notificationType: "Complaint",
        complaint: { complainedRecipients: [{ emailAddress: "spam.ses@example.com" }], complaintFeedbackType: "abuse" },
      });
      expect(
        (await call("ses", snsMessage({ Type: "Notification", TopicArn: TOPIC, Message: sesComplaint, Subject: "Amazon SES Email Event Notification" })))
          .status,
      ).toBe(200);
      // The certificate was fetched once, from SNS's own host, and kept.
      expect(fetched).toEqual([CERT_URL]);

      // Postmark: basic auth with the configured password.
      const postmark = JSON.stringify({ RecordType: "Bounce", Type: "HardBounce", Email: "bounced.postmark@example.com", Description: "Unknown user" });
      expect((await call("postmark", postmark)).status).toBe(401);
      expect((await call("postmark", postmark, { authorization: basic("postmark", "wrong-secret-0123456789") })).status).toBe(401);
      expect((await call("postmark", postmark, { authorization: basic("postmark", settings.postmarkSecret) })).status).toBe(200);
      const postmarkSoft = JSON.stringify({ RecordType: "Bounce", Type: "SoftBounce", Email: "soft.postmark@example.com" });
      expect((await call("postmark", postmarkSoft, { authorization: basic("postmark", settings.postmarkSecret) })).status).toBe(200);

      // Mailgun: HMAC-SHA256 of timestamp and token with the signing key.
      const timestamp = nowSeconds();
      const mailgun = (signature: string) =>
        JSON.stringify({
          signature: { timestamp, token: "a1b2c3d4e5", signature },
          "event-data": { event: "failed", severity: "permanent", recipient: "bounced.mailgun@example.com", reason: "bounce" },
        });
      expect((await call("mailgun", mailgun(""))).status).toBe(401);
      expect((await call("mailgun", mailgun(hmac("another-key", `${timestamp}a1b2c3d4e5`)))).status).toBe(401);
      expect((await call("mailgun", mailgun(hmac(settings.mailgunSigningKey, `${timestamp}a1b2c3d4e5`)))).status).toBe(200);

      // SendGrid: ECDSA over the timestamp and the body.
      const sendgridBody = JSON.stringify([
        { email: "bounced.sendgrid@example.com", event: "bounce", type: "bounce", reason: "550 5.1.1 unknown" },
        { email: "spam.sendgrid@example.com", event: "spamreport" },
        { email: "blocked.sendgrid@example.com", event: "bounce", type: "blocked" },
      ]);
      const signed = (key: typeof sendgrid.privateKey) => sign("sha256", Buffer.from(timestamp + sendgridBody), key).toString("base64");
      expect((await call("sendgrid", sendgridBody, { [SENDGRID_TIMESTAMP_HEADER]: timestamp })).status).toBe(401);
      expect(
        (await call("sendgrid", sendgridBody, { [SENDGRID_TIMESTAMP_HEADER]: timestamp, [SENDGRID_SIGNATURE_HEADER]: signed(stranger.privateKey) })).status,
      ).toBe(401);
      expect(
        (await call("sendgrid", sendgridBody, { [SENDGRID_TIMESTAMP_HEADER]: timestamp, [SENDGRID_SIGNATURE_HEADER]: signed(sendgrid.privateKey) })).status,
      ).toBe(200);

      // Generic: HMAC-SHA256 of the raw body with the shared secret.
      const generic = JSON.stringify({
        events: [
          { type: "complaint", address: "spam.generic@example.com" },
          { type: "soft-bounce", address: "soft.generic@example.com" },
        ],
      });
      expect((await call("generic", generic)).status).toBe(401);
      expect((await call("generic", generic, { [GENERIC_SIGNATURE_HEADER]: `sha256=${hmac("not-the-secret", generic)}` })).status).toBe(401);
      expect((await call("generic", generic, { [GENERIC_SIGNATURE_HEADER]: `sha256=${hmac(settings.genericSecret, generic)}` })).status).toBe(200);

      expect(await suppressed(db)).toEqual([
        { address: "bounced.mailgun@example.com", reason: "hard-bounce", source: "mailgun" },
        { address: "bounced.postmark@example.com", reason: "hard-bounce", source: "postmark" },
        { address: "bounced.sendgrid@example.com", reason: "hard-bounce", source: "sendgrid" },
        { address: "bounced.ses@example.com", reason: "hard-bounce", source: "ses" },
        { address: "spam.generic@example.com", reason: "complaint", source: "generic" },
        { address: "spam.sendgrid@example.com", reason: "complaint", source: "sendgrid" },
        { address: "spam.ses@example.com", reason: "complaint", source: "ses" },
        { address: "v1.ses@example.com", reason: "hard-bounce", source: "ses" },
      ]);
      expect(confirmed).toEqual([]);
    } finally {
      await database.dispose();
    }
  });

  test(`SNS subscriptions are confirmed only for the configured topic; a provider without its secret answers 404 (${driver})`, async () => {
    const database = await openTestDatabase(driver);
    try {
      const { db } = database;
      const { call, confirmed } = harness(db);
      const subscribe = (topic: string) =>
        snsMessage({
          Type: "SubscriptionConfirmation",
          TopicArn: topic,
          Message: "You have chosen to subscribe to the topic.",
          Token: "2336412f37",
          SubscribeURL: `https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&TopicArn=${topic}&Token=2336412f37`,
        });
      expect((await call("ses", subscribe(`${TOPIC}-other`))).status).toBe(401);
      expect(confirmed).toEqual([]);
      expect((await call("ses", subscribe(TOPIC))).status).toBe(200);
      expect(confirmed).toEqual([`https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&TopicArn=${TOPIC}&Token=2336412f37`]);

      // A certificate anywhere but SNS's own host is never fetched.
      const elsewhere = JSON.parse(snsMessage({ Type: "Notification", TopicArn: TOPIC, Message: sesBounce("x@example.com", "Permanent") })) as SnsMessage;
      elsewhere.SigningCertURL = "https://sns.eu-west-1.amazonaws.com.evil.example/cert.pem";
      expect((await call("ses", JSON.stringify(elsewhere))).status).toBe(401);

      const unconfigured = harness(db, {});
      const generic = JSON.stringify({ type: "complaint", address: "a@example.com" });
      for (const provider of ["ses", "postmark", "mailgun", "sendgrid", "generic", "unknown"]) {
        expect((await unconfigured.call(provider, generic, { [GENERIC_SIGNATURE_HEADER]: hmac("", generic) })).status).toBe(404);
      }
      expect((await call("generic", "x".repeat(70 * 1024))).status).toBe(413);
      expect(await suppressed(db)).toEqual([]);
    } finally {
      await database.dispose();
    }
  });
}
