import { useRef } from "react";
import { Form, useSubmit } from "react-router";

export type ListingOption = { value: string; label: string; count: number };
export type ListingFacets = { department: ListingOption[]; jobType: ListingOption[]; location: ListingOption[] };
export type ListingFilters = { q: string; department: string; jobType: string; location: string };

const controlClass = "block w-full rounded-lg border border-slate-500 bg-white px-3.5 py-2.5 text-base text-ink shadow-xs focus:border-brand-600";

/**
 * The listing's search and filters: a plain GET form, so they live in the
 * query string and work without JavaScript; with it, choosing an option
 * submits at once. An island of its own on the careers page (decision 078), where
 * the answer is a whole page: the address's fragment brings the visitor back to
 * the results rather than to the top of the page.
 */
export function JobFilters({ filters, facets }: { filters: ListingFilters; facets: ListingFacets }) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  return (
    <Form
      ref={formRef}
      method="get"
      action="/careers#open-roles"
      preventScrollReset
      role="search"
      aria-label="Search open roles"
      className="mt-6 grid gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-5 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end"
      onChange={(event) => {
        // Selects apply at once; the search box waits for Enter or the button.
        if (event.target instanceof HTMLSelectElement && formRef.current) {
          void submit(formRef.current, { preventScrollReset: true, replace: true });
        }
      }}
    >
      <div>
        <label htmlFor="jobs-q" className="mb-1.5 block text-sm font-semibold">
          Search roles
        </label>
        <input
          id="jobs-q"
          type="search"
          name="q"
          defaultValue={filters.q}
          key={filters.q}
          maxLength={100}
          placeholder="Title, team or skill"
          className={controlClass}
        />
      </div>
      <FacetSelect name="department" label="Department" allLabel="All departments" options={facets.department} value={filters.department} />
      <FacetSelect name="jobType" label="Job type" allLabel="All job types" options={facets.jobType} value={filters.jobType} />
      {facets.location.length > 0 ? (
        <FacetSelect name="location" label="Location" allLabel="All locations" options={facets.location} value={filters.location} />
      ) : null}
      <button
        type="submit"
        className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-6 py-2.5 font-semibold text-white hover:bg-brand-800"
      >
        Search
      </button>
    </Form>
  );
}

function FacetSelect({ name, label, allLabel, options, value }: { name: string; label: string; allLabel: string; options: ListingOption[]; value: string }) {
  const id = `jobs-${name}`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold">
        {label}
      </label>
      {/* key: a new answer resets the uncontrolled select to what the URL says. */}
      <select id={id} name={name} defaultValue={value} key={value} className={controlClass}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {`${option.label} (${option.count})`}
          </option>
        ))}
      </select>
    </div>
  );
}
