import { createPublicKey, verify, type KeyObject } from "node:crypto";

/*
 * Amazon SNS message signatures, checked as AWS documents them: the fields
 * of the message in a fixed order, signed with the key of a certificate that
 * SNS itself serves over https. The certificate is fetched only from
 * sns.<region>.amazonaws.com and kept, so a flood of messages costs one fetch.
 */

/** An SNS message as posted: a notification, or the (un)subscription confirmation that precedes them. */
export type SnsMessage = {
  Type: string;
  MessageId: string;
  TopicArn: string;
  Message: string;
  Timestamp: string;
  Subject?: string;
  Token?: string;
  SubscribeURL?: string;
  SignatureVersion: string;
  Signature: string;
  SigningCertURL: string;
};

/** Reads a URL's body as text; injected so tests serve the certificate themselves. */
export type FetchText = (url: string) => Promise<string>;

const SNS_HOST = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/;
const MAX_CERTIFICATE_BYTES = 16 * 1024;
const MAX_CACHED_CERTIFICATES = 20;

/** Whether the URL is SNS's own, over https: the only place a certificate or a subscription link may come from. */
export function isSnsUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === "https:" && url.port === "" && url.username === "" && url.password === "" && SNS_HOST.test(url.hostname);
}

/** An SNS message from parsed JSON, or null when a field it needs is missing. */
export function snsMessageOf(json: unknown): SnsMessage | null {
  if (typeof json !== "object" || json === null) return null;
  const fields = json as Record<string, unknown>;
  const required = ["Type", "MessageId", "TopicArn", "Message", "Timestamp", "SignatureVersion", "Signature", "SigningCertURL"];
  if (!required.every((key) => typeof fields[key] === "string")) return null;
  for (const key of ["Subject", "Token", "SubscribeURL"]) {
    if (fields[key] !== undefined && fields[key] !== null && typeof fields[key] !== "string") return null;
  }
  return json as SnsMessage;
}

/** The text SNS signs: each field's name and value on lines of their own, in this order, the optional ones only when present. */
export function snsStringToSign(message: SnsMessage): string | null {
  const keys =
    message.Type === "Notification"
      ? ["Message", "MessageId", "Subject", "Timestamp", "TopicArn", "Type"]
      : message.Type === "SubscriptionConfirmation" || message.Type === "UnsubscribeConfirmation"
        ? ["Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"]
        : null;
  if (keys === null) return null;
  let text = "";
  for (const key of keys) {
    const value = message[key as keyof SnsMessage];
    if (value === undefined || value === null) {
      if (key === "Subject") continue;
      return null;
    }
    text += `${key}\n${value}\n`;
  }
  return text;
}

/** Fetches SNS certificates and keeps their keys, newest kept when full. */
export function snsCertificateKeys(fetchText: FetchText) {
  const keys = new Map<string, Promise<KeyObject>>();
  return async (url: string): Promise<KeyObject> => {
    let key = keys.get(url);
    if (!key) {
      key = fetchText(url).then((pem) => createPublicKey(pem));
      // A failed fetch is not kept: the next message tries again.
      key.catch(() => keys.delete(url));
      if (keys.size >= MAX_CACHED_CERTIFICATES) keys.delete(keys.keys().next().value!);
      keys.set(url, key);
    }
    return key;
  };
}

/** Reads an https URL's body, bounded in size and time, following no redirect. */
export const fetchFromSns: FetchText = async (url) => {
  if (!isSnsUrl(url)) throw new Error("Not an SNS address");
  const response = await fetch(url, { redirect: "error", signal: AbortSignal.timeout(5_000) });
  if (!response.ok) throw new Error(`SNS answered ${response.status}`);
  const text = await response.text();
  if (text.length > MAX_CERTIFICATE_BYTES) throw new Error("SNS answered more than a certificate");
  return text;
};

/** Whether SNS signed this message: its certificate from SNS's own host, and the signature over the fields. */
export async function verifySnsMessage(message: SnsMessage, keyFor: (url: string) => Promise<KeyObject>): Promise<boolean> {
  if (!isSnsUrl(message.SigningCertURL) || !new URL(message.SigningCertURL).pathname.endsWith(".pem")) return false;
  const algorithm = message.SignatureVersion === "1" ? "sha1" : message.SignatureVersion === "2" ? "sha256" : null;
  const text = snsStringToSign(message);
  if (algorithm === null || text === null) return false;
  let key: KeyObject;
  try {
    key = await keyFor(message.SigningCertURL);
  } catch {
    return false;
  }
  try {
    return verify(algorithm, Buffer.from(text, "utf8"), key, Buffer.from(message.Signature, "base64"));
  } catch {
    return false;
  }
}
