import type { StaffRole } from "#app/platform/db/schema.server.ts";

/*
 * Who may open which part of the staff area: the one table the server checks
 * in every loader and action, and the navigation is drawn from. An admin may
 * open everything.
 */

export type { StaffRole };

export const roleLabels: Record<StaffRole, string> = {
  admin: "Admin",
  sales: "Sales",
  recruiter: "Recruiter",
  editor: "Editor",
};

export const roleDescriptions: Record<StaffRole, string> = {
  admin: "Everything, including staff accounts, teams and lead routing, the outbox and the audit log",
  sales: "Consultation requests, newsletter subscribers, event registrations and the lead figures",
  recruiter: "Jobs and job applications",
  editor: "Insights: writing, images and publishing; the pages' web vitals",
};

export type StaffArea =
  | "consultations"
  | "subscribers"
  | "events"
  | "figures"
  | "jobs"
  | "applications"
  | "insights"
  | "vitals"
  | "outbox"
  | "replyTemplates"
  | "audit"
  | "accounts"
  | "businessHours"
  | "teams";

export const areas: Record<StaffArea, { label: string; path: string; roles: readonly StaffRole[] }> = {
  consultations: { label: "Consultations", path: "/staff/consultations", roles: ["sales"] },
  subscribers: { label: "Subscribers", path: "/staff/subscribers", roles: ["sales"] },
  events: { label: "Event registrations", path: "/staff/events", roles: ["sales"] },
  figures: { label: "Lead figures", path: "/staff/figures", roles: ["sales"] },
  jobs: { label: "Jobs", path: "/staff/jobs", roles: ["recruiter"] },
  applications: { label: "Applications", path: "/staff/applications", roles: ["recruiter"] },
  insights: { label: "Insights", path: "/staff/insights", roles: ["editor"] },
  // Editors publish the pages (and the images) that move these figures most.
  vitals: { label: "Web vitals", path: "/staff/vitals", roles: ["editor"] },
  outbox: { label: "Outbox", path: "/staff/outbox", roles: [] },
  // Every member of sales uses them; one wording for the company is an admin's to keep.
  replyTemplates: { label: "Reply templates", path: "/staff/reply-templates", roles: [] },
  audit: { label: "Audit log", path: "/staff/audit", roles: [] },
  accounts: { label: "Staff accounts", path: "/staff/accounts", roles: [] },
  businessHours: { label: "Business hours", path: "/staff/business-hours", roles: [] },
  teams: { label: "Teams and lead routing", path: "/staff/teams", roles: [] },
};

export function canOpen(role: StaffRole, area: StaffArea): boolean {
  return role === "admin" || areas[area].roles.includes(role);
}

/** The areas a role sees in its navigation, in menu order. */
export function areasFor(role: StaffRole): StaffArea[] {
  return (Object.keys(areas) as StaffArea[]).filter((area) => canOpen(role, area));
}
