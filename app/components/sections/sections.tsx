import { Link } from "react-router";
import type {
  BadgesSection,
  CallToActionSection,
  CaseStudiesSection,
  FaqSection,
  FeatureGridSection,
  FiguresSection,
  ImageRef,
  ImageSection,
  LinkGridSection,
  LogosSection,
  ProseSection,
  Section,
  StepsSection,
  TeamSection,
  TestimonialsSection,
} from "#app/content/page-types.ts";
import { ActionLink, consultationAction } from "#app/components/sections/action-link.tsx";
import { Hero } from "#app/components/sections/hero.tsx";
import { CaseStudyGrid, DemoBadge } from "#app/components/sections/case-study-cards.tsx";
import { ContactText } from "#app/components/sections/contact-text.tsx";
import type { CardIcon as CardIconName } from "#app/content/card-icons.ts";
import cardIconsUrl from "#app/content/card-icons.svg?url";
import { srcSetOf } from "#app/features/images/image-rules.ts";

/** A section whose list is empty draws nothing: no "What our clients say" over no quotes. */
function hasContent(section: Section): boolean {
  if ("items" in section) return section.items.length > 0;
  if (section.kind === "steps") return section.steps.length > 0;
  if (section.kind === "caseStudies") return section.cards.length > 0;
  if (section.kind === "prose") return section.blocks.length > 0;
  if (section.kind === "image") return Boolean(section.image);
  return true;
}

/** Draws a page's sections in order; each kind has one component. */
export function Sections({ sections: all }: { sections: readonly Section[] }) {
  const sections = all.filter(hasContent);
  return sections.map((section, index) => {
    const key = `${section.kind}-${index}`;
    switch (section.kind) {
      case "hero":
        return <Hero key={key} {...section} />;
      case "features":
        return <FeatureGrid key={key} {...section} />;
      case "steps":
        return <Steps key={key} {...section} />;
      case "figures":
        return <Figures key={key} {...section} />;
      case "faq":
        return <Faq key={key} {...section} />;
      case "links":
        return <LinkGrid key={key} {...section} />;
      case "prose":
        return <Prose key={key} {...section} />;
      case "caseStudies":
        return <CaseStudies key={key} {...section} />;
      case "cta":
        return <CallToAction key={key} {...section} closing={index === sections.length - 1} />;
      case "testimonials":
        return <Testimonials key={key} {...section} />;
      case "logos":
        return <Logos key={key} {...section} />;
      case "team":
        return <Team key={key} {...section} />;
      case "badges":
        return <Badges key={key} {...section} />;
      case "image":
        return <Picture key={key} {...section} />;
    }
  });
}

function SectionHeading({ title, intro }: { title: string; intro?: string }) {
  return (
    <div className="max-w-3xl">
      <h2 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{title}</h2>
      {intro ? <p className="mt-3 text-lg text-slate-700">{intro}</p> : null}
    </div>
  );
}

/** Hero artwork's drawn size (the SVGs' viewBox), so it takes its place without moving anything. */
/**
 * A card's icon, from the sprite of card icons (app/content/card-icons.ts): a
 * hashed asset, fetched once without holding up the first paint and cached
 * for good. Its box has a fixed size, so nothing moves when it arrives. Decorative.
 */
function CardIcon({ name }: { name: CardIconName }) {
  return (
    <span aria-hidden="true" className="mb-4 flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
      <svg width="24" height="24">
        <use href={`${cardIconsUrl}#${name}`} />
      </svg>
    </span>
  );
}

function FeatureGrid({ title, intro, items }: FeatureGridSection) {
  return (
    <section className="container-page py-14 sm:py-16">
      <SectionHeading title={title} intro={intro} />
      <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <li
            key={item.title}
            id={item.id}
            className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm target:border-brand-600 target:ring-2 target:ring-brand-600"
          >
            {item.icon ? <CardIcon name={item.icon} /> : null}
            <h3 className="text-lg font-semibold text-brand-900">{item.title}</h3>
            <p className="mt-2 text-slate-700">
              <ContactText text={item.body} />
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Steps({ title, intro, steps }: StepsSection) {
  return (
    <section className="bg-slate-50">
      <div className="container-page py-14 sm:py-16">
        <SectionHeading title={title} intro={intro} />
        <ol className="mt-8 grid gap-5 md:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-xl bg-white p-6 shadow-sm">
              <span aria-hidden="true" className="flex size-9 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-brand-900">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-slate-700">
                <ContactText text={step.body} />
              </p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function Figures({ title, items }: FiguresSection) {
  return (
    <section className="container-page py-14 sm:py-16">
      <SectionHeading title={title} />
      <dl className="mt-8 grid gap-5 sm:grid-cols-3">
        {items.map((item) => (
          <div key={item.label} className="flex flex-col rounded-xl bg-brand-50 p-6 text-center">
            <dt className="mt-1 text-slate-700">{item.label}</dt>
            <dd className="order-first text-4xl font-bold text-brand-800">{item.value}</dd>
            {item.source ? <dd className="mt-2 text-sm text-slate-700">Source: {item.source}</dd> : null}
          </div>
        ))}
      </dl>
    </section>
  );
}

function Testimonials({ title, intro, items }: TestimonialsSection) {
  return (
    <section className="container-page py-14 sm:py-16">
      <SectionHeading title={title} intro={intro} />
      <ul className="mt-8 grid gap-5 md:grid-cols-2">
        {items.map((item) => (
          <li key={`${item.name}-${item.quote.slice(0, 40)}`}>
            <TestimonialCard item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One quote under who said it, with their photo, the case study it is about, and the demo label while it is one. */
export function TestimonialCard({ item }: { item: TestimonialsSection["items"][number] }) {
  return (
    <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      {item.demo ? (
        <p className="mb-3">
          <DemoBadge />
        </p>
      ) : null}
      <blockquote className="flex-1 text-lg text-slate-800">
        <p>“{item.quote}”</p>
      </blockquote>
      <figcaption className="mt-4 flex items-center gap-3 text-slate-700">
        {item.photo ? <StoredImage image={item.photo} alt="" sizes="48px" className="size-12 shrink-0 rounded-full bg-slate-100 object-cover" /> : null}
        <span>
          <span className="font-semibold text-ink">{item.name}</span>
          {[item.role, item.company].filter(Boolean).length > 0 ? <>, {[item.role, item.company].filter(Boolean).join(", ")}</> : null}
        </span>
      </figcaption>
      {item.caseStudy ? (
        <p className="mt-3">
          <Link to={item.caseStudy.href} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-4">
            {item.caseStudy.label}
          </Link>
        </p>
      ) : null}
    </figure>
  );
}

/** A picture the image pipeline stored, at the sizes it keeps; lazy, as blocks sit below the page's title. */
function StoredImage({ image, alt, sizes, className }: { image: ImageRef; alt: string; sizes: string; className: string }) {
  return (
    <img
      src={image.src}
      srcSet={srcSetOf(image.src) ?? undefined}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading="lazy"
      decoding="async"
      className={className}
    />
  );
}

function Logos({ title, intro, items }: LogosSection) {
  const logos = items.filter((item) => item.logo);
  if (logos.length === 0) return null;
  return (
    <section className="container-page py-14 sm:py-16">
      <SectionHeading title={title} intro={intro} />
      <ul className="mt-8 grid grid-cols-2 items-center gap-8 sm:grid-cols-3 lg:grid-cols-6">
        {logos.map((item) => (
          <li key={item.logo.src} className="flex min-h-16 flex-col items-center justify-center gap-2">
            <LogoCard item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A client's logo, named by its alt text, linked to the client's site when it has one, with the demo label while it is one. */
export function LogoCard({ item }: { item: LogosSection["items"][number] }) {
  const logo = <StoredImage image={item.logo} alt={item.name} sizes="160px" className="mx-auto h-16 w-auto max-w-full object-contain" />;
  return (
    <>
      {item.href ? (
        <a href={item.href} className="inline-flex min-h-11 items-center rounded-lg p-2">
          {logo}
        </a>
      ) : (
        logo
      )}
      {item.demo ? <DemoBadge /> : null}
    </>
  );
}

function Team({ title, intro, items }: TeamSection) {
  return (
    <section className="container-page py-14 sm:py-16">
      <SectionHeading title={title} intro={intro} />
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {items.map((person) => (
          <li key={person.name} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <PersonCard person={person} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A member of the team: photo, name, role, bio and LinkedIn, with the demo label while they are one. */
export function PersonCard({ person }: { person: TeamSection["items"][number] }) {
  return (
    <>
      {person.photo ? (
        <StoredImage
          image={person.photo}
          alt=""
          sizes="(min-width: 1024px) 16rem, (min-width: 640px) 50vw, 100vw"
          className="mb-4 aspect-square w-full rounded-lg bg-slate-100 object-cover"
        />
      ) : null}
      <h3 className="text-lg font-bold text-ink">{person.name}</h3>
      <p className="text-brand-800">{person.role}</p>
      {person.demo ? (
        <p className="mt-2">
          <DemoBadge />
        </p>
      ) : null}
      {person.bio ? <p className="mt-2 text-slate-700">{person.bio}</p> : null}
      {person.linkedin ? (
        <a href={person.linkedin} className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-700 underline underline-offset-4">
          LinkedIn<span className="sr-only"> profile of {person.name}</span>
        </a>
      ) : null}
    </>
  );
}

function Badges({ title, intro, items }: BadgesSection) {
  const badges = items.filter((item) => item.image);
  if (badges.length === 0) return null;
  return (
    <section className="container-page py-14 sm:py-16">
      <SectionHeading title={title} intro={intro} />
      <ul className="mt-8 grid grid-cols-2 gap-6 sm:grid-cols-3 lg:grid-cols-4">
        {badges.map((badge) => (
          <li key={badge.image.src} className="flex flex-col items-center text-center">
            <StoredImage image={badge.image} alt={badge.name} sizes="128px" className="h-24 w-auto max-w-full object-contain" />
            {badge.detail ? <p className="mt-3 text-sm text-slate-700">{badge.detail}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Picture({ image, alt, caption }: ImageSection) {
  return (
    <figure className="container-page py-10">
      <StoredImage image={image} alt={alt} sizes="(min-width: 1280px) 1152px, 100vw" className="h-auto w-full rounded-xl bg-slate-100" />
      {caption ? <figcaption className="mt-3 text-center text-slate-700">{caption}</figcaption> : null}
    </figure>
  );
}

function Faq({ title, items }: FaqSection) {
  return (
    <section className="container-page py-14 sm:py-16">
      <SectionHeading title={title} />
      <div className="mt-8 max-w-3xl divide-y divide-slate-200 border-y border-slate-200">
        {items.map((item) => (
          <details key={item.question} className="group py-4">
            <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 font-semibold text-brand-900 [&::-webkit-details-marker]:hidden">
              <h3>{item.question}</h3>
              <span aria-hidden="true" className="text-xl transition-transform group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="mt-2 text-slate-700">
              <ContactText text={item.answer} />
            </p>
          </details>
        ))}
      </div>
    </section>
  );
}

function LinkGrid({ title, intro, items }: LinkGridSection) {
  return (
    <section className="container-page py-14 sm:py-16">
      <SectionHeading title={title} intro={intro} />
      <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <li key={item.href}>
            <Link to={item.href} className="block h-full rounded-xl border border-slate-200 p-6 shadow-sm transition hover:border-brand-600 hover:shadow-md">
              {item.icon ? <CardIcon name={item.icon} /> : null}
              <h3 className="text-lg font-semibold text-brand-800">{item.title}</h3>
              <p className="mt-2 text-slate-700">{item.body}</p>
              <span aria-hidden="true" className="mt-3 inline-block font-semibold text-brand-700">
                Learn more →
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Prose({ title, blocks }: ProseSection) {
  return (
    <section className="container-page py-8">
      <div className="max-w-3xl">
        <h2 className="text-2xl font-bold tracking-tight text-ink">{title}</h2>
        {blocks.map((block, index) =>
          "p" in block ? (
            <p key={index} className="mt-4 text-slate-700">
              <ContactText text={block.p} />
            </p>
          ) : (
            <ul key={index} className="mt-4 list-disc space-y-2 pl-6 text-slate-700">
              {block.list.map((item) => (
                <li key={item}>
                  <ContactText text={item} />
                </li>
              ))}
            </ul>
          ),
        )}
      </div>
    </section>
  );
}

function CaseStudies({ title, intro, cards, more }: CaseStudiesSection) {
  return (
    <section className="container-page py-14 sm:py-16">
      <SectionHeading title={title} intro={intro} />
      <div className="mt-8">
        <CaseStudyGrid cards={cards} />
      </div>
      {more ? (
        <div className="mt-8">
          <ActionLink action={more} variant="secondary" />
        </div>
      ) : null}
    </section>
  );
}

/**
 * A call to action. Closing a page and pointing at the consultation form, it is
 * a short lead-in with a link down to the form, which follows it on every page,
 * rather than a second banner asking the same thing right above it.
 */
function CallToAction({ title, body, action = consultationAction, closing }: CallToActionSection & { closing: boolean }) {
  if (closing && action.href === consultationAction.href) {
    return (
      <section className="container-page py-10 sm:py-12">
        <div className="max-w-3xl border-l-4 border-brand-600 pl-5 sm:pl-6">
          <h2 className="text-2xl font-bold tracking-tight text-ink">{title}</h2>
          <p className="mt-2 text-lg text-slate-700">
            <ContactText text={body} />
          </p>
          <a
            href={action.href}
            className="mt-3 inline-flex min-h-11 items-center gap-1.5 font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
          >
            {action.label}
            <span aria-hidden="true">↓</span>
          </a>
        </div>
      </section>
    );
  }
  return (
    <section className="container-page py-14 sm:py-16">
      <div className="rounded-2xl bg-brand-900 px-6 py-10 text-white sm:px-10">
        <h2 className="text-2xl font-bold sm:text-3xl">{title}</h2>
        <p className="mt-3 max-w-2xl text-lg text-brand-100">{body}</p>
        <div className="mt-6">
          <ActionLink action={action} variant="light" />
        </div>
      </div>
    </section>
  );
}
