import type { Route } from "./+types/webhooks.mail.$provider";
import { acceptMailWebhook } from "#app/features/mail-webhooks/mail-webhook.server.ts";
import { fetchFromSns, snsCertificateKeys } from "#app/features/mail-webhooks/sns-signature.server.ts";
import { clientAddressOf } from "#app/platform/request-context.ts";
import { servicesOf } from "#app/services-context.server.ts";

/** One cache of SNS certificate keys for the process, so each certificate is fetched once. */
const snsKey = snsCertificateKeys(fetchFromSns);

/** The mail provider posts bounces and complaints here (decision 072). */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, env } = await servicesOf(context);
  return acceptMailWebhook(request, params.provider, {
    db,
    clientAddress: clientAddressOf(context),
    snsKey,
    confirmSnsSubscription: fetchFromSns,
    settings: {
      sesTopicArn: env.MAIL_WEBHOOK_SES_TOPIC_ARN,
      postmarkSecret: env.MAIL_WEBHOOK_POSTMARK_SECRET,
      mailgunSigningKey: env.MAIL_WEBHOOK_MAILGUN_SIGNING_KEY,
      sendgridPublicKey: env.MAIL_WEBHOOK_SENDGRID_PUBLIC_KEY,
      genericSecret: env.MAIL_WEBHOOK_SECRET,
    },
  });
}

export function loader() {
  return new Response("The mail provider posts bounces and complaints here.", { status: 405, headers: { Allow: "POST", "Cache-Control": "no-store" } });
}
