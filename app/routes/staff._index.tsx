import { Link } from "react-router";
import type { Route } from "./+types/staff._index";
import { LeadClockText } from "#app/features/leads/lead-clock-ui.tsx";
import { URGENT_LEADS_SHOWN, attentionFor, urgentLeadsFor } from "#app/features/staff/attention.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { PageHeading, linkClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { servicesOf } from "#app/services-context.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireStaff(context, request);
  const services = await servicesOf(context);
  const [items, urgentLeads] = await Promise.all([attentionFor(services, user), urgentLeadsFor(services, user)]);
  return { name: user.name, items, urgentLeads, moreUrgentLeads: urgentLeads?.length === URGENT_LEADS_SHOWN };
}

export const meta: Route.MetaFunction = () => staffMeta("Staff home");

export default function StaffHome({ loaderData }: Route.ComponentProps) {
  const { urgentLeads, moreUrgentLeads } = loaderData;
  return (
    <>
      <PageHeading title={`Welcome, ${loaderData.name}`}>What needs attention:</PageHeading>
      {urgentLeads ? (
        <section aria-labelledby="urgent-leads-heading" className="mb-6 rounded-xl border border-slate-300 bg-white p-5">
          <h2 id="urgent-leads-heading" className="text-lg font-bold text-ink">
            Leads waiting for their first response
          </h2>
          {urgentLeads.length === 0 ? (
            <p className="mt-2 text-slate-700">None is overdue or due within the hour.</p>
          ) : (
            <>
              <p className="mt-1 text-sm text-slate-700">Overdue, or due within the hour of business time, most urgent first.</p>
              <ul className="mt-3 divide-y divide-slate-200">
                {urgentLeads.map((lead) => (
                  <li key={lead.id} className="flex flex-wrap items-center justify-between gap-x-4 py-2">
                    <Link to={`/staff/consultations/${lead.id}`} className={`${linkClass} inline-block py-2`}>
                      {lead.fullName}
                    </Link>
                    <span className="flex flex-wrap items-center gap-2">
                      <LeadClockText clock={lead.clock} />
                      {lead.escalated ? (
                        <span className="rounded border border-slate-400 px-1.5 py-0.5 text-sm font-semibold text-slate-800">Escalated: alert sent</span>
                      ) : null}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
          <Link to="/staff/consultations?sort=urgent" className={`${linkClass} mt-3 inline-block py-2 text-sm`}>
            {moreUrgentLeads ? "See all waiting leads, most urgent first" : "Open the leads, most urgent first"}
          </Link>
        </section>
      ) : null}
      {loaderData.items.length === 0 ? (
        <p>Nothing in your part of the staff area needs attention.</p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-3">
          {loaderData.items.map((item) => (
            <li key={item.label} className="rounded-xl border border-slate-300 bg-white p-5">
              <p className="text-3xl font-bold text-ink">{item.count}</p>
              <p className="mt-1 text-slate-700">{item.label}</p>
              <Link to={item.href} className={`${linkClass} mt-3 inline-block text-sm`}>
                {item.action}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
