import { redirect } from "react-router";
import type { Route } from "./+types/staff.jobs.new";
import { JobForm, emptyJobForm, jobFormRules } from "#app/features/staff/jobs/job-form.tsx";
import { readJobInput } from "#app/features/staff/jobs/job-rules.ts";
import { createJob } from "#app/features/staff/jobs/jobs-admin.server.ts";
import { answerRejection, formError, readStaffForm } from "#app/features/staff/staff-form.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { BackLink, FormNotice, PageHeading, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

export function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, request, "jobs");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireStaff(context, request, "jobs");
  const services = await servicesOf(context);
  try {
    const { values } = await readStaffForm(request, context, services, jobFormRules);
    const read = readJobInput(values);
    if (!read.ok) return formError(400, "Some fields need your attention; nothing was saved.", read.errors, values);
    const created = await createJob(services.db, read.input, user, clientAddressOf(context));
    if (!created.ok) return formError(created.status, created.message, undefined, values);
    return redirect(`/staff/jobs/${created.id}?done=created`);
  } catch (error) {
    return answerRejection(error);
  }
}

export const meta: Route.MetaFunction = () => staffMeta("New job");

export default function NewJob({ actionData }: Route.ComponentProps) {
  return (
    <>
      <BackLink to="/staff/jobs">Back to all jobs</BackLink>
      <PageHeading title="New job">A new job is a draft: nobody outside the staff area sees it until you publish it.</PageHeading>
      <FormNotice answer={actionData} />
      <JobForm values={emptyJobForm} answer={actionData} submitLabel="Save draft" />
    </>
  );
}
