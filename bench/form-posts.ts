import { count } from "drizzle-orm";
import { openDatabase } from "#app/platform/db/client.server.ts";
import { consultationAttachments, consultations, newsletterSubscriptions, outbox } from "#app/platform/db/schema.server.ts";
import { parseEnv } from "#app/platform/env.server.ts";
import { createTestDatabaseEnv } from "#tests/support/databases.ts";
import type { DatabaseDriver } from "#app/platform/db/client.server.ts";
import { startServer } from "#tests/support/server.ts";
import { httpLoad } from "./http-load.ts";

export const BOUNDARY = "----benchboundary7MA4YWxkTrZu0gW";
/** A tiny but real PDF: the server checks attachments by their bytes. */
export const PDF = "%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n";

export function multipart(fields: Record<string, string>, file?: { name: string; type: string; content: string }): string {
  const parts = Object.entries(fields).map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  if (file) {
    parts.push(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n${file.content}\r\n`,
    );
  }
  return `${parts.join("")}--${BOUNDARY}--\r\n`;
}

/**
 * A fixed number of newsletter and consultation posts against one server on
 * the given database, each body made unique by autocannon's [<id>]; afterwards
 * the rows are counted against the successful answers: nothing lost, nothing doubled.
 */
export async function formPostBench(driver: DatabaseDriver, { newsletterPosts, consultationPosts }: { newsletterPosts: number; consultationPosts: number }) {
  const place = await createTestDatabaseEnv(driver);
  const server = await startServer({
    DATA_DIR: place.env.DATA_DIR,
    ...(place.env.DATABASE_URL ? { DATABASE_URL: place.env.DATABASE_URL } : {}),
    FORM_RATE_LIMIT: "100000000",
    TRUST_PROXY: "loopback",
  });
  try {
    const newsletter = await httpLoad(`${server.baseURL}/newsletter.data`, {
      amount: newsletterPosts,
      connections: 8,
      method: "POST",
      idReplacement: true,
      addressPerRequest: true,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=bench-[<id>]%40example.com&consent=yes&consentVersion=2025-01",
    });
    const consultation = await httpLoad(`${server.baseURL}/consultation.data`, {
      amount: consultationPosts,
      connections: 8,
      method: "POST",
      idReplacement: true,
      addressPerRequest: true,
      headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
      body: multipart(
        {
          fullName: "Bench Visitor",
          email: "visitor-[<id>]@example.com",
          country: "India",
          phone: "+91 98100 00000",
          brief: "We need a CRM connected to our ERP and WhatsApp. [<id>]",
          idempotencyKey: "bench-[<id>]",
        },
        { name: "brief.pdf", type: "application/pdf", content: PDF },
      ),
    });
    await server.stop({ keepData: true });
    const database = await openDatabase(parseEnv({ DATA_DIR: place.env.DATA_DIR, DATABASE_URL: place.env.DATABASE_URL }));
    try {
      const [subscribers] = await database.db.select({ n: count() }).from(newsletterSubscriptions);
      const [requests] = await database.db.select({ n: count() }).from(consultations);
      const [attachments] = await database.db.select({ n: count() }).from(consultationAttachments);
      const [messages] = await database.db.select({ n: count() }).from(outbox);
      return {
        newsletter: { ...newsletter, rows: subscribers!.n },
        consultation: { ...consultation, rows: requests!.n, attachments: attachments!.n, outboxMessages: messages!.n },
      };
    } finally {
      await database.close();
    }
  } finally {
    await server.stop();
    await place.dispose();
  }
}
