import { Link } from "react-router";
import { LinkPage, UnsubscribeButton } from "#app/features/mail-lists/list-link-pages.tsx";

/*
 * The pages a job alert's email links open: confirming the alert and leaving
 * it. Like the newsletter's, they work from the link alone, with and without
 * JavaScript, and opening or sending them twice does no harm.
 */

const linkClass = "font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800";

const careersLink = (
  <Link to="/careers#open-roles" className={linkClass}>
    See the open roles
  </Link>
);

export const ALERT_CONFIRMED_TITLE = "Your job alert is confirmed";

export function AlertConfirmedView({ email }: { email: string }) {
  return (
    <LinkPage title={ALERT_CONFIRMED_TITLE}>
      <p>
        Thank you. When a matching job is published we will write to <strong>{email}</strong>, at most once a day. Every alert has a link to unsubscribe.
      </p>
      <p>{careersLink}</p>
    </LinkPage>
  );
}

export function AlertConfirmLinkNotValidView() {
  return (
    <LinkPage title="Link not valid">
      <p>This confirmation link is not complete, or the alert was removed since. Set up the alert again to get a new link.</p>
      <p>{careersLink}</p>
    </LinkPage>
  );
}

export function AlertUnsubscribeView({ email, token }: { email: string; token: string }) {
  return (
    <LinkPage title="Stop job alerts">
      <p>
        Stop sending job alerts to <strong>{email}</strong>?
      </p>
      <UnsubscribeButton action={`/careers/alerts/unsubscribe?s=${encodeURIComponent(token)}`} />
    </LinkPage>
  );
}

export const ALERT_UNSUBSCRIBED_TITLE = "Your job alert is removed";

export function AlertUnsubscribedView({ email }: { email: string | null }) {
  if (!email) {
    return (
      <LinkPage title="Nothing to unsubscribe">
        <p>This address has no job alert with us, or the link is not complete. If alerts still arrive, use the link in the latest one.</p>
        <p>{careersLink}</p>
      </LinkPage>
    );
  }
  return (
    <LinkPage title={ALERT_UNSUBSCRIBED_TITLE}>
      <p role="status">
        <strong>{email}</strong> will get no more job alerts from us. We have removed the address and its choices.
      </p>
      <p>{careersLink}</p>
    </LinkPage>
  );
}
