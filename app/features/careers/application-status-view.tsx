import { Link } from "react-router";
import type { ApplicantStage } from "#app/features/careers/application-stage.ts";

/*
 * The applicant's status page. It shows only what the applicant already
 * knows (reference, position, the day we received it) and the stage in
 * plain words; nothing staff write about them ever appears here.
 */

export const STATUS_LINK_NOT_VALID = "This link is not valid. Please check that you copied the whole link from your confirmation email.";

type Props = { reference: string; position: string; receivedAt: string; receivedOn: string; stage: ApplicantStage };

const linkClass = "font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800";

export function ApplicationStatusView({ reference, position, receivedAt, receivedOn, stage }: Props) {
  return (
    <section className="container-page max-w-3xl py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight">Your application</h1>
      <dl className="mt-8 grid gap-4 rounded-xl border border-slate-300 bg-white p-6 sm:grid-cols-[10rem_1fr]">
        <dt className="font-semibold text-slate-700">Reference</dt>
        <dd className="font-mono" data-testid="status-reference">
          {reference}
        </dd>
        <dt className="font-semibold text-slate-700">Position</dt>
        <dd data-testid="status-position">{position}</dd>
        <dt className="font-semibold text-slate-700">Received</dt>
        <dd>
          <time dateTime={receivedAt}>{receivedOn}</time>
        </dd>
        <dt className="font-semibold text-slate-700">Stage</dt>
        <dd>
          <strong className="text-lg" data-testid="status-stage">
            {stage.label}
          </strong>
          <p className="mt-1 text-slate-700">{stage.sentence}</p>
        </dd>
      </dl>
      <p className="mt-8 text-slate-700">
        This page is private to you: anyone with its link can see it, so please do not share it.{" "}
        <Link to="/careers" className={linkClass}>
          See our open roles
        </Link>
      </p>
    </section>
  );
}

export function StatusLinkNotValidView() {
  return (
    <section className="container-page max-w-3xl py-20">
      <h1 className="text-3xl font-bold tracking-tight">Link not valid</h1>
      <p className="mt-4 text-lg text-slate-700">{STATUS_LINK_NOT_VALID}</p>
      <p className="mt-8">
        <Link to="/careers" className={linkClass}>
          Back to Careers
        </Link>
      </p>
    </section>
  );
}
