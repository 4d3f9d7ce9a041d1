import { inArray, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "#app/platform/db/client.server.ts";
import {
  clientLogos,
  consultations,
  eventRegistrations,
  events,
  caseStudies,
  featuredInsights,
  jobApplications,
  jobs,
  mailSuppressions,
  jobAlertSubscriptions,
  newsletterCampaigns,
  newsletterSubscriptions,
  outbox,
  people,
  replyTemplates,
  sitePages,
  routingRules,
  staffUsers,
  teams,
  testimonials,
  type AuditDetail,
} from "#app/platform/db/schema.server.ts";

/*
 * The people and records audit entries name, by name and with a link to
 * their staff page, read for a whole page of entries at once: one query per
 * kind of record on the page, however many entries there are.
 */

/** A person or record as the audit log shows it: "Job" + a link named "Senior engineer", or plain text with a note ("deleted"). */
export type AuditRef = { label: string; name: string; href: string | null; note: string | null };

/** One fact of an entry's detail: words, a moment (shown in the reader's zone) or a person. */
export type AuditFact = { key: string } & ({ text: string } | { at: string } | { ref: AuditRef | null });

type Found = { id: string; name: string; inactive: boolean };

type Kind = {
  label: string;
  /** What became of a record that is no longer there. */
  gone: "deleted" | "erased";
  /** Ids that are numbers in the table (all but staff accounts'). */
  numeric: boolean;
  read: (db: Database, ids: string[]) => Promise<Found[]>;
  href: ((id: string) => string) | null;
};

/** Each record's id and name from its table; `name` null names it by its number. */
function namesIn(table: PgTable, id: AnyPgColumn, name: SQL<string> | AnyPgColumn | null): Kind["read"] {
  return (db, ids) =>
    db
      .select({ id: sql<string>`${id}::text`, name: name ? sql<string>`${name}` : sql<string>`'#' || ${id}::text`, inactive: sql<boolean>`false` })
      .from(table)
      .where(inArray(id, ids.map(Number)));
}

const kinds: Record<string, Kind> = {
  staff: {
    label: "Staff account",
    gone: "deleted",
    numeric: false,
    read: (db, ids) =>
      db
        .select({ id: staffUsers.id, name: staffUsers.name, inactive: sql<boolean>`${staffUsers.deactivatedAt} is not null` })
        .from(staffUsers)
        .where(inArray(staffUsers.id, ids)),
    // The accounts screen is one table; each account's row carries this anchor.
    href: (id) => `/staff/accounts#account-${id}`,
  },
  consultation: {
    label: "Consultation",
    gone: "deleted",
    numeric: true,
    read: namesIn(consultations, consultations.id, consultations.reference),
    href: (id) => `/staff/consultations/${id}`,
  },
  application: {
    label: "Application",
    gone: "deleted",
    numeric: true,
    read: namesIn(jobApplications, jobApplications.id, jobApplications.reference),
    href: (id) => `/staff/applications/${id}`,
  },
  registration: {
    label: "Event registration",
    gone: "deleted",
    numeric: true,
    read: namesIn(eventRegistrations, eventRegistrations.id, eventRegistrations.reference),
    href: (id) => `/staff/events/registrations/${id}`,
  },
  edition: {
    label: "Event edition",
    gone: "deleted",
    numeric: true,
    read: namesIn(events, events.id, events.title),
    href: (id) => `/staff/events/editions/${id}`,
  },
  job: { label: "Job", gone: "deleted", numeric: true, read: namesIn(jobs, jobs.id, jobs.title), href: (id) => `/staff/jobs/${id}` },
  insight: {
    label: "Insight",
    gone: "deleted",
    numeric: true,
    read: namesIn(featuredInsights, featuredInsights.id, sql<string>`coalesce(${featuredInsights.title}, 'Untitled')`),
    href: (id) => `/staff/insights/${id}`,
  },
  page: {
    label: "Page",
    gone: "deleted",
    numeric: true,
    read: namesIn(sitePages, sitePages.id, sitePages.path),
    href: (id) => `/staff/pages/${id}`,
  },
  "case-study": {
    label: "Case study",
    gone: "deleted",
    numeric: true,
    read: namesIn(caseStudies, caseStudies.id, caseStudies.title),
    href: (id) => `/staff/case-studies/${id}`,
  },
  person: { label: "Person", gone: "deleted", numeric: true, read: namesIn(people, people.id, people.name), href: (id) => `/staff/people/${id}` },
  testimonial: {
    label: "Testimonial",
    gone: "deleted",
    numeric: true,
    read: namesIn(testimonials, testimonials.id, testimonials.name),
    href: (id) => `/staff/testimonials/${id}`,
  },
  logo: {
    label: "Client logo",
    gone: "deleted",
    numeric: true,
    read: namesIn(clientLogos, clientLogos.id, clientLogos.name),
    href: (id) => `/staff/logos/${id}`,
  },
  // There is one set of site facts, which is never gone: it stands for the defaults until saved.
  "site-facts": {
    label: "Site facts",
    gone: "deleted",
    numeric: true,
    read: async (_db, ids) => ids.map((id) => ({ id, name: "Site facts", inactive: false })),
    href: () => "/staff/site",
  },
  team: { label: "Team", gone: "deleted", numeric: true, read: namesIn(teams, teams.id, teams.name), href: () => "/staff/teams" },
  "routing-rule": {
    label: "Routing rule",
    gone: "deleted",
    numeric: true,
    read: namesIn(routingRules, routingRules.id, null),
    href: () => "/staff/teams#rules-heading",
  },
  "reply-template": {
    label: "Reply template",
    gone: "deleted",
    numeric: true,
    read: namesIn(replyTemplates, replyTemplates.id, replyTemplates.name),
    href: (id) => `/staff/reply-templates?edit=${id}`,
  },
  outbox: { label: "Email", gone: "deleted", numeric: true, read: namesIn(outbox, outbox.id, outbox.subject), href: (id) => `/staff/outbox/${id}` },
  // A subscriber is named by number only: the log keeps no address, and an erased one has no page.
  subscriber: { label: "Subscriber", gone: "erased", numeric: true, read: namesIn(newsletterSubscriptions, newsletterSubscriptions.id, null), href: null },
  "job-alert-subscriber": {
    label: "Job alert subscriber",
    gone: "erased",
    numeric: true,
    read: namesIn(jobAlertSubscriptions, jobAlertSubscriptions.id, null),
    href: null,
  },
  campaign: {
    label: "Newsletter campaign",
    gone: "deleted",
    numeric: true,
    read: namesIn(newsletterCampaigns, newsletterCampaigns.id, newsletterCampaigns.subject),
    href: (id) => `/staff/campaigns/${id}`,
  },
  // Named by number for the same reason; the list finds it by address.
  suppression: {
    label: "Suppressed address",
    gone: "deleted",
    numeric: true,
    read: namesIn(mailSuppressions, mailSuppressions.id, null),
    href: () => "/staff/suppressions",
  },
};

/** Detail keys that hold a staff account's id, by action. */
const staffDetailKeys: Record<string, readonly string[]> = {
  "team-member-added": ["member"],
  "team-member-removed": ["member"],
  "team-lead-set": ["lead"],
  "owner-changed": ["from", "to"],
};

/** An ISO 8601 instant as `toISOString` and `JSON.stringify` write one. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:Z|[+-]\d{2}:\d{2})$/;

type Entry = { action: string; targetType: string | null; targetId: string | null; detail: AuditDetail | null };

const keyOf = (type: string, id: string) => `${type}\u0000${id}`;

/** The entries' targets and the people their details name, each resolved once, in one query per kind. */
export async function resolveAuditRefs<Row extends Entry>(db: Database, rows: Row[]): Promise<(Row & { target: AuditRef | null; facts: AuditFact[] })[]> {
  const wanted = new Map<string, Set<string>>();
  const want = (type: string, id: string) => {
    const kind = kinds[type];
    if (!kind || (kind.numeric && !/^\d{1,15}$/.test(id))) return;
    (wanted.get(type) ?? wanted.set(type, new Set()).get(type)!).add(id);
  };
  for (const row of rows) {
    if (row.targetType && row.targetId) want(row.targetType, row.targetId);
    for (const key of staffDetailKeys[row.action] ?? []) {
      const value = row.detail?.[key];
      if (typeof value === "string") want("staff", value);
    }
  }
  const found = new Map<string, Found>();
  await Promise.all(
    [...wanted].map(async ([type, ids]) => {
      for (const record of await kinds[type]!.read(db, [...ids])) found.set(keyOf(type, record.id), record);
    }),
  );
  const refOf = (type: string, id: string): AuditRef => {
    const kind = kinds[type];
    if (!kind) return { label: `${type[0]!.toUpperCase()}${type.slice(1)}`, name: `#${id}`, href: null, note: null };
    const record = found.get(keyOf(type, id));
    if (!record) return { label: kind.label, name: `#${id}`, href: null, note: kind.gone };
    return { label: kind.label, name: record.name, href: kind.href?.(id) ?? null, note: record.inactive ? "deactivated" : null };
  };
  return rows.map((row) => ({
    ...row,
    target: row.targetType ? refOf(row.targetType, row.targetId ?? "") : null,
    facts: Object.entries(row.detail ?? {}).map(([key, value]): AuditFact => {
      if ((staffDetailKeys[row.action] ?? []).includes(key)) return { key, ref: typeof value === "string" ? refOf("staff", value) : null };
      if (typeof value === "string" && ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return { key, at: value };
      return { key, text: value === null ? "none" : Array.isArray(value) ? value.join(" + ") : String(value) };
    }),
  }));
}
