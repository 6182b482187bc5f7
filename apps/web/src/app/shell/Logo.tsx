import { Link } from 'react-router';
import { Trophy } from 'lucide-react';
import { PRODUCT_NAME, paths } from '@contesthub/shared';

export function Logo() {
  return (
    <Link
      to={paths.home()}
      className="flex items-center gap-2 rounded-lg font-bold text-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-400"
      aria-label={`${PRODUCT_NAME} home`}
    >
      <span className="grid h-9 w-9 place-items-center rounded-xl bg-gradient-to-br from-emerald-400 to-emerald-700 text-amber-50 shadow-lg shadow-emerald-900/40">
        <Trophy className="h-5 w-5" aria-hidden />
      </span>
      <span className="text-lg tracking-tight">
        Contest<span className="text-emerald-400">Hub</span>
      </span>
    </Link>
  );
}
