import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { authOf } from "#app/features/staff/auth.server.ts";
import { canOpen, normaliseRoles, type StaffArea, type StaffRole } from "#app/features/staff/roles.ts";
import { servicesOf } from "#app/services-context.server.ts";
import { pageUrl } from "#app/platform/page-url.ts";

/** The signed-in member of staff, as every staff loader and action sees them. */
export type StaffUser = {
  id: string;
  name: string;
  email: string;
  roles: StaffRole[];
  /** The zone saved on the account, or null for the company's (decision 053). */
  timeZone: string | null;
};

const staffContext = createContext<StaffUser | null>(null);

export const FORBIDDEN_MESSAGE = "Your account does not have access to this part of the staff area.";

/**
 * For every staff route: finds the session (moving its idle expiry forward),
 * and marks the answer as private and not for search engines.
 */
export const staffMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const services = await servicesOf(context);
  const auth = await authOf(services);
  const { headers, response: session } = await auth.api.getSession({ headers: request.headers, returnHeaders: true });
  setCurrentStaff(context, session ? activeStaffUser(session.user) : null);
  const response = await next();
  // A route that sets a session cookie itself (a password change starts a new session) has the last word.
  const setByRoute = new Set(response.headers.getSetCookie().map(cookieName));
  for (const cookie of headers.getSetCookie()) if (!setByRoute.has(cookieName(cookie))) response.headers.append("Set-Cookie", cookie);
  response.headers.set("Cache-Control", "private, no-store");
  response.headers.set("X-Robots-Tag", "noindex, nofollow");
  return response;
};

function cookieName(setCookie: string): string {
  return setCookie.slice(0, setCookie.indexOf("="));
}

function activeStaffUser(user: { id: string; name: string; email: string; roles?: unknown; deactivatedAt?: unknown; timeZone?: unknown }): StaffUser | null {
  if (user.deactivatedAt || !Array.isArray(user.roles)) return null;
  const roles = normaliseRoles(user.roles.filter((role): role is string => typeof role === "string"));
  const timeZone = typeof user.timeZone === "string" ? user.timeZone : null;
  return roles.length > 0 ? { id: user.id, name: user.name, email: user.email, roles, timeZone } : null;
}

/** Who is signed in for this request: set by the middleware (and by tests that call loaders directly). */
export function setCurrentStaff(context: Readonly<RouterContextProvider>, user: StaffUser | null): void {
  context.set(staffContext, user);
}

/** The signed-in member of staff, or null. */
export function currentStaff(context: Readonly<RouterContextProvider>): StaffUser | null {
  return context.get(staffContext);
}

/**
 * The signed-in member of staff allowed into `area` (any of them when no
 * area is named): one of their roles opens it. A visitor goes to the sign-in
 * page and comes back here afterwards; staff without such a role get 403.
 */
export function requireStaff(context: Readonly<RouterContextProvider>, request: Request, area?: StaffArea): StaffUser {
  const user = context.get(staffContext);
  if (!user) {
    const url = pageUrl(request);
    // After a post, come back to the page the form was on.
    const back = request.method === "GET" ? url.pathname + url.search : (sameOriginReferrer(request) ?? url.pathname);
    throw redirect(`/staff/sign-in?${new URLSearchParams({ returnTo: back })}`, { status: 303 });
  }
  if (area && !canOpen(user, area)) throw data(FORBIDDEN_MESSAGE, { status: 403 });
  return user;
}

function sameOriginReferrer(request: Request): string | null {
  const referrer = request.headers.get("referer");
  if (!referrer || !URL.canParse(referrer)) return null;
  const url = new URL(referrer);
  return url.origin === new URL(request.url).origin ? url.pathname + url.search : null;
}
