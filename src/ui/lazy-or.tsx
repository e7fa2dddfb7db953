import { lazy, type ComponentType } from 'react';

/**
 * React.lazy for a notice or screen fetched when first shown, whose file may be out of reach: offline on a first visit,
 * before the service worker has stored it. Then `Fallback` is drawn instead of the failed import reaching the screen's
 * error boundary (whose own screen is fetched the same way: the router would reload the page, into the browser's
 * offline page).
 */
export function lazyOr<P extends object>(load: () => Promise<ComponentType<P>>, Fallback: ComponentType<P>) {
  return lazy(() => load().then((component) => ({ default: component }), () => ({ default: Fallback })));
}

const Nothing = () => null;

/** No fallback: a notice that cannot be fetched is simply not shown. */
export const lazyOrNothing = <P extends object>(load: () => Promise<ComponentType<P>>) => lazyOr<P>(load, Nothing);
