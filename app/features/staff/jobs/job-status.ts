/*
 * A job's life: a draft is written, published (open), closed and perhaps
 * reopened; only a job nobody applied to may be deleted. A job whose closing
 * date has passed is closed whatever its stored status says.
 */

export const JOB_STATUSES = ["draft", "open", "closed"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const jobStatusLabels: Record<JobStatus, string> = { draft: "Draft", open: "Open", closed: "Closed" };

export type JobAction = "publish" | "close" | "reopen" | "delete";

export const jobActionLabels: Record<JobAction, string> = { publish: "Publish", close: "Close", reopen: "Reopen", delete: "Delete" };

/** The status visitors see: an open job past its closing date is closed. */
export function effectiveJobStatus(job: { status: string; closesAt: Date | null }, now: Date = new Date()): JobStatus {
  const status = (JOB_STATUSES as readonly string[]).includes(job.status) ? (job.status as JobStatus) : "closed";
  return status === "open" && job.closesAt !== null && job.closesAt.getTime() <= now.getTime() ? "closed" : status;
}

export type JobFacts = { status: string; closesAt: Date | null; applications: number };

/** What may be done to the job now: the status it moves to, or why not. */
export function jobTransition(
  job: JobFacts,
  action: JobAction,
  now: Date = new Date(),
): { ok: true; to: JobStatus | "deleted" } | { ok: false; message: string } {
  const status = effectiveJobStatus(job, now);
  const pastClosingDate = job.closesAt !== null && job.closesAt.getTime() <= now.getTime();
  switch (action) {
    case "publish":
      if (status !== "draft")
        return { ok: false, message: "Only a draft can be published; this job is already " + jobStatusLabels[status].toLowerCase() + "." };
      if (pastClosingDate) return { ok: false, message: "The closing date has passed. Change or clear it, save, then publish." };
      return { ok: true, to: "open" };
    case "close":
      if (status !== "open") return { ok: false, message: `Only an open job can be closed; this one is ${jobStatusLabels[status].toLowerCase()}.` };
      return { ok: true, to: "closed" };
    case "reopen":
      if (status !== "closed") return { ok: false, message: `Only a closed job can be reopened; this one is ${jobStatusLabels[status].toLowerCase()}.` };
      if (pastClosingDate) return { ok: false, message: "The closing date has passed. Change or clear it, save, then reopen." };
      return { ok: true, to: "open" };
    case "delete":
      if (job.applications > 0) {
        const count = job.applications === 1 ? "1 application" : `${job.applications} applications`;
        return { ok: false, message: `This job has ${count}, so it stays for the record. Close it instead.` };
      }
      return { ok: true, to: "deleted" };
  }
}
