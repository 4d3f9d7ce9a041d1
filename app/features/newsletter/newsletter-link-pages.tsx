import { Link } from "react-router";
import { LinkPage, UnsubscribeButton } from "#app/features/mail-lists/list-link-pages.tsx";
import { site } from "#app/content/site.ts";

/*
 * The pages the newsletter's email links open: confirming a subscription, and
 * leaving the list. Both work from the link alone, without signing in, with
 * and without JavaScript; opening or sending them twice does no harm.
 */

const linkClass = "font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800";

const subscribeAgain = (
  <Link to="/newsletter" className={linkClass}>
    Subscribe to the newsletter
  </Link>
);

export const CONFIRMED_TITLE = "Your subscription is confirmed";
export const CONFIRM_LINK_NOT_VALID = "This confirmation link is not complete, or the subscription was removed since. Subscribe again to get a new link.";

export function ConfirmedView({ email }: { email: string }) {
  return (
    <LinkPage title={CONFIRMED_TITLE}>
      <p>
        Thank you. The {site.name} newsletter will come to <strong>{email}</strong>, about once a month. Every issue has a link to unsubscribe.
      </p>
      <p>
        <Link to="/featured-insights" className={linkClass}>
          Read our latest insights
        </Link>
      </p>
    </LinkPage>
  );
}

export function ConfirmLinkNotValidView() {
  return (
    <LinkPage title="Link not valid">
      <p>{CONFIRM_LINK_NOT_VALID}</p>
      <p>{subscribeAgain}</p>
    </LinkPage>
  );
}

export const UNSUBSCRIBED_TITLE = "You are unsubscribed";
export const NOTHING_TO_UNSUBSCRIBE =
  "This address is no longer on our newsletter list, or the link is not complete. If newsletters still arrive, use the link in the latest one.";

export function UnsubscribeView({ email, token }: { email: string; token: string }) {
  return (
    <LinkPage title="Unsubscribe from the newsletter">
      <p>
        Stop sending the {site.name} newsletter to <strong>{email}</strong>?
      </p>
      <UnsubscribeButton action={`/newsletter/unsubscribe?s=${encodeURIComponent(token)}`} />
    </LinkPage>
  );
}

export function UnsubscribedView({ email }: { email: string | null }) {
  if (!email) {
    return (
      <LinkPage title="Nothing to unsubscribe">
        <p>{NOTHING_TO_UNSUBSCRIBE}</p>
        <p>
          <Link to="/" className={linkClass}>
            Back to the home page
          </Link>
        </p>
      </LinkPage>
    );
  }
  return (
    <LinkPage title={UNSUBSCRIBED_TITLE}>
      <p role="status">
        <strong>{email}</strong> will get no more newsletters from us. We have removed the address from the list.
      </p>
      <p>Changed your mind? {subscribeAgain}.</p>
    </LinkPage>
  );
}
