import { cn } from '../../lib/cn';

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join('');
}

export function UserAvatar({ name, src, size = 'md' }: { name: string; src?: string | null; size?: 'sm' | 'md' | 'lg' }) {
  const dims = size === 'sm' ? 'h-7 w-7 text-xs' : size === 'lg' ? 'h-16 w-16 text-xl' : 'h-9 w-9 text-sm';
  if (src) return <img src={src} alt="" className={cn('rounded-full object-cover ring-2 ring-slate-700', dims)} />;
  return (
    <span
      aria-hidden
      className={cn('grid place-items-center rounded-full bg-emerald-600/30 font-semibold text-emerald-200 ring-2 ring-slate-700', dims)}
    >
      {initials(name) || '?'}
    </span>
  );
}
