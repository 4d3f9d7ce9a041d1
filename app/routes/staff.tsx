import type { ReactNode } from "react";
import { Link, Outlet, isRouteErrorResponse, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/staff";
import { currentStaff, staffMiddleware } from "#app/features/staff/staff-session.server.ts";
import { StaffTimeZone } from "#app/features/staff/staff-time.tsx";
import { staffTimeZone } from "#app/features/staff/staff-time.server.ts";
import { PageHeading, StaffShell, linkClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { servicesOf } from "#app/services-context.server.ts";

export const middleware: Route.MiddlewareFunction[] = [staffMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  const user = currentStaff(context);
  if (!user) return { user: null, timeZone: null };
  return { user: { name: user.name, roles: user.roles }, timeZone: await staffTimeZone((await servicesOf(context)).db, user) };
}

export const meta: Route.MetaFunction = () => staffMeta("Staff area");

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  return (
    <StaffShell user={loaderData.user}>
      <TimesIn zone={loaderData.timeZone}>
        <Outlet />
      </TimesIn>
    </StaffShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>("routes/staff");
  return (
    <StaffShell user={layout?.user ?? null}>
      <TimesIn zone={layout?.timeZone ?? null}>
        <StaffErrorView error={error} />
      </TimesIn>
    </StaffShell>
  );
}

/** The signed-in person's zone for every time on the page; signed out, no page shows a time. */
function TimesIn({ zone, children }: { zone: string | null; children: ReactNode }) {
  return zone ? <StaffTimeZone value={zone}>{children}</StaffTimeZone> : children;
}

function StaffErrorView({ error }: { error: unknown }) {
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <PageHeading title="No access">
        <p>{typeof error.data === "string" ? error.data : "Your account does not have access to this page."}</p>
        <p className="mt-2">
          An admin can change your role.{" "}
          <Link to="/staff" className={linkClass}>
            Go to the staff home
          </Link>
        </p>
      </PageHeading>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <PageHeading title="Not found">
        <p>
          There is nothing at this address; it may have been deleted.{" "}
          <Link to="/staff" className={linkClass}>
            Go to the staff home
          </Link>
        </p>
      </PageHeading>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 400 && typeof error.data === "string") {
    return (
      <PageHeading title="This address cannot be used">
        <p>{error.data}</p>
      </PageHeading>
    );
  }
  return (
    <PageHeading title="Something went wrong">
      <p>We could not show this page. Please try again in a moment.</p>
    </PageHeading>
  );
}
