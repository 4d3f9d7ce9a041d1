import { startTransition, useEffect, useState, useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False during the server render and hydration, true afterwards. Lets a form
 * render for no-JavaScript browsers first (native `required` checks) and then
 * switch to scripted behaviour without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * Like `useHydrated`, but the switch to true is a transition, which React draws
 * in short slices instead of one blocking render. For the parts hydrated at
 * load (the header's): `useHydrated`'s switch is a render in the synchronous
 * lane, which also runs every effect of the hydration in the same task
 * (decision 027). And for a large part whose scripted version is built
 * differently from its no-JavaScript one, so the switch re-creates it (the
 * mobile menu: its details/summary become a button and a panel). The first
 * render is false even for a part mounted after hydration, so there the
 * no-JavaScript version shows for a moment.
 */
export function useHydratedInTransition(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
