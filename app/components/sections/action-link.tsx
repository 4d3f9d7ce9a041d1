import { Link } from "react-router";
import type { Action } from "#app/content/page-types.ts";

/** The consultation form is on every page, so this is the default call to action. */
export const consultationAction: Action = { label: "Book a free consultation", href: "#consultation" };

const styles = {
  primary: "inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white shadow-sm hover:bg-brand-800",
  secondary: "inline-flex min-h-11 items-center justify-center rounded-lg border border-brand-700 px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50",
  light: "inline-flex min-h-11 items-center justify-center rounded-lg bg-white px-5 py-2.5 font-semibold text-brand-900 shadow-sm hover:bg-brand-50",
} as const;

export function ActionLink({ action, variant = "primary" }: { action: Action; variant?: keyof typeof styles }) {
  if (action.href.startsWith("#")) {
    return (
      <a href={action.href} className={styles[variant]}>
        {action.label}
      </a>
    );
  }
  return (
    <Link to={action.href} className={styles[variant]}>
      {action.label}
    </Link>
  );
}
