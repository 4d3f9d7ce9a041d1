import { eq } from "drizzle-orm";
import { expect, test, vi } from "vitest";
import type { StaffUser } from "#app/features/staff/staff-session.server.ts";
import {
  readTeamWebhooks,
  regenerateTeamWebhookSecret,
  removeTeamWebhook,
  setTeamWebhook,
  webhookBody,
} from "#app/features/staff/teams/team-webhooks.server.ts";
import { auditLog, staffUsers, teams } from "#app/platform/db/schema.server.ts";
import { openTestDatabase } from "#tests/support/databases.ts";

vi.setConfig({ testTimeout: 90_000 });

const admin: StaffUser = { id: "admin-1", name: "Ada Admin", email: "ada@staff.example.com", roles: ["admin"], timeZone: null };
const ip = "10.0.0.1";

test("a team's webhook: refused addresses change nothing, the first address makes a secret, a new secret replaces it, each change is audited without the secret", async () => {
  const database = await openTestDatabase("pglite");
  const { db } = database;
  try {
    await db.insert(staffUsers).values(admin);
    const [team] = await db.insert(teams).values({ name: "India" }).returning({ id: teams.id });
    const teamId = team!.id;
    const webhookOf = async () => (await readTeamWebhooks(db)).find((row) => row.teamId === teamId)!;

    expect(await setTeamWebhook(db, teamId, "http://hooks.example.com/in", false, admin, ip)).toEqual({
      ok: false,
      status: 400,
      message: expect.stringContaining("https://"),
    });
    expect(await setTeamWebhook(db, teamId, "http://localhost:9000/in", true, admin, ip)).toMatchObject({ ok: false, status: 400 });
    expect(await webhookOf()).toEqual({ teamId, url: null, secret: null });

    expect(await setTeamWebhook(db, teamId, "https://hooks.slack.com/services/T/B/x", true, admin, ip)).toMatchObject({ ok: true });
    const first = await webhookOf();
    expect(first.url).toBe("https://hooks.slack.com/services/T/B/x");
    expect(first.secret).toMatch(/^[0-9a-f]{64}$/);

    // A new address keeps the secret; a new secret replaces it.
    await setTeamWebhook(db, teamId, "https://example.com/hooks/leads", true, admin, ip);
    expect((await webhookOf()).secret).toBe(first.secret);
    expect(await regenerateTeamWebhookSecret(db, teamId, admin, ip)).toMatchObject({ ok: true });
    const second = await webhookOf();
    expect(second.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(second.secret).not.toBe(first.secret);

    expect(await removeTeamWebhook(db, teamId, admin, ip)).toMatchObject({ ok: true });
    expect((await webhookOf()).url).toBeNull();
    expect(await setTeamWebhook(db, 999_999, "https://example.com/in", true, admin, ip)).toMatchObject({ ok: false, status: 404 });

    const entries = await db.select().from(auditLog).where(eq(auditLog.targetType, "team"));
    expect(entries.map((entry) => entry.action)).toEqual(["team-webhook-set", "team-webhook-set", "team-webhook-secret-regenerated", "team-webhook-removed"]);
    expect(entries[0]!.detail).toEqual({ host: "hooks.slack.com" });
    const logged = JSON.stringify(entries);
    expect(logged).not.toContain("/services/T/B/x");
    expect(logged).not.toContain(first.secret!);
    expect(logged).not.toContain(second.secret!);
  } finally {
    await database.dispose();
  }
});

test("the webhook's text names the lead and links to it; a name cannot make a Slack mention or link", () => {
  const body = JSON.parse(
    webhookBody("lead.created", {
      id: 7,
      fullName: "<!channel> Asha <https://evil.example|Rao>",
      country: "India",
      ownerName: null,
      recordUrl: "https://site.example/staff/consultations/7",
    }),
  ) as { text: string; event: string; lead: unknown };
  expect(body).toEqual({
    text: "New consultation request from !channel Asha https://evil.example|Rao (India), no owner yet: https://site.example/staff/consultations/7",
    event: "lead.created",
    lead: { id: 7, url: "https://site.example/staff/consultations/7" },
  });
  expect(body.text).not.toMatch(/[<>]/);
});
