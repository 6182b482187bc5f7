import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

/**
 * The WAI-ARIA menu button pattern for a button that opens a list of links and actions: Enter,
 * Space or ArrowDown open it on the first item, ArrowUp on the last; the arrows, Home and End
 * move between items (wrapping); Escape closes it and returns focus to the button; Tab or a press
 * outside closes it. Spread `buttonProps` on the button, `menuProps` on the menu element, keep both
 * inside the element given `rootRef`, and give each item role="menuitem" and tabIndex={-1}. The
 * menu also closes whenever `closeOn` changes (e.g. the location's path after an item was followed).
 */
export function useMenuButton(closeOn?: unknown) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const menuId = useId();

  useEffect(() => setOpen(false), [closeOn]);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    const list = items();
    (focusOnOpen.current === 'last' ? list[list.length - 1] : list[0])?.focus();
    const onPointer = (e: MouseEvent | TouchEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('touchstart', onPointer);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('touchstart', onPointer);
    };
  }, [open]);

  const openWith = (where: 'first' | 'last') => {
    focusOnOpen.current = where;
    setOpen(true);
  };

  const onButtonKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      openWith('first');
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      openWith('last');
    }
  };

  const onMenuKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (i: number) => {
      e.preventDefault();
      list[(i + list.length) % list.length]?.focus();
    };
    if (e.key === 'ArrowDown') move(index + 1);
    else if (e.key === 'ArrowUp') move(index - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(list.length - 1);
    else if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (e.key === 'Tab') setOpen(false);
  };

  return {
    open,
    close: () => setOpen(false),
    rootRef,
    buttonProps: {
      ref: buttonRef,
      type: 'button' as const,
      onClick: () => (open ? setOpen(false) : openWith('first')),
      onKeyDown: onButtonKeyDown,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      'aria-controls': open ? menuId : undefined,
    },
    menuProps: { ref: menuRef, id: menuId, role: 'menu', onKeyDown: onMenuKeyDown },
  };
}
