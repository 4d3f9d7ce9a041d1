import { Form, Link, useNavigation } from "react-router";
import type { RenewalApplication, RenewalState } from "#app/features/retention/consent-renewal.server.ts";
import { LinkPage } from "#app/features/mail-lists/list-link-pages.tsx";

/*
 * The page the consent-renewal email links to. Opening it changes nothing
 * (mail scanners follow links); each choice is a button posting the form,
 * and the page that answers says in one sentence what happened.
 */

/** The page's two buttons: keep the application, or let it go as planned. */
export type RenewalChoice = "keep" | "remove";

export const RENEWAL_LINK_NOT_VALID = "This link is not valid. Please check that you copied the whole link from our email.";
export const RENEWAL_LINK_EXPIRED =
  "This link has expired: the date by which you could keep your application has passed, and we are deleting it as our privacy policy says.";
export const APPLICATION_ALREADY_REMOVED = "This application has already been deleted: we no longer hold its personal data, so there is nothing left to keep.";

const linkClass = "font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800";
const focus = "focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700";

function CareersLinks() {
  return (
    <p>
      <Link to="/careers" className={linkClass}>
        See our open roles
      </Link>{" "}
      or{" "}
      <Link to="/careers/alerts" className={linkClass}>
        sign up for job alerts
      </Link>
      .
    </p>
  );
}

function Choice({ application, message }: { application: RenewalApplication; message: string | null }) {
  const busy = useNavigation().state === "submitting";
  return (
    <LinkPage title="Keep your application?">
      {message ? (
        <p role="alert" className="font-semibold text-red-800">
          {message}
        </p>
      ) : null}
      <p>
        You asked us to keep you in mind for future roles. We will delete your application on <strong>{application.removalOn}</strong>, as our privacy policy
        says, unless you keep it.
      </p>
      <dl className="grid gap-3 rounded-xl border border-slate-300 bg-white p-5 text-base sm:grid-cols-[10rem_1fr]">
        <dt className="font-semibold">Reference</dt>
        <dd className="font-mono">{application.reference}</dd>
        <dt className="font-semibold">Position</dt>
        <dd>{application.position}</dd>
        <dt className="font-semibold">Received</dt>
        <dd>{application.receivedOn}</dd>
        <dt className="font-semibold">What we keep</dt>
        <dd data-testid="renewal-kept-data">
          Your name and contact details, your answers and cover letter, and your resume{application.resumeName ? ` (${application.resumeName})` : ""}.
        </dd>
      </dl>
      <p>
        If you keep it, we keep all of this for another {application.keptFor} from today and email you again before that ends. You can ask us to delete it at
        any time.
      </p>
      <Form method="post" className="flex flex-col gap-3 sm:flex-row">
        <button
          type="submit"
          name="choice"
          value="keep"
          disabled={busy}
          className={`rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-70 ${focus}`}
        >
          Keep my application
        </button>
        <button
          type="submit"
          name="choice"
          value="remove"
          disabled={busy}
          className={`rounded-lg border border-slate-400 bg-white px-5 py-3 font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-70 ${focus}`}
        >
          Let it be removed as planned
        </button>
      </Form>
    </LinkPage>
  );
}

/** The page for what the link found, or for what the candidate just chose ("remove" changes nothing, so it answers the plan). */
export function ConsentRenewalView({ state, chose, message }: { state: RenewalState; chose: RenewalChoice | null; message: string | null }) {
  switch (state.kind) {
    case "not-valid":
      return (
        <LinkPage title="Link not valid">
          <p role={chose ? "alert" : undefined}>{RENEWAL_LINK_NOT_VALID}</p>
          <CareersLinks />
        </LinkPage>
      );
    case "removed":
      return (
        <LinkPage title="Application already deleted">
          <p role={chose ? "alert" : undefined}>{APPLICATION_ALREADY_REMOVED}</p>
          <CareersLinks />
        </LinkPage>
      );
    case "expired":
      return (
        <LinkPage title="Link expired">
          <p role={chose ? "alert" : undefined}>{RENEWAL_LINK_EXPIRED}</p>
          <CareersLinks />
        </LinkPage>
      );
    case "kept":
      return (
        <LinkPage title="Your application is kept">
          <p role="status" data-testid="renewal-outcome">
            {chose === "keep" ? "Thank you. " : ""}We will keep your application {state.reference} and keep you in mind for future roles until{" "}
            <strong>{state.keptUntil}</strong>. We will email you again before then.
          </p>
          <CareersLinks />
        </LinkPage>
      );
    case "open":
      return chose === "remove" ? (
        <LinkPage title="Your application will be deleted">
          <p role="status" data-testid="renewal-outcome">
            Nothing has changed: we will delete your application {state.application.reference} on <strong>{state.application.removalOn}</strong>, as planned.
            Until then, the link in our email still lets you keep it.
          </p>
          <CareersLinks />
        </LinkPage>
      ) : (
        <Choice application={state.application} message={message} />
      );
  }
}
