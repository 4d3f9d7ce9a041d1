import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { contentPages, pagesWithOwnRoute } from "./content/pages/index.ts";

export default [
  index("routes/home.tsx"),
  // One route module draws every content page from its data; the portfolio adds its case studies,
  // the contact page puts the consultation form under its title, and the event page adds the event.
  ...contentPages
    .filter((page) => !pagesWithOwnRoute.includes(page.path))
    .map((page) => route(page.path, "routes/content-page.tsx", { id: `content${page.path}` })),
  route("contact-us", "routes/contact-us.tsx"),
  route("portfolio", "routes/portfolio.tsx"),
  route("kraf-think-2025", "routes/kraf-think-2025.tsx"),
  route("kraf-think-2025/calendar.ics", "routes/kraf-think-2025.calendar[.]ics.ts"),
  route("events/:slug", "routes/events.$slug.tsx"),
  route("events/:slug/calendar.ics", "routes/events.$slug.calendar[.]ics.ts"),
  route("portfolio/:slug", "routes/portfolio.$slug.tsx"),
  route("careers", "routes/careers.tsx"),
  route("careers/registration", "routes/careers.registration.tsx"),
  route("careers/:id", "routes/careers.$id.tsx"),
  route("featured-insights", "routes/featured-insights.tsx"),
  route("featured-insights/rss.xml", "routes/featured-insights.rss[.]xml.ts"),
  route("featured-insights/:id", "routes/featured-insights.$id.tsx"),
  route("newsletter", "routes/newsletter.tsx"),
  route("newsletter/confirm", "routes/newsletter.confirm.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter.unsubscribe.tsx"),
  route("consultation", "routes/consultation.tsx"),
  route("staff", "routes/staff.tsx", [
    index("routes/staff._index.tsx"),
    route("sign-in", "routes/staff.sign-in.tsx"),
    route("sign-out", "routes/staff.sign-out.ts"),
    route("forgot-password", "routes/staff.forgot-password.tsx"),
    route("set-password", "routes/staff.set-password.tsx"),
    route("files/*", "routes/staff.files.$.ts"),
    route("media", "routes/staff.media.ts"),
    route("consultations", "routes/staff.consultations.tsx"),
    route("consultations/export.csv", "routes/staff.consultations.export[.]csv.ts"),
    route("consultations/:id", "routes/staff.consultations.$id.tsx"),
    route("subscribers", "routes/staff.subscribers.tsx"),
    route("subscribers/export.csv", "routes/staff.subscribers.export[.]csv.ts"),
    route("subscribers/:id/erase", "routes/staff.subscribers.$id.erase.tsx"),
    route("events", "routes/staff.events.tsx"),
    route("events/export.csv", "routes/staff.events.export[.]csv.ts"),
    route("figures", "routes/staff.figures.tsx"),
    route("figures/export.csv", "routes/staff.figures.export[.]csv.ts"),
    route("events/registrations/:id", "routes/staff.events.registrations.$id.tsx"),
    route("outbox", "routes/staff.outbox.tsx"),
    route("outbox/:id", "routes/staff.outbox.$id.tsx"),
    route("reply-templates", "routes/staff.reply-templates.tsx"),
    route("audit", "routes/staff.audit.tsx"),
    route("accounts", "routes/staff.accounts.tsx"),
    route("business-hours", "routes/staff.business-hours.tsx"),
    route("teams", "routes/staff.teams.tsx"),
    route("account", "routes/staff.account.tsx"),
    // One set of route modules draws every kind of content: its list, a new one, editing, preview and history.
    // Registered once with the kind as a parameter (and once for the kind two folders deep), not once per kind:
    // every request is matched against the whole table, so its length is paid on every page.
    ...["events/editions", ":kind"].flatMap((kind) => {
      const id = kind === ":kind" ? "staff-content" : "staff-events-editions";
      return [
        route(kind, "routes/staff.content._index.tsx", { id }),
        route(`${kind}/new`, "routes/staff.content.new.tsx", { id: `${id}-new` }),
        route(`${kind}/:id`, "routes/staff.content.$id.tsx", { id: `${id}-edit` }),
        route(`${kind}/:id/preview`, "routes/staff.content.$id.preview.tsx", { id: `${id}-preview` }),
        route(`${kind}/:id/history`, "routes/staff.content.$id.history.tsx", { id: `${id}-history` }),
      ];
    }),
    route("applications", "routes/staff.applications._index.tsx"),
    route("applications/export.csv", "routes/staff.applications.export[.]csv.ts"),
    route("applications/:id", "routes/staff.applications.$id.tsx"),
    route("vitals", "routes/staff.vitals.tsx"),
    route("redirects", "routes/staff.redirects.tsx"),
    route("site", "routes/staff.site.tsx"),
    route("site/history", "routes/staff.content.$id.history.tsx", { id: "staff-site-history" }),
    route("*", "routes/staff.not-found.tsx"),
  ]),
  route("applications/status/:token", "routes/applications.status.$token.tsx"),
  route("banner", "routes/banner.ts"),
  route("vitals", "routes/vitals.ts"),
  route("robots.txt", "routes/robots[.]txt.ts"),
  route("sitemap.xml", "routes/sitemap[.]xml.ts"),
  route("media/:id/:file", "routes/media.$id.$file.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
