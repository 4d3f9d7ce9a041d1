import { redirect } from "react-router";
import type { Route } from "./+types/staff.insights.new";
import { InsightForm, emptyInsightForm } from "#app/features/staff/insights/insight-form.tsx";
import { withBanner, insightFormReadRules } from "#app/features/staff/insights/insight-banner.server.ts";
import { readInsightInput } from "#app/features/staff/insights/insight-rules.ts";
import { createInsight, insightCategories } from "#app/features/staff/insights/insights-admin.server.ts";
import { answerRejection, formError, readStaffForm } from "#app/features/staff/staff-form.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { BackLink, FormNotice, PageHeading, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, request, "insights");
  return { categories: await insightCategories((await servicesOf(context)).db) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireStaff(context, request, "insights");
  const services = await servicesOf(context);
  try {
    const { values, files } = await readStaffForm(request, context, services, insightFormReadRules);
    const read = readInsightInput(values);
    if (!read.ok) return formError(400, "Some fields need your attention; nothing was saved.", read.errors, values);
    const withImage = await withBanner(services.storage, read.input, files);
    if (!withImage.ok) return formError(withImage.status, withImage.message, { banner: withImage.message }, values);
    const created = await createInsight(services.db, withImage.input, user, clientAddressOf(context));
    if (!created.ok) return formError(created.status, created.message, undefined, values);
    return redirect(`/staff/insights/${created.id}?done=created`);
  } catch (error) {
    return answerRejection(error);
  }
}

export const meta: Route.MetaFunction = () => staffMeta("New insight");

export default function NewInsight({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <BackLink to="/staff/insights">Back to all insights</BackLink>
      <PageHeading title="New insight">A new insight is a draft: nobody outside the staff area sees it until you publish it.</PageHeading>
      <FormNotice answer={actionData} />
      <InsightForm values={emptyInsightForm} answer={actionData} submitLabel="Save draft" categories={loaderData.categories} />
    </>
  );
}
