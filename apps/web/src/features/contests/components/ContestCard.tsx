import { Suspense, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Flag, Trash2 } from 'lucide-react';
import { contestActionLabel, formatNumber, formatVoteCount, type TContest, entryFeeText, paths } from '@contesthub/shared';
import { useAuth } from '../../../lib/auth';
import { useCan } from '../../../lib/permissions';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/card';
import type { ImageLoading } from '../../../components/ui/responsive-image';
import { cn } from '../../../lib/cn';
import { CARD_FRAME, CardFact, CardSkeleton } from '../../../components/ui/card-parts';
import { ContestCardCover, ContestCardHeading, ContestPrize } from './contest-card-parts';
import { lazyComponent, preloadWhenIdle } from '../../../lib/lazy';

const DeleteContestDialog = lazyComponent(() => import('./DeleteContestDialog').then((m) => m.DeleteContestDialog));
const ReportContestDialog = lazyComponent(() => import('./ReportContestDialog').then((m) => m.ReportContestDialog));

/**
 * A contest in a list (home featured, browse). Extra buttons by permission (spec 000 §6): whoever
 * may manage any contest (admins) may delete it, other signed-in people may report it, logged-out
 * visitors get neither. `imageLoading`: the cover's, by the card's place on the page (cardLoading).
 */
export function ContestCard({ contest, imageLoading }: { contest: TContest; imageLoading?: ImageLoading }) {
  const { user } = useAuth();
  const titleId = useId();
  const [dialog, setDialog] = useState<'report' | 'delete' | null>(null);
  const canDelete = useCan()('contests.manage_any');
  const signedIn = Boolean(user);
  useEffect(() => {
    if (signedIn) preloadWhenIdle(canDelete ? DeleteContestDialog : ReportContestDialog);
  }, [signedIn, canDelete]);

  return (
    <article aria-labelledby={titleId} className={cn(CARD_FRAME, 'transition-colors hover:border-slate-700')}>
      <ContestCardCover contest={contest} loading={imageLoading} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <ContestCardHeading contest={contest} titleId={titleId} />
        <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
          <CardFact label="Prize">
            <ContestPrize contest={contest} />
          </CardFact>
          <CardFact label="Entry fee">{entryFeeText(contest)}</CardFact>
          <CardFact label="Entries">{formatNumber(contest.entriesCount)}</CardFact>
          <CardFact label="Votes">{formatVoteCount(contest.stats.totalVotes)}</CardFact>
        </dl>
        <p className="flex min-w-0 items-center gap-2 text-sm text-slate-400">
          <UserAvatar name={contest.organizer.fullName} src={contest.organizer.profilePicture} size="sm" />
          <span className="min-w-0 truncate">
            by{' '}
            <Link
              to={paths.profile(contest.organizer._id)}
              className="font-medium text-slate-200 hover:text-emerald-300 focus-visible:rounded focus-visible:outline-2 focus-visible:outline-emerald-400"
            >
              {contest.organizer.fullName}
            </Link>
          </span>
        </p>
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          <ButtonLink to={paths.contest(contest._id)} aria-describedby={titleId} className="min-w-0 flex-1">
            {contestActionLabel(contest.status)}
          </ButtonLink>
          {user && !canDelete && (
            <Button
              variant="outline"
              aria-describedby={titleId}
              onClick={() => setDialog('report')}
              icon={<Flag className="h-4 w-4" aria-hidden />}
            >
              Report
            </Button>
          )}
          {canDelete && (
            <Button
              variant="danger"
              aria-describedby={titleId}
              onClick={() => setDialog('delete')}
              icon={<Trash2 className="h-4 w-4" aria-hidden />}
            >
              Delete
            </Button>
          )}
        </div>
      </div>
      <Suspense fallback={null}>
        {dialog === 'report' && <ReportContestDialog contest={contest} onClose={() => setDialog(null)} />}
        {dialog === 'delete' && <DeleteContestDialog contest={contest} onClose={() => setDialog(null)} />}
      </Suspense>
    </article>
  );
}

export function ContestCardSkeleton() {
  return (
    <CardSkeleton>
      <div className="grid grid-cols-2 gap-3">
        <Skeleton className="h-8" />
        <Skeleton className="h-8" />
        <Skeleton className="h-8" />
        <Skeleton className="h-8" />
      </div>
      <Skeleton className="h-10 w-full" />
    </CardSkeleton>
  );
}
