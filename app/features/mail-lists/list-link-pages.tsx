import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { site } from "#app/content/site.ts";

/*
 * What the pages a mailing list's email links open have in common (the
 * newsletter's, a job alert's): confirming, and leaving the list. They work
 * from the link alone, without signing in, with and without JavaScript.
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

export function LinkPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="container-page max-w-2xl py-12 sm:py-16">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <div className="mt-6 space-y-4 text-lg text-slate-700">{children}</div>
    </section>
  );
}

/** The one button that removes the address the page's link names. */
export function UnsubscribeButton({ action }: { action: string }) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" action={action}>
      <button
        type="submit"
        disabled={busy}
        className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-70"
      >
        {busy ? "Unsubscribing…" : "Unsubscribe"}
      </button>
    </Form>
  );
}
