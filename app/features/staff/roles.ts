import type { StaffRole } from "#app/platform/db/schema.server.ts";

/*
 * Who may open which part of the staff area: the one table the server checks
 * in every loader and action, and the navigation is drawn from. An account
 * holds one or more roles and may open what any of them may (decision 045);
 * an admin may open everything.
 */

export type { StaffRole };

/** Whoever holds roles: the signed-in user, an account row. */
export type RoleHolder = { roles: readonly StaffRole[] };

export const roleLabels: Record<StaffRole, string> = {
  admin: "Admin",
  sales: "Sales",
  recruiter: "Recruiter",
  editor: "Editor",
};

/** Every role, in the order forms and sentences list them (the database's `staffRoles` order). */
export const allRoles = Object.keys(roleLabels) as StaffRole[];

/** The form field of one role's checkbox: a field a role, as a form post carries one value a field. */
export const roleField = (role: StaffRole) => `role-${role}`;

export const roleDescriptions: Record<StaffRole, string> = {
  admin: "Everything, including staff accounts, teams and lead routing, the outbox and the audit log",
  sales: "Consultation requests, newsletter subscribers and suppressed addresses, event registrations and the lead figures",
  recruiter: "Jobs, job applications and job alert subscribers",
  editor:
    "The site's pages, case studies, people, testimonials, client logos, insights and event editions: writing, images and publishing; newsletter campaigns; redirects; the pages' web vitals",
};

export type StaffArea =
  | "consultations"
  | "subscribers"
  | "suppressions"
  | "events"
  | "eventEditions"
  | "figures"
  | "jobs"
  | "applications"
  | "stageEmails"
  | "jobAlerts"
  | "insights"
  | "campaigns"
  | "pages"
  | "caseStudies"
  | "people"
  | "testimonials"
  | "logos"
  | "vitals"
  | "redirects"
  | "outbox"
  | "replyTemplates"
  | "audit"
  | "accounts"
  | "businessHours"
  | "teams"
  | "siteFacts"
  | "campaignTracking"
  | "retention";

export const areas: Record<StaffArea, { label: string; path: string; roles: readonly StaffRole[] }> = {
  consultations: { label: "Consultations", path: "/staff/consultations", roles: ["sales"] },
  subscribers: { label: "Subscribers", path: "/staff/subscribers", roles: ["sales"] },
  // Those who keep the subscriber list keep the addresses mail must not go to (decision 072).
  suppressions: { label: "Suppressed addresses", path: "/staff/suppressions", roles: ["sales"] },
  events: { label: "Event registrations", path: "/staff/events", roles: ["sales"] },
  // Editors write what the site announces; sales, who answer the registrations, do not change the event itself.
  eventEditions: { label: "Event editions", path: "/staff/events/editions", roles: ["editor"] },
  figures: { label: "Lead figures", path: "/staff/figures", roles: ["sales"] },
  jobs: { label: "Jobs", path: "/staff/jobs", roles: ["recruiter"] },
  applications: { label: "Applications", path: "/staff/applications", roles: ["recruiter"] },
  // Recruiters choose which stages email the candidate; the templates' words are an admin's to keep (checked in the page's action).
  stageEmails: { label: "Stage emails", path: "/staff/stage-emails", roles: ["recruiter"] },
  // Recruiters keep the job seekers who asked for alerts, as sales keep the newsletter's readers.
  jobAlerts: { label: "Job alert subscribers", path: "/staff/job-alerts", roles: ["recruiter"] },
  insights: { label: "Insights", path: "/staff/insights", roles: ["editor"] },
  // Marketing writes and sends the newsletter; the subscribers' addresses stay with sales (the campaign screens show only counts).
  campaigns: { label: "Newsletter campaigns", path: "/staff/campaigns", roles: ["editor"] },
  // Marketing's words on every page of the site, published without a developer (decision 061).
  pages: { label: "Pages", path: "/staff/pages", roles: ["editor"] },
  caseStudies: { label: "Case studies", path: "/staff/case-studies", roles: ["editor"] },
  // The people, quotes and logos the pages' blocks pick (decision 064): the pages' editors keep them.
  people: { label: "People", path: "/staff/people", roles: ["editor"] },
  testimonials: { label: "Testimonials", path: "/staff/testimonials", roles: ["editor"] },
  logos: { label: "Client logos", path: "/staff/logos", roles: ["editor"] },
  // Editors publish the pages (and the images) that move these figures most.
  vitals: { label: "Web vitals", path: "/staff/vitals", roles: ["editor"] },
  // Editors move and retire the pages whose old addresses these keep (decision 055).
  redirects: { label: "Redirects", path: "/staff/redirects", roles: ["editor"] },
  outbox: { label: "Outbox", path: "/staff/outbox", roles: [] },
  // Every member of sales uses them; one wording for the company is an admin's to keep.
  replyTemplates: { label: "Reply templates", path: "/staff/reply-templates", roles: [] },
  audit: { label: "Audit log", path: "/staff/audit", roles: [] },
  accounts: { label: "Staff accounts", path: "/staff/accounts", roles: [] },
  businessHours: { label: "Business hours", path: "/staff/business-hours", roles: [] },
  teams: { label: "Teams and lead routing", path: "/staff/teams", roles: [] },
  // The company's own words on every page (its phone, its address, the banner): an admin's to keep.
  siteFacts: { label: "Site facts", path: "/staff/site", roles: [] },
  // How long applicants' and leads' data is kept is the company's promise in its privacy policy: an admin's to keep.
  retention: { label: "Data retention", path: "/staff/retention", roles: [] },
  // Counting newsletter opens and clicks changes what the privacy policy promises: an admin's to decide (decision 080).
  campaignTracking: { label: "Newsletter opens and clicks", path: "/staff/campaigns/tracking", roles: [] },
};

/** Whether the account holds `role` among its roles. */
export function hasRole(holder: RoleHolder, role: StaffRole): boolean {
  return holder.roles.includes(role);
}

/** Whether any of the account's roles may open `area`. */
export function canOpen(holder: RoleHolder, area: StaffArea): boolean {
  return hasRole(holder, "admin") || holder.roles.some((role) => areas[area].roles.includes(role));
}

/** The areas an account sees in its navigation, in menu order: the union of its roles' areas. */
export function areasFor(holder: RoleHolder): StaffArea[] {
  return (Object.keys(areas) as StaffArea[]).filter((area) => canOpen(holder, area));
}

/** The known roles among `values`, each once, in the order of `allRoles`: how a set of roles is stored and shown. */
export function normaliseRoles(values: readonly string[]): StaffRole[] {
  return allRoles.filter((role) => values.includes(role));
}

/** Whether two sets of roles are the same, whatever their order. */
export function sameRoles(a: readonly StaffRole[], b: readonly StaffRole[]): boolean {
  return a.length === b.length && a.every((role) => b.includes(role));
}

/** "Sales and Recruiter": a set of roles in a sentence. */
export function rolesText(roles: readonly StaffRole[]): string {
  const labels = roles.map((role) => roleLabels[role]);
  return labels.length > 1 ? `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}` : (labels[0] ?? "");
}
