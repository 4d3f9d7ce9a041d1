import { createHmac, timingSafeEqual } from "node:crypto";
import type { Database } from "#app/platform/db/client.server.ts";
import { purposeKey } from "#app/platform/site-secret.server.ts";

/*
 * The links in a mailing list's mail (the newsletter, job alerts): confirm
 * (double opt-in) and unsubscribe. A token is the subscription's id and a
 * signature of the id and the address for that one list and purpose, keyed by
 * the site's secret: it cannot be guessed, an unsubscribe token cannot confirm,
 * a newsletter token opens nothing of job alerts, and it stops working for a
 * row whose address changed or that was removed (a new subscription gets a new id).
 */

export type ListLinkPurpose = "confirm" | "unsubscribe";

type Subscriber = { id: number; email: string };

/** An id, a dot, 43 base64url characters; anything longer is not ours. */
const TOKEN_PATTERN = /^([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{43})$/;

export function listLinks<Row extends Subscriber>(
  list: string,
  paths: Record<ListLinkPurpose, string>,
  findRow: (db: Database, id: number) => Promise<Row | undefined>,
) {
  const signature = (secret: string, purpose: ListLinkPurpose, { id, email }: Subscriber) =>
    createHmac("sha256", purposeKey(secret, `${list}-${purpose}`))
      .update(`${id}:${email.toLowerCase()}`)
      .digest("base64url");

  const token = (secret: string, purpose: ListLinkPurpose, subscriber: Subscriber) => `${subscriber.id}.${signature(secret, purpose, subscriber)}`;

  return {
    paths,
    token,
    link: (siteUrl: string, secret: string, purpose: ListLinkPurpose, subscriber: Subscriber) =>
      `${siteUrl}${paths[purpose]}?s=${token(secret, purpose, subscriber)}`,
    /** The subscription a token was made for, or null (malformed, forged, for another purpose or list, or the row is gone). */
    async rowFor(db: Database, secret: string, purpose: ListLinkPurpose, given: string | null): Promise<Row | null> {
      const match = TOKEN_PATTERN.exec(given ?? "");
      if (!match) return null;
      const id = Number(match[1]);
      if (!Number.isSafeInteger(id)) return null;
      const row = await findRow(db, id);
      if (!row) return null;
      const expected = Buffer.from(signature(secret, purpose, row));
      const received = Buffer.from(match[2]!);
      return expected.length === received.length && timingSafeEqual(expected, received) ? row : null;
    },
  };
}
