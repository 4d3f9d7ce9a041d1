import { memo, Suspense, use, useEffect, useMemo, useRef, useState, type ComponentType, type Context, type ReactNode } from "react";
import { UNSAFE_LocationContext } from "react-router";
import { ROUTER_CONTEXTS } from "#app/layout/router-contexts.ts";

/** How far below the screen a part starts loading, so it is ready by the time it is scrolled to. */
const LOAD_MARGIN = "300px";
/**
 * A visitor reaching for a part loads it at once. These are watched on the window, before React
 * sees them: React listens on the document and stops an event aimed at a part it has not hydrated.
 */
const REACHING_EVENTS = ["pointerover", "pointerdown", "touchstart", "focusin"] as const;
/** How long a click on a link waits for its part to hydrate before the browser follows it as without scripts. */
const CLICK_HOLD_MS = 1500;

const LOCATION = ROUTER_CONTEXTS.indexOf(UNSAFE_LocationContext as Context<unknown>);

/** A deferred part, and a way for the code that reveals it (a dropdown opening) to want it before it is on screen. */
export type DeferredPart<Props extends object> = ComponentType<Props> & { want(): void };

export type DeferredPartOptions = {
  /**
   * Load and hydrate the part when it comes near the screen (the default). A part whose code is
   * already here and which only holds links (a page's text) sets it to false: it then stays the
   * server's HTML until the visitor reaches for it or the page changes (see `lazyPageBody`).
   */
  whenNear?: boolean;
};

const serverLoads: (() => Promise<void>)[] = [];
/** Set once the page has hydrated: a part mounted after that has no server HTML of its own and loads at once. */
let pageHydrated = false;

/** The server draws every part in full: their code is loaded before the first render (entry.server). */
export function loadDeferredParts(): Promise<unknown> {
  return Promise.all(serverLoads.map((load) => load()));
}

/**
 * A part of the layout whose code the browser loads only when it is wanted
 * (decision 017): when it comes near the screen, when the visitor points at
 * or focuses something in it, or when the page changes. Until then the
 * server's HTML stays as it is, which works without JavaScript (links are
 * links, forms post), and React hydrates it later on its own (selective
 * hydration of a Suspense boundary). A part hidden by CSS, such as the
 * mobile menu on a wide screen, is not loaded until the visitor navigates.
 *
 * `anchorId` is the id of the one element the part draws at the top of its
 * server HTML. The part is memoised: a parent's re-render with the same props
 * is not a change; new props load it at once. `want()` loads it at once too,
 * for the code that is about to show it.
 */
export function deferredPart<Props extends object = object>(
  anchorId: string,
  load: () => Promise<ComponentType<Props>>,
  { whenNear = true }: DeferredPartOptions = {},
): DeferredPart<Props> {
  let Loaded: ComponentType<Props> | undefined;
  let loading: Promise<void> | undefined;
  const start = () => (loading ??= load().then((component) => void (Loaded = component)));
  serverLoads.push(start);
  // Defined while the visitor navigates (a route module loaded for the new page): it will be drawn at once.
  if (pageHydrated) void start().catch(() => {});

  // The browser's side: the server's HTML as it arrived, and the promise React waits on.
  let serverHtml: string | undefined;
  let wanted: Promise<void> | undefined;
  let wantNow = () => {};
  /** The props the part was first asked to hydrate with. */
  let askedWith: Props | undefined;
  /** Wanted before React first asked for it. */
  let wantedEarly = false;
  /** Settles once the part has hydrated over its server HTML (true), or its code could not be loaded (false). */
  let settleHydration: (hydrated: boolean) => void = () => {};
  const hydration = new Promise<boolean>((resolve) => (settleHydration = resolve));

  function whenWanted(fromServerHtml: boolean): Promise<void> {
    wanted ??= new Promise<void>((resolve) => {
      const anchor = fromServerHtml ? document.getElementById(anchorId) : null;
      serverHtml = anchor?.outerHTML;
      const stopWatching = anchor ? watch(anchor, () => wantNow(), whenNear) : () => {};
      if (anchor) holdLinkClicks(anchor, hydration, () => wantNow());
      wantNow = () => {
        wantNow = () => {};
        stopWatching();
        start().then(resolve, (error: unknown) => {
          // A part that cannot be loaded (offline, a new deploy) stays the server's HTML, which works without scripts.
          console.warn(`Part #${anchorId} stays without scripts:`, error);
          settleHydration(false);
        });
      };
      // Nothing on the page to hydrate (the part appears after a navigation), or already wanted: load it now.
      if (!anchor || wantedEarly) wantNow();
    });
    return wanted;
  }

  function Part({ props, mountedAfterHydration, onHydrated }: { props: Props; mountedAfterHydration: boolean; onHydrated: () => void }) {
    useEffect(() => {
      settleHydration(true);
      onHydrated();
    }, [onHydrated]);
    if (!Loaded && typeof document === "undefined") {
      // On the server the parts are loaded before the first render; a stream would wait, a region drawn apart would not.
      use(start());
    } else if (!Loaded) {
      const promise = whenWanted(!mountedAfterHydration);
      // Asked again with new props before it was wanted, React is waiting for it: load it now. Asked again
      // with the same props, React is only retrying the suspended part (an interrupted or repeated hydration
      // attempt, or one for an event the window's listeners have already seen), which is no reason to load it.
      if (askedWith !== undefined && askedWith !== props) wantNow();
      askedWith ??= props;
      use(promise);
    }
    return Loaded ? <Loaded {...props} /> : null;
  }

  /** The server's HTML, inert: shown if React must draw the part before its code arrives (an update it cannot wait for). */
  function StaticCopy() {
    return serverHtml ? <div className="contents" dangerouslySetInnerHTML={{ __html: serverHtml }} /> : null;
  }

  /**
   * Holds the part to the router's state it was drawn with until it has
   * hydrated, then follows it. React hydrates a dehydrated boundary against
   * the server's HTML, so it must see what the server saw. And it marks such
   * a boundary as changed whenever a context above it changes (it cannot
   * know which ones the part reads), after which the change waits for the
   * part: a routine router update, such as the routes it discovers after
   * loading, would then load every part. This component reads every router
   * context, so a change stops here, and hands the part the values it froze.
   */
  function RouterSnapshot({ props, mountedAfterHydration }: { props: Props; mountedAfterHydration: boolean }) {
    const live = ROUTER_CONTEXTS.map((context) => use(context));
    const [frozen] = useState(live);
    const [hydrated, setHydrated] = useState(mountedAfterHydration);
    const onHydrated = useMemo(() => () => setHydrated(true), []);
    // A new page: the part is wanted now, to follow it.
    if (!hydrated && live[LOCATION] !== frozen[LOCATION]) wantNow();
    const part = useMemo(() => {
      const loaded = <Part props={props} mountedAfterHydration={mountedAfterHydration} onHydrated={onHydrated} />;
      // A part mounted after hydration has no server HTML of its own (`serverHtml` is another page's). It has no
      // boundary of its own either: the navigation that mounts it waits for its code, as it waits for the route's,
      // and the old page stays on screen meanwhile instead of the new one appearing without it.
      return mountedAfterHydration ? loaded : <Suspense fallback={<StaticCopy />}>{loaded}</Suspense>;
    }, [props, mountedAfterHydration, onHydrated]);
    return withContexts(hydrated ? live : frozen, part);
  }

  const part = memo(function DeferredPart(props: Props) {
    const mountedAfterHydration = useRef(pageHydrated);
    useEffect(() => void (pageHydrated = true), []);
    return <RouterSnapshot props={props} mountedAfterHydration={mountedAfterHydration.current} />;
  });
  return Object.assign(part, {
    want() {
      wantedEarly = true;
      wantNow();
    },
  });
}

/**
 * A page's text and links (a page has one), whose code is loaded when wanted (decision 020):
 * hydrating them at load would only re-create on the phone what the server already drew, so
 * they stay the server's HTML, and their code is not even fetched, until the visitor points
 * at, touches or focuses something in them (React then hydrates them and replays the click on
 * the link) or the page changes. They are drawn inside `#page-body`, which takes no box of its own.
 */
export function lazyPageBody<Props extends object>(load: () => Promise<ComponentType<Props>>): DeferredPart<Props> {
  return anchoredPart("page-body", load);
}

/**
 * A deferred part whose component does not draw its anchor itself: it is drawn inside an
 * element with that id. The anchor takes no box of its own, so it cannot be seen coming
 * near the screen: the part loads when the visitor reaches for it or the page changes.
 * One part of an id is on a page at a time.
 */
export function anchoredPart<Props extends object>(anchorId: string, load: () => Promise<ComponentType<Props>>): DeferredPart<Props> {
  return deferredPart(
    anchorId,
    () =>
      load().then(
        (Part) =>
          function Anchored(props: Props) {
            return (
              <div id={anchorId} className="contents">
                <Part {...props} />
              </div>
            );
          },
      ),
    { whenNear: false },
  );
}

/** A page body whose code the route needs anyway (its hero is drawn from the same modules): only its hydration waits. */
export function staticPageBody<Props extends object>(Body: ComponentType<Props>): DeferredPart<Props> {
  return lazyPageBody(() => Promise.resolve(Body));
}

function withContexts(values: unknown[], children: ReactNode): ReactNode {
  return ROUTER_CONTEXTS.reduce<ReactNode>((inner, Context, index) => <Context value={values[index]}>{inner}</Context>, children);
}

/**
 * A click on a link in a part's server HTML before React has taken the part over (a tap, or Enter
 * right after Tab, quicker than the part's code) would leave the page for a full load. It asks for
 * the part and waits for it instead, then is clicked again for the router; if the part cannot
 * hydrate within `CLICK_HOLD_MS`, the browser follows the link as it would without scripts.
 */
function holdLinkClicks(element: Element, hydration: Promise<boolean>, onWanted: () => void): void {
  let hydrated = false;
  // On the window: React, listening on the document, stops a click on a part it has not hydrated yet.
  function onClick(event: Event) {
    const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
    if (hydrated || !(link instanceof HTMLAnchorElement) || !element.contains(link) || !(event instanceof MouseEvent) || !leavesThePage(event, link)) return;
    event.preventDefault();
    onWanted();
    let followed = false;
    const follow = (byRouter: boolean) => {
      if (followed) return;
      followed = true;
      if (byRouter && link.isConnected) link.click();
      else location.assign(link.href);
    };
    const timer = setTimeout(() => follow(false), CLICK_HOLD_MS);
    void hydration.then((done) => {
      clearTimeout(timer);
      follow(done);
    });
  }
  window.addEventListener("click", onClick, { capture: true });
  void hydration.then(() => {
    hydrated = true;
    window.removeEventListener("click", onClick, { capture: true });
  });
}

/** A plain click that would load another page of this site in this tab (not a new tab, a download or a jump within the page). */
function leavesThePage(event: MouseEvent, link: HTMLAnchorElement): boolean {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if ((link.target && link.target !== "_self") || link.hasAttribute("download") || link.origin !== location.origin) return false;
  return !(link.pathname === location.pathname && link.search === location.search && link.hash);
}

/**
 * Calls `onWanted` once the visitor reaches for the element, or (`whenNear`) once it nears the screen.
 * An element without a box of its own (`display: contents`, an island's) is near when one of its children is.
 */
export function watch(element: Element, onWanted: () => void, whenNear: boolean): () => void {
  const observer = whenNear
    ? new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && onWanted(), { rootMargin: LOAD_MARGIN })
    : null;
  const boxes = observer && getComputedStyle(element).display === "contents" ? [...element.children] : [element];
  for (const box of boxes) observer?.observe(box);
  const onEvent = (event: Event) => event.target instanceof Node && element.contains(event.target) && onWanted();
  for (const type of REACHING_EVENTS) window.addEventListener(type, onEvent, { capture: true, passive: true });
  return () => {
    observer?.disconnect();
    for (const type of REACHING_EVENTS) window.removeEventListener(type, onEvent, { capture: true });
  };
}
