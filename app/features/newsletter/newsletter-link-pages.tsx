import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { site } from "#app/content/site.ts";

/*
 * The pages the newsletter's email links open: confirming a subscription, and
 * leaving the list. Both work from the link alone, without signing in, with
 * and without JavaScript; opening or sending them twice does no harm.
 */

/**
 * Both pages: the token in the address is the only key, so no cache keeps them and no link on them passes the
 * address to another site. same-origin, not no-referrer: under no-referrer a browser posts the unsubscribe form
 * with "Origin: null", which React Router refuses.
 */
export const linkPageHeaders = () => ({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "same-origin",
  "X-Robots-Tag": "noindex, nofollow",
});

export const linkPageMeta = (title: string) => [
  { title: `${title} | ${site.name}` },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "same-origin" },
];

const linkClass = "font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800";

function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="container-page max-w-2xl py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <div className="mt-6 space-y-4 text-lg text-slate-700">{children}</div>
    </section>
  );
}

const subscribeAgain = (
  <Link to="/newsletter" className={linkClass}>
    Subscribe to the newsletter
  </Link>
);

export const CONFIRMED_TITLE = "Your subscription is confirmed";
export const CONFIRM_LINK_NOT_VALID = "This confirmation link is not complete, or the subscription was removed since. Subscribe again to get a new link.";

export function ConfirmedView({ email }: { email: string }) {
  return (
    <Page title={CONFIRMED_TITLE}>
      <p>
        Thank you. The {site.name} newsletter will come to <strong>{email}</strong>, about once a month. Every issue has a link to unsubscribe.
      </p>
      <p>
        <Link to="/featured-insights" className={linkClass}>
          Read our latest insights
        </Link>
      </p>
    </Page>
  );
}

export function ConfirmLinkNotValidView() {
  return (
    <Page title="Link not valid">
      <p>{CONFIRM_LINK_NOT_VALID}</p>
      <p>{subscribeAgain}</p>
    </Page>
  );
}

export const UNSUBSCRIBED_TITLE = "You are unsubscribed";
export const NOTHING_TO_UNSUBSCRIBE =
  "This address is no longer on our newsletter list, or the link is not complete. If newsletters still arrive, use the link in the latest one.";

export function UnsubscribeView({ email, token }: { email: string; token: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Page title="Unsubscribe from the newsletter">
      <p>
        Stop sending the {site.name} newsletter to <strong>{email}</strong>?
      </p>
      <Form method="post" action={`/newsletter/unsubscribe?s=${encodeURIComponent(token)}`}>
        <button
          type="submit"
          disabled={busy}
          className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-70"
        >
          {busy ? "Unsubscribing…" : "Unsubscribe"}
        </button>
      </Form>
    </Page>
  );
}

export function UnsubscribedView({ email }: { email: string | null }) {
  if (!email) {
    return (
      <Page title="Nothing to unsubscribe">
        <p>{NOTHING_TO_UNSUBSCRIBE}</p>
        <p>
          <Link to="/" className={linkClass}>
            Back to the home page
          </Link>
        </p>
      </Page>
    );
  }
  return (
    <Page title={UNSUBSCRIBED_TITLE}>
      <p role="status">
        <strong>{email}</strong> will get no more newsletters from us. We have removed the address from the list.
      </p>
      <p>Changed your mind? {subscribeAgain}.</p>
    </Page>
  );
}
