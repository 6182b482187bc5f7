import { cn } from '../../lib/cn';

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join('');
}

/** Each size's box: its classes and its width in CSS px (the img's width and height attributes). */
const SIZES = {
  sm: { dims: 'h-7 w-7 text-xs', px: 28 },
  md: { dims: 'h-9 w-9 text-sm', px: 36 },
  lg: { dims: 'h-16 w-16 text-xl', px: 64 },
} as const;

export function UserAvatar({ name, src, size = 'md' }: { name: string; src?: string | null; size?: 'sm' | 'md' | 'lg' }) {
  const { dims, px } = SIZES[size];
  if (src) {
    return (
      <img
        loading="lazy"
        decoding="async"
        width={px}
        height={px}
        alt=""
        src={src}
        className={cn('rounded-full object-cover ring-2 ring-slate-700', dims)}
      />
    );
  }
  return (
    <span
      aria-hidden
      className={cn('grid place-items-center rounded-full bg-emerald-600/30 font-semibold text-emerald-200 ring-2 ring-slate-700', dims)}
    >
      {initials(name) || '?'}
    </span>
  );
}
