import { Link } from "react-router";
import { Sections } from "#app/components/sections/sections.tsx";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { Field } from "#app/features/forms/field.tsx";
import { BlockFields } from "#app/features/staff/pages/block-fields.tsx";
import { PAGE_DESCRIPTION_MAX, PAGE_TITLE_MAX } from "#app/features/staff/pages/page-limits.ts";
import type { loadPageForEdit, loadPageList, loadPagePreview } from "#app/features/staff/pages/page-pages.server.ts";
import { ContentEditPage, PreviewNote } from "#app/features/staff/publishing/content-edit-page.tsx";
import { ContentForm } from "#app/features/staff/publishing/content-form.tsx";
import { LocalTime } from "#app/features/staff/staff-time.tsx";
import { PageHeading, linkClass } from "#app/features/staff/staff-ui.tsx";
import { ListRow, ListTable } from "#app/features/staff/table-ui.tsx";

/* The pages of the site in the staff area, drawn by the shared content routes for addresses under /staff/pages. */

export function PageListPage({ loaderData }: { loaderData: Awaited<ReturnType<typeof loadPageList>> }) {
  return (
    <>
      <PageHeading title="Pages">
        The words of the site’s pages, block by block. A change is kept as a draft until you publish it; every process shows a published change within seconds.
      </PageHeading>
      <ListTable caption={`Pages of the site (${loaderData.pages.length})`} columns={["Page", "Address", "Last published change"]} cards>
        {loaderData.pages.map((page) => (
          <ListRow
            key={page.id}
            cells={[
              <Link to={`/staff/pages/${page.id}`} className={`${linkClass} inline-block py-2`}>
                {page.title}
              </Link>,
              <a href={page.path} className={`${linkClass} inline-block py-2`}>
                {page.path}
              </a>,
              page.changedAt ? <LocalTime value={page.changedAt} /> : "None: as the site was built",
            ]}
          />
        ))}
      </ListTable>
    </>
  );
}

export function EditSitePage({ loaderData, actionData }: { loaderData: Awaited<ReturnType<typeof loadPageForEdit>>; actionData: FormAnswer | undefined }) {
  const { id, path, title, revision, values, pending, scheduled, basePath, changedAt } = loaderData;
  return (
    <ContentEditPage
      back={{ to: "/staff/pages", label: "Back to all pages" }}
      title={title}
      status={
        <>
          {path} ·{" "}
          {changedAt ? (
            <>
              Last published change: <LocalTime value={changedAt} />
            </>
          ) : (
            "As the site was built"
          )}
        </>
      }
      created={false}
      answer={actionData}
      basePath={basePath}
      id={id}
      pending={pending}
      scheduled={scheduled}
      publicPath={path}
      actions={[]}
    >
      <ContentForm values={values} revision={revision} answer={actionData} submitLabel="Save and publish" draftLabel="Save as draft" buttonsInside multipart>
        {(shown, errors) => (
          <>
            <Field name="title" label="Page title" required wide hint="In the browser’s tab and as the search result’s title." error={errors?.title}>
              {(props) => <input {...props} defaultValue={shown.title} maxLength={PAGE_TITLE_MAX} autoComplete="off" />}
            </Field>
            <Field
              name="description"
              label="Page description"
              required
              wide
              hint="Under the title in search results: one or two sentences."
              error={errors?.description}
            >
              {(props) => <textarea {...props} defaultValue={shown.description} maxLength={PAGE_DESCRIPTION_MAX} rows={2} />}
            </Field>
            <BlockFields shown={shown} errors={errors} choices={loaderData.choices} />
          </>
        )}
      </ContentForm>
    </ContentEditPage>
  );
}

export function PagePreviewPage({ loaderData }: { loaderData: Awaited<ReturnType<typeof loadPagePreview>> }) {
  const { id, path, pending, page } = loaderData;
  return (
    <>
      <PreviewNote statusLabel="Published" page={`the page ${path}`} visible pending={pending} editPath={`/staff/pages/${id}`} />
      <div className="overflow-hidden rounded-xl border border-slate-300 bg-white">
        <Sections sections={page.sections} />
      </div>
    </>
  );
}
