import { Link } from "react-router";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { eventPagePath } from "#app/features/events/event-paths.ts";
import { EventPage } from "#app/features/events/event-page.tsx";
import { EditionForm, emptyEditionForm } from "#app/features/staff/events/edition-form.tsx";
import type { loadEditionForEdit, loadEditionList, loadEditionPreview } from "#app/features/staff/events/edition-pages.server.ts";
import { editionActionLabels, editionActionsFor, editionStatusLabels } from "#app/features/staff/events/edition-status.ts";
import { StatusBadge } from "#app/features/staff/inbox-ui.tsx";
import { ContentEditPage, PreviewNote } from "#app/features/staff/publishing/content-edit-page.tsx";
import { ContentList } from "#app/features/staff/publishing/content-list.tsx";
import { LocalTime } from "#app/features/staff/staff-time.tsx";
import { BackLink, FormNotice, PageHeading, linkClass } from "#app/features/staff/staff-ui.tsx";

/* The event edition pages of the staff area, drawn by the shared content routes for addresses under /staff/events/editions. */

export function EditionListPage({ loaderData }: { loaderData: Awaited<ReturnType<typeof loadEditionList>> }) {
  return (
    <ContentList
      loaderData={loaderData}
      title="Event editions"
      intro="Drafts are seen only here. A published edition has its page at /events/ and its address; the next one to happen is the current edition, which the header links to and /kraf-think-2025 shows."
      newLabel="New edition"
      path="/staff/events/editions"
      one="edition"
      many="editions"
      searchLabel="Search by title"
      statusLabels={editionStatusLabels}
      columns={{ cells: ["Starts"], after: ["Registrations"] }}
      cells={(row) => [{ content: <LocalTime value={row.startsAt} />, className: "whitespace-nowrap" }]}
      after={(row) => [
        <Link to={`/staff/events?event=${row.id}`} className={`${linkClass} inline-block py-2`}>
          {row.registrations} of {row.capacity} places
          <span className="sr-only"> (registrations for {row.title})</span>
        </Link>,
      ]}
    />
  );
}

export function NewEditionPage({ actionData }: { actionData: FormAnswer | undefined }) {
  return (
    <>
      <BackLink to="/staff/events/editions">Back to all editions</BackLink>
      <PageHeading title="New event edition">A new edition is a draft: nobody outside the staff area sees it until you publish it.</PageHeading>
      <FormNotice answer={actionData} />
      <EditionForm values={emptyEditionForm} answer={actionData} submitLabel="Save draft" />
    </>
  );
}

export function EditEditionPage({
  loaderData,
  actionData,
}: {
  loaderData: Awaited<ReturnType<typeof loadEditionForEdit>>;
  actionData: FormAnswer | undefined;
}) {
  const { id, title, slug, status, registrations, startsAt, revision, values, pending, scheduled, draftSchedulable, created } = loaderData;
  return (
    <ContentEditPage
      back={{ to: "/staff/events/editions", label: "Back to all editions" }}
      title={title}
      status={
        <>
          Status: <StatusBadge status={status} labels={editionStatusLabels} /> · Starts <LocalTime value={startsAt} /> ·{" "}
          <Link to={`/staff/events?event=${id}`} className={linkClass}>
            {registrations === 1 ? "1 registration" : `${registrations} registrations`}
          </Link>
        </>
      }
      created={created}
      answer={actionData}
      basePath={loaderData.basePath}
      id={id}
      pending={pending}
      scheduled={scheduled}
      draftSchedulable={draftSchedulable}
      publicPath={status === "published" ? eventPagePath(slug) : null}
      actions={editionActionsFor(status).map((action) => ({ intent: action, label: editionActionLabels[action] }))}
      deletion={
        status === "draft" && registrations === 0
          ? { summary: "Delete this edition…", warning: "Deleting cannot be undone." }
          : { refusal: status === "draft" ? "An edition people registered for stays for the record." : "To delete this edition, unpublish it first." }
      }
    >
      <EditionForm
        values={values}
        revision={revision}
        answer={actionData}
        submitLabel="Save changes"
        draftLabel={status === "published" ? "Save as draft" : undefined}
      />
    </ContentEditPage>
  );
}

export function EditionPreviewPage({ loaderData }: { loaderData: Awaited<ReturnType<typeof loadEditionPreview>> }) {
  const { id, status, pending, data: page } = loaderData;
  return (
    <>
      <PreviewNote
        statusLabel={editionStatusLabels[status]}
        page="the edition's public page"
        visible={status !== "draft"}
        pending={pending}
        editPath={`/staff/events/editions/${id}`}
      >
        Its forms do not send anything from here.
      </PreviewNote>
      <div className="rounded-xl border border-slate-300 bg-white">
        <EventPage data={page} result={undefined} path={`/staff/events/editions/${id}/preview`} />
      </div>
    </>
  );
}
