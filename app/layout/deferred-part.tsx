import { memo, Suspense, use, useEffect, useMemo, useRef, useState, type ComponentType, type Context, type ReactNode } from "react";
import { UNSAFE_LocationContext } from "react-router";
import { ROUTER_CONTEXTS } from "#app/layout/router-contexts.ts";

/** How far below the screen a part starts loading, so it is ready by the time it is scrolled to. */
const LOAD_MARGIN = "300px";
/** A visitor reaching for a part loads it at once; React replays the click once the part is hydrated. */
const REACHING_EVENTS = ["pointerover", "pointerdown", "touchstart", "focusin"] as const;

const LOCATION = ROUTER_CONTEXTS.indexOf(UNSAFE_LocationContext as Context<unknown>);

export type DeferredPartOptions = {
  /**
   * Load and hydrate the part when it comes near the screen (the default). A part whose code is
   * already here and which only holds links (a page's text) sets it to false: it then stays the
   * server's HTML until the visitor reaches for it or the page changes (see `staticPageBody`).
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
 * is not a change; new props load it at once.
 */
export function deferredPart<Props extends object = object>(
  anchorId: string,
  load: () => Promise<ComponentType<Props>>,
  { whenNear = true }: DeferredPartOptions = {},
): ComponentType<Props> {
  let Loaded: ComponentType<Props> | undefined;
  let loading: Promise<void> | undefined;
  const start = () => (loading ??= load().then((component) => void (Loaded = component)));
  serverLoads.push(start);

  // The browser's side: the server's HTML as it arrived, and the promise React waits on.
  let serverHtml: string | undefined;
  let wanted: Promise<void> | undefined;
  let wantNow = () => {};
  /** The props the part was first asked to hydrate with. */
  let askedWith: Props | undefined;

  function whenWanted(fromServerHtml: boolean): Promise<void> {
    wanted ??= new Promise<void>((resolve) => {
      const anchor = fromServerHtml ? document.getElementById(anchorId) : null;
      serverHtml = anchor?.outerHTML;
      const stopWatching = anchor ? watch(anchor, () => wantNow(), whenNear) : () => {};
      wantNow = () => {
        wantNow = () => {};
        stopWatching();
        // A part that cannot be loaded (offline, a new deploy) stays the server's HTML, which works without scripts.
        start().then(resolve, (error: unknown) => console.warn(`Part #${anchorId} stays without scripts:`, error));
      };
      // Nothing on the page to hydrate (the part appears after a navigation): load it now.
      if (!anchor) wantNow();
    });
    return wanted;
  }

  function Part({ props, mountedAfterHydration, onHydrated }: { props: Props; mountedAfterHydration: boolean; onHydrated: () => void }) {
    useEffect(onHydrated, [onHydrated]);
    if (!Loaded && typeof document === "undefined") {
      // On the server the parts are loaded before the first render; a stream would wait, a region drawn apart would not.
      use(start());
    } else if (!Loaded) {
      const promise = whenWanted(!mountedAfterHydration);
      // Asked again before it was wanted, React is waiting for it: with new props, or to hand it an event
      // (a click on its server HTML, which React replays once it is hydrated). Load it now. Asked again
      // with the same props and no event, React is only retrying the suspended part (an interrupted or
      // repeated hydration attempt), which is no reason to load it.
      if (askedWith !== undefined && (askedWith !== props || window.event !== undefined)) wantNow();
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
    const part = useMemo(
      () => (
        // A part mounted after hydration has no server HTML of its own; `serverHtml` is another page's.
        <Suspense fallback={mountedAfterHydration ? null : <StaticCopy />}>
          <Part props={props} mountedAfterHydration={mountedAfterHydration} onHydrated={onHydrated} />
        </Suspense>
      ),
      [props, mountedAfterHydration, onHydrated],
    );
    return withContexts(hydrated ? live : frozen, part);
  }

  return memo(function DeferredPart(props: Props) {
    const mountedAfterHydration = useRef(pageHydrated);
    useEffect(() => void (pageHydrated = true), []);
    return <RouterSnapshot props={props} mountedAfterHydration={mountedAfterHydration.current} />;
  });
}

/**
 * A page's text and links (a page has one), whose code is already here (decision 017):
 * hydrating them at load would only re-create on the phone what the server already
 * drew, so they stay the server's HTML until the visitor points at, touches or focuses
 * something in them (React then hydrates them and replays the click on the link) or
 * the page changes. They are drawn inside `#page-body`, which takes no box of its own.
 */
export function staticPageBody<Props extends object>(Body: ComponentType<Props>): ComponentType<Props> {
  const anchorId = "page-body";
  function Anchored(props: Props) {
    return (
      <div id={anchorId} className="contents">
        <Body {...props} />
      </div>
    );
  }
  return deferredPart(anchorId, () => Promise.resolve(Anchored), { whenNear: false });
}

function withContexts(values: unknown[], children: ReactNode): ReactNode {
  return ROUTER_CONTEXTS.reduce<ReactNode>((inner, Context, index) => <Context value={values[index]}>{inner}</Context>, children);
}

/** Calls `onWanted` once the visitor reaches for the element, or (`whenNear`) once it nears the screen. */
function watch(element: Element, onWanted: () => void, whenNear: boolean): () => void {
  const observer = whenNear ? new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && onWanted(), { rootMargin: LOAD_MARGIN }) : null;
  observer?.observe(element);
  for (const type of REACHING_EVENTS) element.addEventListener(type, onWanted, { capture: true, passive: true });
  return () => {
    observer?.disconnect();
    for (const type of REACHING_EVENTS) element.removeEventListener(type, onWanted, { capture: true });
  };
}
