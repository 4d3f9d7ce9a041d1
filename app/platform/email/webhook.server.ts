import { createHmac, randomBytes } from "node:crypto";
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, WEBHOOK_URL_MAX_LENGTH } from "#app/platform/email/webhook.ts";

/*
 * Outgoing webhooks (decision 041): where they may go, how a post is signed,
 * and one delivery attempt. The outbox worker makes the attempts and retries.
 */

/** How long a receiver has to answer one post before the attempt counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 5_000;

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The address as it will be posted to, or the sentence that says why it
 * cannot be: `https://` only, plain `http://` for this machine outside
 * production (a test receiver), no credentials in it, and bounded.
 */
export function checkWebhookAddress(value: string, production: boolean): { ok: true; url: string } | { ok: false; message: string } {
  const text = value.trim();
  if (!text) return { ok: false, message: "Enter the webhook's address, starting with https://." };
  if (text.length > WEBHOOK_URL_MAX_LENGTH) return { ok: false, message: `Keep the webhook's address to ${WEBHOOK_URL_MAX_LENGTH} characters.` };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: "That is not a web address. Paste the whole address, starting with https://." };
  }
  if (url.username || url.password) return { ok: false, message: "Leave the user name and password out of the webhook's address." };
  if (url.protocol === "https:") return { ok: true, url: url.toString() };
  if (url.protocol === "http:" && LOCAL_HOSTS.has(url.hostname)) {
    if (!production) return { ok: true, url: url.toString() };
    return { ok: false, message: "A webhook on this machine (http://localhost) is only for testing; in production the address must start with https://." };
  }
  return { ok: false, message: "The webhook's address must start with https://, so what it sends is encrypted on the way." };
}

/** A new signing secret: 32 random bytes as hex. */
export function newWebhookSecret(): string {
  return randomBytes(32).toString("hex");
}

/** `sha256=<hex>` of HMAC-SHA256(secret, "<timestamp>.<body>"), the value of X-Kraf-Signature. */
export function webhookSignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/** A receiver that answered with something other than 2xx. */
export class WebhookRefusedError extends Error {}

/**
 * One post of the exact body, signed with the secret when there is one, and
 * abandoned after timeoutMs. Resolves on a 2xx answer; throws otherwise.
 */
export async function postWebhook(url: string, body: string, secret: string | null, timeoutMs: number): Promise<void> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const headers: Record<string, string> = { "content-type": "application/json", "user-agent": "kraf-webhooks/1" };
  if (secret) {
    headers[TIMESTAMP_HEADER] = timestamp;
    headers[SIGNATURE_HEADER] = webhookSignature(secret, timestamp, body);
  }
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", headers, body, redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
      throw new Error(`The receiver did not answer within ${(timeoutMs / 1000).toLocaleString("en")} s`);
    }
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : "";
    throw new Error(`Could not reach the receiver${cause}`);
  }
  // The answer's body is of no use; reading it lets the connection be reused.
  await response.arrayBuffer().catch(() => undefined);
  if (response.status < 200 || response.status > 299) throw new WebhookRefusedError(`The receiver answered ${response.status} ${response.statusText}`.trim());
}
