import { useEffect, useRef } from "react";

/** Calls `onChange(matches)` whenever the media query starts or stops matching. Browser only. */
export function useMediaQueryChange(query: string, onChange: (matches: boolean) => void) {
  const callback = useRef(onChange);
  useEffect(() => {
    callback.current = onChange;
  });
  useEffect(() => {
    const list = window.matchMedia(query);
    const listener = (event: MediaQueryListEvent) => callback.current(event.matches);
    list.addEventListener("change", listener);
    return () => list.removeEventListener("change", listener);
  }, [query]);
}
