/*
 * How long applicant and lead data is kept (decision 077): the admin's two
 * periods, their limits and their words. Shared by the admin form, the
 * privacy policy and the retention sweep.
 */

export type RetentionPeriods = {
  /** Months an application is kept after its job closes (or after it arrived, when it names no job). */
  applicationMonths: number;
  /** Months a consultation request marked lost or spam is kept after it was so marked. */
  consultationMonths: number;
};

/** Until an admin saves: a year for applications, as the issue asks; half a year for lost and spam leads (decision 077). */
export const DEFAULT_RETENTION_PERIODS: RetentionPeriods = { applicationMonths: 12, consultationMonths: 6 };

/** Ten years: beyond any period a privacy policy could defend, and small enough for an interval. */
export const MAX_RETENTION_MONTHS = 120;

/** Candidates who asked to be kept in mind hear from us this long before their application is anonymised. */
export const RENEWAL_NOTICE_DAYS = 30;

export const retentionFields = ["applicationMonths", "consultationMonths"] as const;
export type RetentionField = (typeof retentionFields)[number];

export const retentionLabels: Record<RetentionField, string> = {
  applicationMonths: "Applications, months after the job closes",
  consultationMonths: "Lost and spam consultation requests, months after being so marked",
};

/** "12 months", "1 month": a period as the privacy policy and the staff screens say it. */
export function monthsText(months: number): string {
  return months === 1 ? "1 month" : `${months} months`;
}

export type RetentionFormResult = { ok: true; periods: RetentionPeriods } | { ok: false; message: string; errors: Partial<Record<RetentionField, string>> };

/** The form's values as periods: whole months from 0 to MAX_RETENTION_MONTHS, each field with its own message. */
export function readRetentionForm(values: Partial<Record<string, string>>): RetentionFormResult {
  const errors: Partial<Record<RetentionField, string>> = {};
  const periods = { ...DEFAULT_RETENTION_PERIODS };
  for (const field of retentionFields) {
    const text = (values[field] ?? "").trim();
    if (!/^\d{1,3}$/.test(text) || Number(text) > MAX_RETENTION_MONTHS) {
      errors[field] = `${retentionLabels[field]}: enter a whole number of months from 0 to ${MAX_RETENTION_MONTHS}.`;
    } else {
      periods[field] = Number(text);
    }
  }
  const messages = Object.values(errors);
  return messages.length > 0 ? { ok: false, message: messages[0]!, errors } : { ok: true, periods };
}
