import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';
import { rovingIndex } from './roving';

export interface TabItem<T extends string> {
  id: T;
  label: string;
  icon?: LucideIcon;
}

/** Ids that tie a tab to its panel; one per Tabs instance. */
export function useTabIds(): { tab: (id: string) => string; panel: (id: string) => string } {
  const base = useId();
  return { tab: (id) => `${base}-tab-${id}`, panel: (id) => `${base}-panel-${id}` };
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys move between tabs (wrapping), Home and End
 * jump to the ends, and only the selected tab is in the Tab order. The strip is one row that never
 * wraps: on a narrow screen it scrolls sideways (snapping to a tab's start) instead of widening the
 * page, and the selected tab is scrolled into view whenever it changes.
 */
export function Tabs<T extends string>({
  tabs,
  value,
  onChange,
  ids,
  label,
  className,
}: {
  tabs: ReadonlyArray<TabItem<T>>;
  value: T;
  onChange: (id: T) => void;
  ids: ReturnType<typeof useTabIds>;
  label: string;
  className?: string;
}) {
  const refs = useRef(new Map<T, HTMLButtonElement>());
  const listRef = useRef<HTMLDivElement>(null);
  const scrolled = useRef(false);

  // Scrolls the strip only (never the page) so the selected tab shows in full.
  useEffect(() => {
    const list = listRef.current;
    const tab = refs.current.get(value);
    const smooth = scrolled.current && !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    scrolled.current = true;
    if (!list || !tab) return;
    // Where the tab sits in the strip's scrolled content.
    const start = tab.getBoundingClientRect().left - list.getBoundingClientRect().left - list.clientLeft + list.scrollLeft;
    const end = start + tab.getBoundingClientRect().width;
    if (start >= list.scrollLeft && end <= list.scrollLeft + list.clientWidth) return;
    // The tab's start is a snap position (scroll-padding included), so the snap keeps it there.
    const left = start - parseFloat(getComputedStyle(list).scrollPaddingLeft || '0');
    if (typeof list.scrollTo === 'function') list.scrollTo({ left, behavior: smooth ? 'smooth' : 'auto' });
    else list.scrollLeft = left;
  }, [value]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = rovingIndex(
      e.key,
      tabs.findIndex((t) => t.id === value),
      tabs.length,
    );
    if (next < 0) return;
    e.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.id);
    refs.current.get(tab.id)?.focus();
  };

  return (
    <div
      ref={listRef}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className={cn(
        'flex max-w-full snap-x snap-mandatory scroll-px-1 flex-nowrap gap-1 overflow-x-auto overscroll-x-contain rounded-xl border border-slate-800 bg-slate-900/60 p-1 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden',
        className,
      )}
    >
      {tabs.map(({ id, label: text, icon: Icon }) => {
        const selected = id === value;
        return (
          <button
            key={id}
            ref={(el) => {
              if (el) refs.current.set(id, el);
              else refs.current.delete(id);
            }}
            type="button"
            role="tab"
            id={ids.tab(id)}
            aria-selected={selected}
            aria-controls={ids.panel(id)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(id)}
            className={cn(
              'inline-flex flex-1 shrink-0 snap-start items-center justify-center gap-2 whitespace-nowrap rounded-lg px-3 py-2 text-center text-sm font-medium leading-tight transition-colors sm:flex-none focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-emerald-400',
              selected ? 'bg-emerald-500/15 text-emerald-300' : 'text-slate-400 hover:bg-slate-800 hover:text-slate-100',
            )}
          >
            {Icon && <Icon className="hidden h-4 w-4 sm:block" aria-hidden />}
            {text}
          </button>
        );
      })}
    </div>
  );
}

/** Mounted the first time its tab is selected, then kept (hidden) so edits survive switching tabs. */
export function TabPanel({
  id,
  ids,
  active,
  children,
  className,
}: {
  id: string;
  ids: ReturnType<typeof useTabIds>;
  active: boolean;
  children: ReactNode;
  className?: string;
}) {
  const [seen, setSeen] = useState(active);
  if (active && !seen) setSeen(true);
  if (!seen && !active) return null;
  return (
    <div
      role="tabpanel"
      id={ids.panel(id)}
      aria-labelledby={ids.tab(id)}
      hidden={!active}
      tabIndex={0}
      className={cn('focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-emerald-400/60', className)}
    >
      {children}
    </div>
  );
}
