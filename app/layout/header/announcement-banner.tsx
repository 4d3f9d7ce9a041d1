import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { bannerClosedCookie } from "#app/features/banner/banner-cookie.ts";
import { CloseIcon, PauseIcon, PlayIcon } from "#app/layout/header/icons.tsx";
import { useHydratedInTransition } from "#app/components/ui/use-hydrated.ts";
import { useSiteData, useSiteFacts } from "#app/layout/site-data.ts";

/** Spec §9: the banner shows the next message every 5 seconds. */
export const BANNER_ROTATION_MS = 5000;

/**
 * Closed in this tab since the page loaded. The layout is drawn again by the
 * root error boundary, and the root data is not reloaded on navigation; this
 * keeps a closed banner closed in both cases without a reload.
 */
let closedInThisTab = false;

/**
 * The rotating announcement banner (spec §2 Header, §4, WCAG 2.2.2).
 *
 * - Every message is rendered, stacked in one grid cell; only the current one
 *   is visible (the others are visibility:hidden, so neither seen, read nor
 *   focusable). The banner is as tall as its longest message, so rotating
 *   never moves the page.
 * - Rotation pauses while the pointer is over the banner or focus is inside it,
 *   and the Pause/Play button stops it until pressed again. The region is
 *   aria-live="off" while it rotates by itself and "polite" once stopped.
 * - Closing sets a session cookie. With JavaScript the banner goes at once;
 *   without, the button submits the form to POST /banner, which sets the same
 *   cookie and sends the visitor back. Either way the server then leaves the
 *   banner out of the HTML, so it never flashes.
 * - While the phone menu is open the page behind it is inert, and the banner's
 *   Pause and Close buttons are hidden: the menu's own Close is the one close
 *   control on screen.
 * - Without JavaScript the first message shows and the Pause button, which
 *   would do nothing, stays invisible (its space is kept, so nothing moves when
 *   it appears).
 */
export function AnnouncementBanner() {
  const rootData = useSiteData();
  const bannerMessages = useSiteFacts().banner;
  const hydrated = useHydratedInTransition();
  const { pathname, search } = useLocation();
  const [closed, setClosed] = useState(closedInThisTab);
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [rotated, setRotated] = useState(false);

  const rotating = hydrated && !paused && !hovered && !focused;

  useEffect(() => {
    if (!rotating) return;
    const timer = setTimeout(() => {
      setRotated(true);
      setCurrent((index) => (index + 1) % bannerMessages.length);
    }, BANNER_ROTATION_MS);
    return () => clearTimeout(timer);
  }, [rotating, current, bannerMessages.length]);

  if (closed || rootData?.bannerClosed) return null;

  function close(event: React.FormEvent) {
    event.preventDefault();
    document.cookie = bannerClosedCookie;
    closedInThisTab = true;
    setClosed(true);
    // The focused close button is about to disappear: continue from the top of the header.
    document.querySelector<HTMLElement>("header [data-home-link]")?.focus();
  }

  return (
    <section
      aria-label="Announcements"
      className="bg-brand-900 text-white"
      data-testid="announcement-banner"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="container-page flex items-center gap-1 py-1 sm:gap-2">
        <div className="grid flex-1 py-1.5 text-sm sm:text-center" aria-live={rotating ? "off" : "polite"} aria-atomic="true">
          {bannerMessages.map((message, index) => {
            const shown = index === current;
            return (
              <p
                // Two messages may read the same; their place tells them apart.
                key={index}
                data-banner-message=""
                data-current={shown ? "" : undefined}
                // The outgoing message fades out over the incoming one; only the current link can be used.
                inert={!shown}
                className={`[grid-area:1/1] ${rotated ? "transition-[opacity,visibility,translate] duration-500 ease-out motion-reduce:transition-none" : ""} ${
                  shown ? "visible translate-y-0 opacity-100" : "invisible opacity-0 motion-safe:translate-y-1"
                }`}
              >
                <Link to={message.href} className="rounded font-medium underline-offset-4 hover:underline">
                  {message.text}
                </Link>
              </p>
            );
          })}
        </div>
        <button
          type="button"
          className={`menu-open:invisible inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-medium text-brand-50 hover:bg-white/10 ${
            hydrated ? "" : "invisible"
          }`}
          onClick={() => setPaused((value) => !value)}
        >
          {paused ? <PlayIcon className="size-4" /> : <PauseIcon className="size-4" />}
          <span className="max-sm:sr-only">{paused ? "Play" : "Pause"}</span>
          <span className="sr-only"> announcements</span>
        </button>
        <form method="post" action="/banner" onSubmit={close} className="shrink-0 menu-open:invisible">
          <input type="hidden" name="returnTo" value={`${pathname}${search}`} />
          <button
            type="submit"
            aria-label="Close announcement"
            className="inline-flex size-11 items-center justify-center rounded-lg text-brand-50 hover:bg-white/10"
          >
            <CloseIcon className="size-5" />
          </button>
        </form>
      </div>
    </section>
  );
}
