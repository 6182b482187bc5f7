import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Ban, ClipboardCheck, ExternalLink, Eye, Flag, Lock, Pencil, Trash2 } from 'lucide-react';
import { formatNumber, formatVoteCount, type TContest, paths } from '@contesthub/shared';
import { Button, buttonClass } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/card';
import { CARD_FRAME, CardFact, CardSkeleton } from '../../../components/ui/card-parts';
import { ContestCardCover, ContestCardHeading, ContestPrize } from './contest-card-parts';
import { allowedMoves, canEdit, publicActionLabel } from '../lib/contest-labels';
import type { StatusTarget } from '../api/change-contest-status';
import { ContestDetailsDialog } from './ContestDetailsDialog';
import { DeleteMyContestDialog } from './DeleteMyContestDialog';
import { EditContestDialog } from './EditContestDialog';
import { StatusChangeDialog } from './StatusChangeDialog';

type OpenDialog = 'details' | 'edit' | 'delete' | StatusTarget | null;

/** The lifecycle buttons, in order, each shown when `allowedMoves` allows its move. */
const MOVES: ReadonlyArray<{
  move: keyof ReturnType<typeof allowedMoves>;
  target: StatusTarget;
  label: string;
  variant: 'secondary' | 'ghost';
  icon: ReactNode;
}> = [
  { move: 'close', target: 'voting', label: 'Close entries', variant: 'secondary', icon: <Lock className="h-4 w-4" aria-hidden /> },
  { move: 'end', target: 'ended', label: 'End contest', variant: 'secondary', icon: <Flag className="h-4 w-4" aria-hidden /> },
  {
    move: 'cancel',
    target: 'cancelled',
    label: 'Cancel contest',
    variant: 'ghost',
    icon: <Ban className="h-4 w-4 text-red-300" aria-hidden />,
  },
];

/** What an organizer's action changed: money moves when a contest is deleted, ended or cancelled. */
export interface ContestChange {
  contestId: string;
  moneyMoved: boolean;
}

/** One contest on My Contests with the organizer's actions (spec 001 §2); `onChanged` hears of each change made. */
export function MyContestCard({ contest, onChanged }: { contest: TContest; onChanged?: (change: ContestChange) => void }) {
  const titleId = useId();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  const action = publicActionLabel(contest.status);
  const allowed = allowedMoves(contest);
  const moves = MOVES.filter((m) => allowed[m.move]);

  return (
    <article aria-labelledby={titleId} className={CARD_FRAME}>
      <ContestCardCover contest={contest} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <ContestCardHeading
          contest={contest}
          titleId={titleId}
          extraMeta={contest.entryReview === 'review' ? 'Entries reviewed' : undefined}
        />
        <dl className="grid grid-cols-3 gap-x-3 gap-y-2 text-sm">
          <CardFact label="Prize" className="col-span-3">
            <ContestPrize contest={contest} />
          </CardFact>
          <CardFact label="Entries">{formatNumber(contest.entriesCount)}</CardFact>
          <CardFact label="Votes">{formatVoteCount(contest.stats.totalVotes)}</CardFact>
          <CardFact label="Voters">{formatNumber(contest.stats.totalVoters)}</CardFact>
        </dl>

        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          <Button
            variant="secondary"
            size="sm"
            aria-describedby={titleId}
            onClick={() => setDialog('details')}
            icon={<Eye className="h-4 w-4" aria-hidden />}
          >
            View
          </Button>
          {action && (
            <a
              href={paths.contest(contest._id)}
              target="_blank"
              rel="noopener noreferrer"
              aria-describedby={titleId}
              className={buttonClass('primary', 'sm')}
            >
              <ExternalLink className="h-4 w-4" aria-hidden />
              {action}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
          {contest.entryReview === 'review' && (
            <Link to={paths.dashboard.contestReview(contest._id)} aria-describedby={titleId} className={buttonClass('accent', 'sm')}>
              <ClipboardCheck className="h-4 w-4" aria-hidden />
              Review
            </Link>
          )}
          {canEdit(contest) && (
            <Button
              variant="outline"
              size="sm"
              aria-describedby={titleId}
              onClick={() => setDialog('edit')}
              icon={<Pencil className="h-4 w-4" aria-hidden />}
            >
              Edit
            </Button>
          )}
          <Button
            variant="outline"
            size="sm"
            aria-describedby={titleId}
            onClick={() => setDialog('delete')}
            icon={<Trash2 className="h-4 w-4 text-red-300" aria-hidden />}
          >
            Delete
          </Button>
        </div>

        {moves.length > 0 && (
          <div className="flex flex-wrap gap-2 border-t border-slate-800 pt-3">
            {moves.map((m) => (
              <Button
                key={m.move}
                variant={m.variant}
                size="sm"
                aria-describedby={titleId}
                onClick={() => setDialog(m.target)}
                icon={m.icon}
              >
                {m.label}
              </Button>
            ))}
          </div>
        )}
      </div>

      {dialog === 'details' && <ContestDetailsDialog contest={contest} onClose={close} />}
      {dialog === 'edit' && (
        <EditContestDialog contest={contest} onClose={close} onSaved={() => onChanged?.({ contestId: contest._id, moneyMoved: false })} />
      )}
      {dialog === 'delete' && (
        <DeleteMyContestDialog
          contest={contest}
          onClose={close}
          onDeleted={() => onChanged?.({ contestId: contest._id, moneyMoved: true })}
        />
      )}
      {(dialog === 'voting' || dialog === 'ended' || dialog === 'cancelled') && (
        <StatusChangeDialog
          contest={contest}
          target={dialog}
          onClose={close}
          onChanged={() => onChanged?.({ contestId: contest._id, moneyMoved: dialog !== 'voting' })}
        />
      )}
    </article>
  );
}

export function MyContestCardSkeleton() {
  return (
    <CardSkeleton>
      <Skeleton className="h-10 w-full" />
      <div className="grid grid-cols-3 gap-3">
        <Skeleton className="h-8" />
        <Skeleton className="h-8" />
        <Skeleton className="h-8" />
      </div>
      <div className="flex gap-2">
        <Skeleton className="h-8 w-16" />
        <Skeleton className="h-8 w-16" />
        <Skeleton className="h-8 w-16" />
      </div>
    </CardSkeleton>
  );
}
