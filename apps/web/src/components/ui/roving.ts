import { useRef, type KeyboardEvent } from 'react';

/**
 * Where the arrow keys, Home and End move in a row of `count` options from `index` (the arrows
 * wrap around); -1 for any other key. Tabs and radio groups share it.
 */
export function rovingIndex(key: string, index: number, count: number): number {
  if (key === 'ArrowRight' || key === 'ArrowDown') return (index + 1) % count;
  if (key === 'ArrowLeft' || key === 'ArrowUp') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return -1;
}

/**
 * A radio group drawn as buttons (a segmented control): only the checked option is in the Tab
 * order, and the arrows, Home and End check and focus the next one, like native radios. Spread
 * `groupProps` on the role="radiogroup" element and `radioProps(option)` on each button.
 */
export function useRadioGroup<T extends string>(options: readonly T[], value: T, onChange: (option: T) => void) {
  const buttons = useRef(new Map<T, HTMLButtonElement>());
  return {
    groupProps: {
      role: 'radiogroup',
      onKeyDown: (e: KeyboardEvent<HTMLElement>) => {
        const option = options[rovingIndex(e.key, options.indexOf(value), options.length)];
        if (option === undefined) return;
        e.preventDefault();
        onChange(option);
        buttons.current.get(option)?.focus();
      },
    },
    radioProps: (option: T) => ({
      type: 'button' as const,
      role: 'radio',
      'aria-checked': option === value,
      tabIndex: option === value ? 0 : -1,
      onClick: () => onChange(option),
      ref: (el: HTMLButtonElement | null) => {
        if (el) buttons.current.set(option, el);
        else buttons.current.delete(option);
      },
    }),
  };
}
