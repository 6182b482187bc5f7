import { Link } from 'react-router';
import { Info, OctagonAlert, TriangleAlert } from 'lucide-react';
import { FREE_TIER_CONTESTS_PER_MONTH, nounFor, paths, type TPublicUser } from '@contesthub/shared';
import { cn } from '../../../../lib/cn';

/**
 * Free-tier allowance (spec 001 §2): 0 left is limit reached (red), 1 or fewer a warning (yellow),
 * otherwise an info note. Premium tiers and admins see nothing.
 */
export function FreeTierBanner({ user }: { user: Pick<TPublicUser, 'role' | 'subscriptionTier' | 'monthlyContestCount'> }) {
  if (user.subscriptionTier !== 'free' || user.role === 'admin') return null;
  const remaining = Math.max(0, FREE_TIER_CONTESTS_PER_MONTH - user.monthlyContestCount);
  const level = remaining === 0 ? 'limit' : remaining <= 1 ? 'warning' : 'info';
  const Icon = level === 'limit' ? OctagonAlert : level === 'warning' ? TriangleAlert : Info;
  return (
    <div
      role={level === 'info' ? 'note' : 'alert'}
      data-level={level}
      className={cn(
        'flex flex-col gap-3 rounded-xl border p-4 text-sm sm:flex-row sm:items-center',
        level === 'limit' && 'border-red-500/40 bg-red-500/10 text-red-200',
        level === 'warning' && 'border-amber-500/40 bg-amber-500/10 text-amber-200',
        level === 'info' && 'border-sky-500/40 bg-sky-500/10 text-sky-200',
      )}
    >
      <Icon className="h-5 w-5 shrink-0" aria-hidden />
      <div className="min-w-0 flex-1">
        {level === 'limit' ? (
          <>
            <p className="font-semibold">Monthly contest limit reached</p>
            <p>You have used all {FREE_TIER_CONTESTS_PER_MONTH} free contests this month. Upgrade to Premium for unlimited contests.</p>
          </>
        ) : (
          <>
            <p className="font-semibold">
              {remaining} of {FREE_TIER_CONTESTS_PER_MONTH} free {nounFor(remaining, 'contest')} left this month
            </p>
            <p>The free plan allows {FREE_TIER_CONTESTS_PER_MONTH} contests per calendar month. Premium unlocks unlimited contests.</p>
          </>
        )}
      </div>
      <Link
        to={paths.dashboard.subscription()}
        className="shrink-0 self-start rounded-lg border border-current px-3 py-1.5 font-semibold hover:bg-white/5 sm:self-center"
      >
        {level === 'limit' ? 'Upgrade now' : 'View plans'}
      </Link>
    </div>
  );
}
