import { Form, Link, data, redirect } from "react-router";
import type { Route } from "./+types/staff.subscribers.$id.erase";
import { LocalTime } from "#app/features/staff/staff-time.tsx";
import { answerRejection, formError, readStaffForm } from "#app/features/staff/staff-form.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { FormNotice, PageHeading, buttonClass, linkClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { eraseSubscriber, findSubscriber } from "#app/features/staff/subscribers.server.ts";
import { parseRecordId } from "#app/platform/db/schema.server.ts";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireStaff(context, request, "subscribers");
  const id = parseRecordId(params.id);
  const subscriber = id === null ? null : await findSubscriber((await servicesOf(context)).db, id);
  if (!subscriber) throw data("There is no such subscriber; they may have been erased already.", { status: 404 });
  return { subscriber };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireStaff(context, request, "subscribers");
  const services = await servicesOf(context);
  try {
    await readStaffForm(request, context, services, { name: "staff-erase-subscriber", fields: [], labels: {} });
  } catch (error) {
    return answerRejection(error);
  }
  const id = parseRecordId(params.id);
  const erased = id !== null && (await eraseSubscriber(services.db, id, { id: user.id, email: user.email }, clientAddressOf(context)));
  if (!erased) return formError(404, "This subscriber was already erased.");
  return redirect("/staff/subscribers?notice=erased", { status: 303 });
}

export const meta: Route.MetaFunction = () => staffMeta("Erase a subscriber");

export default function EraseSubscriber({ loaderData, actionData }: Route.ComponentProps) {
  const { subscriber } = loaderData;
  return (
    <>
      <PageHeading title="Erase a subscriber">
        Erasing removes the address from the newsletter list for good. Use it when someone asks to be forgotten; it cannot be undone.
      </PageHeading>
      <FormNotice answer={actionData} />
      <dl className="mb-6 grid max-w-xl gap-x-6 gap-y-2 rounded-xl border border-slate-300 bg-white p-5 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">Email</dt>
        <dd className="break-all">{subscriber.email}</dd>
        <dt className="font-semibold">Subscribed</dt>
        <dd>
          <LocalTime value={subscriber.subscribedAt} />
        </dd>
      </dl>
      <Form method="post" className="flex flex-wrap items-center gap-4">
        <button type="submit" className={buttonClass}>
          Erase this subscriber
        </button>
        <Link to="/staff/subscribers" className={`${linkClass} inline-flex min-h-11 items-center`}>
          Cancel, keep them
        </Link>
      </Form>
    </>
  );
}
