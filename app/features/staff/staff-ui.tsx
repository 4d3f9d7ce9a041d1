import type { ReactNode } from "react";
import { Form, Link, NavLink, useNavigation } from "react-router";
import { inputClass } from "#app/features/forms/field.tsx";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { areas, areasFor, rolesText, type StaffRole } from "#app/features/staff/roles.ts";

export { inputClass };

export const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60";
export const secondaryButtonClass =
  "inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-500 bg-white px-4 py-2 text-sm font-semibold text-ink hover:bg-slate-50";
export const linkClass = "font-semibold text-brand-700 underline underline-offset-4";

/**
 * A listed item's Edit link (`?edit=` opens it in the page's form, `#form` its
 * heading) and Remove button, each named for screen readers by `name`: plain
 * link and post, so both work without JavaScript.
 */
export function EditRemoveActions({ id, form, name, className = "" }: { id: number; form: string; name: string; className?: string }) {
  return (
    <div className={`flex flex-wrap items-center gap-3 ${className}`}>
      <Link to={`?edit=${id}#${form}-heading`} className={`${linkClass} inline-block py-2`}>
        Edit<span className="sr-only"> {name}</span>
      </Link>
      <Form method="post">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={id} />
        <button type="submit" className={secondaryButtonClass}>
          Remove<span className="sr-only"> {name}</span>
        </button>
      </Form>
    </div>
  );
}

/** The meta of a staff page: its title, and never in a search engine. */
export function staffMeta(title: string) {
  return [{ title: `${title} – Kraf staff` }, { name: "robots", content: "noindex, nofollow" }];
}

type ShellUser = { name: string; roles: StaffRole[] } | null;

/** The staff area's own frame: no public header, banner, consultation panel or newsletter. */
export function StaffShell({ user, children }: { user: ShellUser; children: ReactNode }) {
  const busy = useNavigation().state !== "idle";
  return (
    <div className="min-h-screen bg-slate-50 text-ink">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <header className="border-b border-slate-300 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <Link to="/staff" className="text-lg font-bold text-brand-800">
            Kraf staff
          </Link>
          {user ? (
            <nav aria-label="Staff" className="order-last w-full sm:order-none sm:w-auto sm:flex-1">
              <ul className="flex flex-wrap gap-x-4 gap-y-1">
                {areasFor(user).map((area) => (
                  <li key={area}>
                    <NavLink
                      to={areas[area].path}
                      // An area with another under its path (registrations, then editions) is current only on its own pages.
                      end={Object.values(areas).some(({ path }) => path.startsWith(`${areas[area].path}/`))}
                      className="inline-block py-2 text-sm font-semibold text-slate-700 hover:text-brand-700 aria-[current=page]:text-brand-700 aria-[current=page]:underline aria-[current=page]:underline-offset-8"
                    >
                      {areas[area].label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          {user ? (
            <div className="ml-auto flex items-center gap-3 text-sm">
              <Link to="/staff/account" className="text-slate-700 hover:text-brand-700">
                {user.name} <span className="text-slate-600">({rolesText(user.roles)})</span>
              </Link>
              <Form method="post" action="/staff/sign-out">
                <button type="submit" className={secondaryButtonClass}>
                  Sign out
                </button>
              </Form>
            </div>
          ) : (
            <Link to="/" className="ml-auto text-sm text-slate-700 underline underline-offset-4">
              Back to the website
            </Link>
          )}
        </div>
      </header>
      {/* Busy while a page or a post's answer is on its way: what is drawn is about to change. */}
      <main id="main" tabIndex={-1} aria-busy={busy || undefined} className="mx-auto max-w-6xl px-4 py-8 outline-none">
        {children}
      </main>
    </div>
  );
}

/** An action of a record's page (publish, pause, send a test): one button in a form of its own. */
export function IntentButton({ intent, label, primary = false }: { intent: string; label: string; primary?: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={primary ? buttonClass : secondaryButtonClass}>
        {label}
      </button>
    </Form>
  );
}

/** A page's heading and what it is for. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-bold text-ink">{title}</h1>
      {children ? <div className="mt-2 text-slate-700">{children}</div> : null}
    </div>
  );
}

/** The way back from a record to its list, above the page heading. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <p className="mb-4 text-sm">
      <Link to={to} className={linkClass}>
        {children}
      </Link>
    </p>
  );
}

/** The answer of a staff form: its error or its success, announced. */
export function FormNotice({ answer }: { answer?: FormAnswer | null }) {
  if (!answer) return null;
  if (answer.status === "error") {
    return (
      <p role="alert" className="mb-4 rounded-lg border border-red-600 bg-red-50 p-3 text-sm font-medium text-red-800">
        {answer.message}
      </p>
    );
  }
  return (
    <div role="status" className="mb-4 rounded-lg border border-emerald-600 bg-emerald-50 p-3 text-sm text-emerald-900">
      {answer.messages.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </div>
  );
}

/** A narrow card for the sign-in and password pages. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md rounded-xl border border-slate-300 bg-white p-6 shadow-sm">
      <h1 className="mb-4 text-2xl font-bold text-ink">{title}</h1>
      {children}
    </div>
  );
}

/**
 * The top of a record's page: the way back to its list, its name with its
 * status line, and the answer of the last post (after a successful one, which
 * returned to the page, its sentence).
 */
export function RecordPageHeader({
  back,
  title,
  done,
  answer,
  children,
}: {
  back: { to: string; label: string };
  title: string;
  done: string | null;
  answer?: FormAnswer;
  /** The status line under the name. */
  children: ReactNode;
}) {
  return (
    <>
      <BackLink to={back.to}>{back.label}</BackLink>
      <PageHeading title={title}>
        <p>{children}</p>
      </PageHeading>
      {done && !answer ? <FormNotice answer={{ status: "success", messages: [done] }} /> : null}
      <FormNotice answer={answer} />
    </>
  );
}

/** An email address that opens a new message to it. */
export function EmailLink({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`} className={`${linkClass} break-all`}>
      {email}
    </a>
  );
}

/** A phone number that dials it: the link keeps the leading + and the digits, the text stays as written. */
export function PhoneLink({ phone }: { phone: string }) {
  const dialled = phone.replace(/(?!^\+)[^\d]/g, "");
  return dialled.replace("+", "") ? (
    <a href={`tel:${dialled}`} className={`${linkClass} whitespace-nowrap`}>
      {phone}
    </a>
  ) : (
    <>{phone}</>
  );
}
