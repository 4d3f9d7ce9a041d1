import { createHmac, timingSafeEqual } from "node:crypto";
import type { Database } from "#app/platform/db/client.server.ts";
import type { Env } from "#app/platform/env.server.ts";
import { purposeKey, siteSecret } from "#app/platform/site-secret.server.ts";

/*
 * The link in the consent-renewal email (decision 081). Its token is the
 * application's id, the moment the notice went out (seconds) and a signature
 * of both, keyed by the site's secret for this purpose alone: it cannot be
 * guessed or turned into another application's, and it can be checked
 * without the row's personal data, so a link whose application has been
 * anonymised still gets its own sentence. A link belongs to one notice: it
 * lapses when its notice period ends, or when a later notice replaced it.
 */

export type LinkServices = { db: Database; env: Pick<Env, "AUTH_SECRET"> };

/** An id, the notice's second, 43 base64url characters; anything longer is not ours. */
const TOKEN_PATTERN = /^([1-9][0-9]{0,15})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$/;

const signature = (secret: string, id: number, noticeSecond: number) =>
  createHmac("sha256", purposeKey(secret, "future-roles-renewal")).update(`${id}:${noticeSecond}`).digest("base64url");

export const secondOf = (date: Date) => Math.floor(date.getTime() / 1000);

/** The token for an application's notice; the notice time is kept to the second, as the token carries it. */
export function renewalToken(secret: string, application: { id: number; noticeAt: Date }): string {
  const second = secondOf(application.noticeAt);
  return `${application.id}.${second}.${signature(secret, application.id, second)}`;
}

export function renewalUrl(siteUrl: string, token: string): string {
  return `${siteUrl}/applications/keep/${token}`;
}

export type RenewalLink = { id: number; noticeAt: Date };

/** The application and notice a token was made for, or null (malformed, forged, or made for another purpose). */
export async function renewalLinkOf(services: LinkServices, token: string): Promise<RenewalLink | null> {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  const second = Number(match[2]);
  if (!Number.isSafeInteger(id)) return null;
  const expected = Buffer.from(signature(await siteSecret(services), id, second));
  const received = Buffer.from(match[3]!);
  if (expected.length !== received.length || !timingSafeEqual(expected, received)) return null;
  return { id, noticeAt: new Date(second * 1000) };
}
