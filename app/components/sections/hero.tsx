import { Link } from "react-router";
import type { HeroSection } from "#app/content/page-types.ts";
import { ActionLink, consultationAction } from "#app/components/sections/action-link.tsx";

const ART_SIZE = { width: 480, height: 360 } as const;

/**
 * A page's opening: its title, lead and main actions. A module of its own, so a page
 * that draws its hero at once need not fetch every other kind of section with it.
 */
export function Hero({ eyebrow, title, lead, primary = consultationAction, secondary, style, art }: HeroSection) {
  if (style === "document") {
    return (
      <div className="container-page pt-12 pb-2 sm:pt-16">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">{eyebrow}</p>
        <h1 className="mt-2 max-w-3xl text-3xl font-bold tracking-tight text-ink sm:text-4xl">{title}</h1>
        <p className="mt-4 max-w-3xl text-lg text-slate-700">{lead}</p>
      </div>
    );
  }
  return (
    <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
      <div className="container-page relative py-16 sm:py-20 lg:py-24">
        {art ? (
          // Decorative, beside the text from 1024 px; lazy, so a phone that does not show it does not fetch it.
          <img
            src={`/art/${art}.svg`}
            alt=""
            {...ART_SIZE}
            loading="lazy"
            decoding="async"
            className="pointer-events-none absolute top-1/2 right-4 hidden h-auto w-[38%] max-w-[30rem] -translate-y-1/2 lg:block"
          />
        ) : null}
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-100">{eyebrow}</p>
        <h1 className={`mt-3 max-w-4xl text-4xl font-bold tracking-tight text-balance sm:text-5xl ${art ? "lg:max-w-[58%]" : ""}`}>{title}</h1>
        <p className={`mt-5 max-w-3xl text-lg text-brand-50 sm:text-xl ${art ? "lg:max-w-[58%]" : ""}`}>{lead}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <ActionLink action={primary} variant="light" />
          {secondary ? (
            <Link
              to={secondary.href}
              className="inline-flex min-h-11 items-center rounded-lg border border-white/70 px-5 py-2.5 font-semibold text-white hover:bg-white/10"
            >
              {secondary.label}
            </Link>
          ) : null}
        </div>
      </div>
    </section>
  );
}
