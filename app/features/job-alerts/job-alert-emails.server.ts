import { site } from "#app/content/site.ts";
import { unsubscribeHeaders } from "#app/features/newsletter/newsletter-emails.server.ts";
import { escapeHtml, oneLine } from "#app/platform/email/layout.server.ts";
import { defineMailTemplate, type RenderedMail } from "#app/platform/email/templates.server.ts";

export type JobAlertConfirmationParams = {
  /** What the alert watches, in words: "Engineering, remote" or "every new job". */
  choice: string;
  confirm_url: string;
  unsubscribe_url: string;
};

export type AlertedJob = { title: string; url: string; details: string };

export type JobAlertParams = { jobs: AlertedJob[]; choice: string; unsubscribe_url: string };

function confirmation(p: JobAlertConfirmationParams): RenderedMail {
  const subject = oneLine(`Confirm your job alert from ${site.name}`);
  const ask = `Please confirm that you want an email when ${site.name} opens a job matching: ${p.choice}. At most one email a day.`;
  const ignore = "If you did not ask for it, ignore this message: without the confirmation we send nothing more.";
  return {
    subject,
    text: ["Hello,", "", ask, "", p.confirm_url, "", ignore, "", "Changed your mind? Unsubscribe with one click:", p.unsubscribe_url].join("\n"),
    html: `<p>Hello,</p><p>${escapeHtml(ask)}</p>`,
    action: { label: "Confirm my job alert", url: p.confirm_url },
    htmlAfterAction: `<p>${escapeHtml(ignore)}</p><p>Changed your mind? <a href="${escapeHtml(p.unsubscribe_url)}">Unsubscribe</a> with one click.</p>`,
    signature: [],
    headers: unsubscribeHeaders(p.unsubscribe_url),
  };
}

function alert(p: JobAlertParams): RenderedMail {
  const one = p.jobs.length === 1;
  const subject = oneLine(one ? `New job at ${site.name}: ${p.jobs[0]!.title}` : `${p.jobs.length} new jobs at ${site.name}`);
  const intro = one ? "A job matching your alert has opened:" : "Jobs matching your alert have opened:";
  const why = `You get this because you asked for jobs matching: ${p.choice}.`;
  return {
    subject,
    text: [
      "Hello,",
      "",
      intro,
      "",
      ...p.jobs.flatMap((job) => [`${job.title} (${job.details})`, job.url, ""]),
      why,
      "Unsubscribe with one click:",
      p.unsubscribe_url,
    ].join("\n"),
    html:
      `<p>Hello,</p><p>${escapeHtml(intro)}</p><ul>` +
      p.jobs.map((job) => `<li><a href="${escapeHtml(job.url)}">${escapeHtml(job.title)}</a> (${escapeHtml(job.details)})</li>`).join("") +
      `</ul>`,
    htmlAfterAction: `<p>${escapeHtml(why)} <a href="${escapeHtml(p.unsubscribe_url)}">Unsubscribe</a> with one click.</p>`,
    signature: [],
    headers: unsubscribeHeaders(p.unsubscribe_url),
  };
}

const asEmailJs = (mail: RenderedMail, to: string) => ({ to_email: to, subject: mail.subject, message: mail.text });

export const jobAlertEmails = {
  "job-alert-confirmation": defineMailTemplate<JobAlertConfirmationParams>({
    render: confirmation,
    emailjsTemplateSetting: "EMAILJS_NEWSLETTER_TEMPLATE_ID",
    emailjsParams: (p, to) => asEmailJs(confirmation(p), to),
    secretParams: ["confirm_url", "unsubscribe_url"],
  }),
  "job-alert": defineMailTemplate<JobAlertParams>({
    render: alert,
    emailjsTemplateSetting: "EMAILJS_NEWSLETTER_TEMPLATE_ID",
    emailjsParams: (p, to) => asEmailJs(alert(p), to),
    secretParams: ["unsubscribe_url"],
  }),
};
