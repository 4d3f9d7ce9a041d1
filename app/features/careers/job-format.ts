/**
 * How a job's fields read on the page (spec §2 "Job detail"). Shared by the
 * server mapper and the listing, so the same value always reads the same way.
 */
export const NOT_SPECIFIED = "Not specified";
export const DATE_NOT_AVAILABLE = "Date not available";
export const NO_DESCRIPTION = "No description available for this position.";

/** "full-time" → "Full-time"; empty → "Not specified". */
export function formatJobType(jobType: string | null | undefined): string {
  const value = (jobType ?? "").trim();
  return value === "" ? NOT_SPECIFIED : value.charAt(0).toUpperCase() + value.slice(1);
}

/**
 * "January 5, 2025". In UTC, so a date stored as midnight reads as that day
 * wherever the server runs.
 */
export function formatPostedDate(date: Date | string | null | undefined): string {
  if (date === null || date === undefined || date === "") return DATE_NOT_AVAILABLE;
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return DATE_NOT_AVAILABLE;
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(value);
}
