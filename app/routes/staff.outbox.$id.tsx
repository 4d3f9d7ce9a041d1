import type { ReactNode } from "react";
import { data, Form } from "react-router";
import type { Route } from "./+types/staff.outbox.$id";
import { mailTemplates } from "#app/features/email-templates.server.ts";
import { InboxDetails, InboxSection, cardClass, detailTermClass } from "#app/features/staff/inbox-ui.tsx";
import { LocalTime } from "#app/features/staff/staff-time.tsx";
import { outboxMessage } from "#app/features/staff/outbox-admin.server.ts";
import { outboxStatusLabels, retryableStatuses } from "#app/features/staff/outbox-labels.ts";
import { requireStaff } from "#app/features/staff/staff-session.server.ts";
import { RecordPageHeader, secondaryButtonClass, staffMeta } from "#app/features/staff/staff-ui.tsx";
import { parseRecordId } from "#app/platform/db/schema.server.ts";
import { servicesOf } from "#app/services-context.server.ts";

const NO_SUCH_MESSAGE = "There is no such message.";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireStaff(context, request, "outbox");
  const id = parseRecordId(params.id);
  if (id === null) throw data(NO_SUCH_MESSAGE, { status: 404 });
  const { db, outbox } = await servicesOf(context);
  const message = await outboxMessage(db, mailTemplates, id, outbox.frame);
  if (!message) throw data(NO_SUCH_MESSAGE, { status: 404 });
  return { message };
}

export const meta: Route.MetaFunction = ({ loaderData }) => staffMeta(loaderData ? `Message ${loaderData.message.id}` : "Message");

/**
 * A body as text: React escapes it, so an HTML body shows its source and
 * nothing in it runs or loads. Long lines wrap, so a phone never scrolls sideways.
 */
function Body({ id, title, children }: { id: string; title: string; children: string }) {
  return (
    <InboxSection id={id} title={title} className={`${cardClass} min-w-0`}>
      <pre className="font-mono text-sm whitespace-pre-wrap text-ink [overflow-wrap:anywhere]" data-testid={`${id}-source`}>
        {children}
      </pre>
    </InboxSection>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className={detailTermClass}>{term}</dt>
      <dd className="[overflow-wrap:anywhere]">{children}</dd>
    </>
  );
}

export default function OutboxMessagePage({ loaderData }: Route.ComponentProps) {
  const { message: m } = loaderData;
  const { content } = m;
  return (
    <>
      <RecordPageHeader back={{ to: "/staff/outbox", label: "All messages" }} title={m.subject || `Message ${m.id}`} done={null}>
        {m.channel === "webhook" ? "Webhook post" : "Email"} <span className="font-mono">{m.kind}</span>, message {m.id}. Status:{" "}
        <strong>{outboxStatusLabels[m.status]}</strong>
      </RecordPageHeader>
      <div className="space-y-8">
        <InboxDetails
          after={
            retryableStatuses.includes(m.status) ? (
              // Posts to the list, which retries it and says so there.
              <Form method="post" action="/staff/outbox" className="mt-4">
                <input type="hidden" name="id" value={m.id} />
                <button type="submit" className={secondaryButtonClass}>
                  Retry
                </button>
              </Form>
            ) : null
          }
        >
          <Detail term={m.channel === "webhook" ? "Posted to" : "To"}>{content.to}</Detail>
          {"replyTo" in content && content.replyTo ? <Detail term="Reply-To">{content.replyTo}</Detail> : null}
          {content.channel === "email" ? <Detail term="Subject">{content.subject}</Detail> : null}
          <Detail term="Attempts">{m.attempts}</Detail>
          <Detail term="Last error">{m.lastError ?? "None"}</Detail>
          <Detail term="Created">
            <LocalTime value={m.createdAt} />
          </Detail>
          <Detail term="Sent">{m.sentAt ? <LocalTime value={m.sentAt} /> : "Not yet"}</Detail>
        </InboxDetails>
        {content.channel === "webhook" ? (
          <Body id="json-body" title="JSON body">
            {content.json}
          </Body>
        ) : "unreadable" in content ? (
          <p className={cardClass}>This message cannot be drawn on this server: {content.unreadable}</p>
        ) : (
          <>
            <p className="text-slate-700">
              The bodies as they are sent, private links left out. The HTML body is shown as its source, never drawn, so nothing in it runs or loads here.
            </p>
            <Body id="text-body" title="Text body">
              {content.text}
            </Body>
            <Body id="html-body" title="HTML body (source)">
              {content.html}
            </Body>
          </>
        )}
      </div>
    </>
  );
}
