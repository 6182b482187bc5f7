import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { PAGE_SIZES, paths } from '@contesthub/shared';
import { useFeaturedContests } from '../api/get-featured-contests';
import { ContestCard, ContestCardSkeleton } from './ContestCard';

const GRID = 'mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/** Home page featured contests (8). The section is left out when there are none or they fail to load. */
export function FeaturedContests() {
  const featured = useFeaturedContests(PAGE_SIZES.homeFeatured);
  if (featured.isError || (featured.data && featured.data.contests.length === 0)) return null;

  return (
    <section aria-labelledby="featured-heading" className="mx-auto max-w-7xl px-4 pt-20 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="featured-heading" className="text-3xl font-bold">
            Featured Contests
          </h2>
          <p className="mt-2 text-slate-400">Hand-picked contests to enter, vote on and follow.</p>
        </div>
        <Link
          to={paths.contests()}
          className="inline-flex items-center gap-1.5 rounded-lg font-semibold text-emerald-300 hover:text-emerald-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400"
        >
          View all contests <ArrowRight className="h-4 w-4" aria-hidden />
        </Link>
      </div>
      {featured.isPending ? (
        <div role="status" aria-label="Loading featured contests" className={GRID}>
          {Array.from({ length: 4 }, (_, i) => (
            <ContestCardSkeleton key={i} />
          ))}
        </div>
      ) : (
        <ul className={GRID}>
          {featured.data.contests.map((c) => (
            <li key={c._id} className="min-w-0">
              {/* Below the hero and the figures at 1280 × 800 and 390 × 844 alike: covers load lazily. */}
              <ContestCard contest={c} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
