import { count, eq } from "drizzle-orm";
import { canOpen, type StaffRole } from "#app/features/staff/roles.ts";
import { consultations, jobApplications, outbox } from "#app/platform/db/schema.server.ts";
import type { Services } from "#app/platform/services.server.ts";

export type AttentionItem = { label: string; count: number; href: string; action: string };

/** The staff home's counts: new leads, new applications, failed messages, as far as the role may see them. */
export async function attentionFor({ db }: Pick<Services, "db">, role: StaffRole): Promise<AttentionItem[]> {
  const items: AttentionItem[] = [];
  if (canOpen(role, "consultations")) {
    const [row] = await db.select({ n: count() }).from(consultations).where(eq(consultations.status, "new"));
    items.push({ label: "New consultation requests", count: row?.n ?? 0, href: "/staff/consultations?status=new", action: "Open new requests" });
  }
  if (canOpen(role, "applications")) {
    const [row] = await db.select({ n: count() }).from(jobApplications).where(eq(jobApplications.status, "new"));
    items.push({ label: "New job applications", count: row?.n ?? 0, href: "/staff/applications?status=new", action: "Open new applications" });
  }
  if (canOpen(role, "outbox")) {
    const [row] = await db.select({ n: count() }).from(outbox).where(eq(outbox.status, "failed"));
    items.push({ label: "Emails that could not be sent", count: row?.n ?? 0, href: "/staff/outbox?status=failed", action: "Open the outbox" });
  }
  return items;
}
