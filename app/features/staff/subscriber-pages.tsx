import { Form, Link } from "react-router";
import { NO_SOURCE_LABEL } from "#app/features/attribution/attribution.ts";
import { WORKPLACES } from "#app/features/careers/job-format.ts";
import type { FormAnswer } from "#app/features/forms/form-answer.ts";
import { ListFilters, ListResults } from "#app/features/staff/list-ui.tsx";
import { LocalTime } from "#app/features/staff/staff-time.tsx";
import { EmailLink, FormNotice, PageHeading, buttonClass, linkClass } from "#app/features/staff/staff-ui.tsx";

/** The site's mailing lists, each with the same consent and confirmation (double opt-in) and its own table. */
export type SubscriberList = "newsletter" | "job-alerts";

/** Each mailing list's staff pages: where they are and what they say. */
export const subscriberPages: Record<SubscriberList, { path: string; title: string; intro: string; exportName: string; eraseIntro: string }> = {
  newsletter: {
    path: "/staff/subscribers",
    title: "Newsletter subscribers",
    intro: "Everyone who subscribed to the newsletter, newest first, with the consent they gave. Send the newsletter only to confirmed addresses.",
    exportName: "subscribers",
    eraseIntro: "Erasing removes the address from the newsletter list for good. Use it when someone asks to be forgotten; it cannot be undone.",
  },
  "job-alerts": {
    path: "/staff/job-alerts",
    title: "Job alert subscribers",
    intro:
      "Everyone who asked to be emailed when a job opens, newest first, with the departments and workplaces they follow and the consent they gave. Alerts go only to confirmed addresses.",
    exportName: "job-alert-subscribers",
    eraseIntro: "Erasing removes the address from the job alerts for good. Use it when someone asks to be forgotten; it cannot be undone.",
  },
};

type ShownSubscriber = {
  id: number;
  email: string;
  subscribedAt: Date | string;
  confirmedAt: Date | string | null;
  consentAt: Date | string | null;
  consentVersion: string | null;
  attribution: { source?: string | null } | null;
  departments: string[];
  workplaces: string[];
};

/** What a job alert follows, in the listing's words; none picked is every new job. */
function follows(subscriber: ShownSubscriber): string {
  const departments = subscriber.departments.length ? subscriber.departments.join(", ") : "Every department";
  const workplaces = subscriber.workplaces.length
    ? subscriber.workplaces.map((workplace) => WORKPLACES[workplace as keyof typeof WORKPLACES] ?? workplace).join(", ")
    : "every workplace";
  return `${departments}; ${workplaces}`;
}

export function SubscribersPage(props: {
  mailList: SubscriberList;
  list: Parameters<typeof ListResults<ShownSubscriber>>[0]["list"];
  search: string;
  source: string | null;
  filters: string;
  exportHref: string;
  notice: string | null;
}) {
  const { mailList, list, search, source, filters, exportHref, notice } = props;
  const page = subscriberPages[mailList];
  const alerts = mailList === "job-alerts";
  return (
    <>
      <PageHeading title={page.title}>{page.intro}</PageHeading>
      {notice ? <FormNotice answer={{ status: "success", messages: [notice] }} /> : null}
      <ListFilters search={search} searchLabel="Search by email" source={source} exportHref={exportHref} />
      <ListResults
        list={list}
        filters={filters}
        one="subscriber"
        many="subscribers"
        empty="No subscribers match."
        caption="Subscribers"
        columns={["Email", ...(alerts ? ["Follows"] : []), "Subscribed", "Confirmed", "Consent given", "Consent wording", "Source", "Erasure"]}
        row={(row) => [
          <EmailLink email={row.email} />,
          ...(alerts ? [follows(row)] : []),
          <LocalTime value={row.subscribedAt} />,
          row.confirmedAt ? <LocalTime value={row.confirmedAt} /> : "Awaiting confirmation",
          row.consentAt ? <LocalTime value={row.consentAt} /> : "Not recorded",
          row.consentVersion ?? "Not recorded",
          { content: row.attribution?.source ?? NO_SOURCE_LABEL, className: "break-all" },
          <Link to={`${page.path}/${row.id}/erase`} className={`${linkClass} inline-flex min-h-11 items-center`}>
            Erase<span className="sr-only"> {row.email}</span>
          </Link>,
        ]}
      />
    </>
  );
}

export function EraseSubscriberPage({
  mailList,
  subscriber,
  answer,
}: {
  mailList: SubscriberList;
  subscriber: ShownSubscriber;
  answer: FormAnswer | undefined;
}) {
  const page = subscriberPages[mailList];
  return (
    <>
      <PageHeading title="Erase a subscriber">{page.eraseIntro}</PageHeading>
      <FormNotice answer={answer} />
      <dl className="mb-6 grid max-w-xl gap-x-6 gap-y-2 rounded-xl border border-slate-300 bg-white p-5 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">Email</dt>
        <dd className="break-all">{subscriber.email}</dd>
        <dt className="font-semibold">Subscribed</dt>
        <dd>
          <LocalTime value={subscriber.subscribedAt} />
        </dd>
      </dl>
      <Form method="post" className="flex flex-wrap items-center gap-4">
        <button type="submit" className={buttonClass}>
          Erase this subscriber
        </button>
        <Link to={page.path} className={`${linkClass} inline-flex min-h-11 items-center`}>
          Cancel, keep them
        </Link>
      </Form>
    </>
  );
}
