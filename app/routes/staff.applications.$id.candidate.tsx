import { Form, Link, data, redirect } from "react-router";
import type { Route } from "./+types/staff.applications.$id.candidate";
import { candidateOf, eraseCandidate } from "#app/features/retention/candidate-data.server.ts";
import { LocalTime } from "#app/features/staff/staff-time.tsx";
import { answerRejection, formError, readStaffForm } from "#app/features/staff/staff-form.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { FormNotice, PageHeading, buttonClass, linkClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { parseRecordId } from "#app/platform/db/schema.server.ts";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

const CONFIRM_FIELD = "confirm";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireStaff(context, request, "applications");
  const id = parseRecordId(params.id);
  const candidate = id === null ? null : await candidateOf((await servicesOf(context)).db, id);
  if (!candidate) throw data("This application holds no personal data any more: it was erased or anonymised.", { status: 404 });
  return { id, candidate };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireStaff(context, request, "applications");
  const services = await servicesOf(context);
  try {
    const { values } = await readStaffForm(request, context, services, {
      name: "staff-erase-candidate",
      fields: [CONFIRM_FIELD],
      labels: { [CONFIRM_FIELD]: "Confirmation" },
    });
    if (values[CONFIRM_FIELD] !== "yes") {
      return formError(400, "Tick the box to confirm the candidate asked to be erased.", { [CONFIRM_FIELD]: "Tick the box to confirm." });
    }
  } catch (error) {
    return answerRejection(error);
  }
  const id = parseRecordId(params.id);
  const erased = id === null ? 0 : await eraseCandidate(services, id, { id: user.id, email: user.email }, clientAddressOf(context));
  if (erased === 0) return formError(404, "This candidate was already erased.");
  return redirect(`/staff/applications/${id}?done=candidate-erased`, { status: 303 });
}

export const meta: Route.MetaFunction = () => staffMeta("A candidate's data");

export default function CandidateData({ loaderData, actionData }: Route.ComponentProps) {
  const { id, candidate } = loaderData;
  const count = candidate.applications.length;
  const error = actionData?.status === "error" ? actionData.fields?.[CONFIRM_FIELD] : undefined;
  return (
    <>
      <PageHeading title="A candidate's data">
        When a candidate asks for their data, or asks to be forgotten, this covers every application sent from their address:{" "}
        {count === 1 ? "1 application" : `${count} applications`}.
      </PageHeading>
      <FormNotice answer={actionData} />
      <dl className="mb-6 grid max-w-2xl gap-x-6 gap-y-2 rounded-xl border border-slate-300 bg-white p-5 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">Name</dt>
        <dd>{candidate.fullName}</dd>
        <dt className="font-semibold">Email</dt>
        <dd className="break-all">{candidate.email}</dd>
        <dt className="font-semibold">Applications</dt>
        <dd>
          <ul className="space-y-1">
            {candidate.applications.map((application) => (
              <li key={application.id}>
                <Link to={`/staff/applications/${application.id}`} className={linkClass}>
                  <span className="font-mono">{application.reference}</span>
                </Link>{" "}
                for {application.appliedFor}, <LocalTime value={application.appliedAt} />
              </li>
            ))}
          </ul>
        </dd>
      </dl>
      <section aria-labelledby="export-heading" className="mb-8 max-w-2xl">
        <h2 id="export-heading" className="mb-2 text-lg font-bold">
          Export
        </h2>
        <p className="mb-3">A zip with everything we hold about them as JSON, and their resumes. It says so when a resume is no longer in storage.</p>
        <a href={`/staff/applications/${id}/candidate.zip`} className={`${buttonClass} inline-flex`} download>
          Download their data (zip)
        </a>
      </section>
      <section aria-labelledby="erase-heading" className="max-w-2xl">
        <h2 id="erase-heading" className="mb-2 text-lg font-bold">
          Erase
        </h2>
        <p className="mb-3">
          Erasing removes their name, contact details, answers, notes and emails and deletes their resumes. The stage, the dates, the job and the source stay,
          without anything that names them, for the figures. It cannot be undone.
        </p>
        <Form method="post" className="space-y-4">
          <div>
            <label className="inline-flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                name={CONFIRM_FIELD}
                value="yes"
                required
                className="size-5"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? "confirm-error" : undefined}
              />
              The candidate asked to be erased
            </label>
            {error ? (
              <p id="confirm-error" className="text-sm font-semibold text-red-800">
                {error}
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap items-center gap-4">
            <button type="submit" className={buttonClass}>
              Erase this candidate
            </button>
            <Link to={`/staff/applications/${id}`} className={`${linkClass} inline-flex min-h-11 items-center`}>
              Cancel, keep them
            </Link>
          </div>
        </Form>
      </section>
    </>
  );
}
