import { Link } from "react-router";
import type { Route } from "./+types/staff._index";
import { attentionFor } from "#app/features/staff/attention.server.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { PageHeading, linkClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { servicesOf } from "#app/services-context.server.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireStaff(context, request);
  return { name: user.name, items: await attentionFor(await servicesOf(context), user.role) };
}

export const meta: Route.MetaFunction = () => staffMeta("Staff home");

export default function StaffHome({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeading title={`Welcome, ${loaderData.name}`}>What needs attention:</PageHeading>
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
