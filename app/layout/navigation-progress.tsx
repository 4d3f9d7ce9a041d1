import { useContext, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";
import { UNSAFE_DataRouterContext, useLocation, useNavigate, useNavigation, type Location } from "react-router";
import { LogoMark } from "#app/layout/logo.tsx";

/** A navigation shorter than this shows no spinner, so fast pages never flash. */
const SPINNER_DELAY_MS = 400;
/** Spec §9: a lazily loaded page that takes longer than this is treated as failed. */
const CHUNK_TIMEOUT_MS = 120_000;

/**
 * React Router reloads the current document when a page's code fails to load.
 * The target of the navigation in progress is kept here, so that after such a
 * reload the visitor is told what failed and can retry it.
 */
const PENDING_KEY = "pending-navigation";

type Phase = "spinner" | "timeout";

let failedAtLoad: string | null | undefined;

/** The navigation a reload interrupted, read once per page load. */
function interruptedNavigation(): string | null {
  if (failedAtLoad === undefined) {
    const pending = sessionStorage.getItem(PENDING_KEY);
    sessionStorage.removeItem(PENDING_KEY);
    const here = window.location.pathname + window.location.search + window.location.hash;
    failedAtLoad = pending && pending !== here ? pending : null;
  }
  return failedAtLoad;
}
const noSubscription = () => () => {};

const hrefOf = (location: Location) => location.pathname + location.search + location.hash;

/**
 * Keeps the target of the navigation in progress under PENDING_KEY. React
 * Router reloads the document as soon as the page's code fails to import; on
 * a busy machine that is before React has rendered the loading state, so an
 * effect of `useNavigation` may never run. The router tells its subscribers
 * synchronously, before it starts the import; no public hook reaches it, hence
 * the UNSAFE_ context. A layout effect subscribes in the same commit as React
 * Router's own subscription, so no client navigation can start unheard.
 */
function useRememberPendingNavigation() {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  useLayoutEffect(() => {
    if (!router) return;
    let pending: string | null = null;
    return router.subscribe(({ navigation }) => {
      const target = navigation.state === "loading" ? hrefOf(navigation.location) : null;
      if (target === pending) return;
      pending = target;
      // Only a navigation this document started is cleared: the key a reload
      // left behind is still to be read by interruptedNavigation().
      if (target) sessionStorage.setItem(PENDING_KEY, target);
      else sessionStorage.removeItem(PENDING_KEY);
    });
  }, [router]);
}

/** `showSpinner` is off while the page shows a skeleton of what is loading instead. */
export function NavigationProgress({ showSpinner = true }: { showSpinner?: boolean }) {
  const navigation = useNavigation();
  const location = useLocation();
  const navigate = useNavigate();
  useRememberPendingNavigation();
  const [phase, setPhase] = useState<{ href: string; phase: Phase } | null>(null);
  const failedHref = useSyncExternalStore(noSubscription, interruptedNavigation, () => null);
  const [failureDismissed, setFailureDismissed] = useState(false);
  const target = navigation.state === "loading" ? navigation.location : undefined;
  const targetHref = target ? hrefOf(target) : null;
  const current = phase && phase.href === targetHref ? phase.phase : null;

  useEffect(() => {
    if (!targetHref) return;
    const spinner = setTimeout(() => setPhase({ href: targetHref, phase: "spinner" }), SPINNER_DELAY_MS);
    const timeout = setTimeout(() => setPhase({ href: targetHref, phase: "timeout" }), CHUNK_TIMEOUT_MS);
    return () => {
      clearTimeout(spinner);
      clearTimeout(timeout);
    };
  }, [targetHref]);

  if (targetHref && current === "timeout") {
    return <LoadFailure href={targetHref} message="This page is taking too long to load." onDismiss={() => navigate(location, { replace: true })} />;
  }
  if (targetHref && current === "spinner" && showSpinner) {
    return (
      <div className="fixed inset-0 z-[60] flex items-center justify-center bg-white/85" role="status">
        <LogoMark className="size-14 animate-pulse" />
        <span className="sr-only">Loading page…</span>
      </div>
    );
  }
  if (failedHref && !failureDismissed) {
    return <LoadFailure href={failedHref} message="We could not load that page." onDismiss={() => setFailureDismissed(true)} />;
  }
  return null;
}

function LoadFailure({ href, message, onDismiss }: { href: string; message: string; onDismiss: () => void }) {
  const retry = useRef<HTMLAnchorElement>(null);
  useEffect(() => retry.current?.focus(), []);
  return (
    <div className="fixed inset-0 z-[60] flex items-center justify-center bg-white/90 p-4">
      <div
        role="alertdialog"
        aria-labelledby="load-failure-title"
        aria-describedby="load-failure-body"
        className="max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-xl"
      >
        <LogoMark className="mx-auto size-12" />
        <h2 id="load-failure-title" className="mt-4 text-xl font-bold">
          {message}
        </h2>
        <p id="load-failure-body" className="mt-2 text-slate-700">
          Check your connection and try again.
        </p>
        <div className="mt-6 flex justify-center gap-3">
          {/* A full page load: the server renders the page even if its script cannot load. */}
          <a ref={retry} href={href} className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800">
            Retry
          </a>
          <button type="button" onClick={onDismiss} className="min-h-11 rounded-lg border border-slate-300 px-5 font-semibold text-slate-800 hover:bg-slate-50">
            Stay on this page
          </button>
        </div>
      </div>
    </div>
  );
}
