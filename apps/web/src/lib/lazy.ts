/**
 * Code the first screen does not need (a dialog opened by a click), loaded on first render instead
 * of with the page. Each lazy component can also be fetched ahead: `preloadWhenIdle` asks for it
 * once the page has loaded and the main thread is idle, so the dialog opens at once on a click
 * without its bytes competing with the page's own on a slow connection.
 */
import { lazy, type ComponentType } from 'react';

export type LazyComponent<P> = ComponentType<P> & { preload: () => Promise<unknown> };

export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => (loading ??= load());
  const Component = lazy(async () => ({ default: await preload() }));
  return Object.assign(Component, { preload }) as unknown as LazyComponent<P>;
}

const whenIdle = (fn: () => void) =>
  typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(fn, { timeout: 5000 }) : window.setTimeout(fn, 1000);

/** Fetches these components' code after the page's load event, when the browser is idle. */
export function preloadWhenIdle(...components: Array<{ preload: () => Promise<unknown> }>): void {
  const start = () => whenIdle(() => components.forEach((c) => void c.preload().catch(() => undefined)));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
