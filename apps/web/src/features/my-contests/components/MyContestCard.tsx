import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  Ban,
  CalendarClock,
  ClipboardCheck,
  ExternalLink,
  Eye,
  Flag,
  Image as ImageIcon,
  Lock,
  Pencil,
  Trash2,
  Trophy,
} from 'lucide-react';
import { contestStatusText, formatNumber, formatVoteCount, type TContest } from '@contesthub/shared';
import { Button, buttonClass } from '../../../components/ui/button';
import { Badge, Skeleton } from '../../../components/ui/card';
import {
  ENTRY_TYPE_LABELS,
  STATUS_BADGE,
  allowedMoves,
  canEdit,
  prizeHeadline,
  prizeItemsSummary,
  publicActionLabel,
} from '../lib/contest-labels';
import type { StatusTarget } from '../api/change-contest-status';
import { ContestDetailsDialog } from './ContestDetailsDialog';
import { DeleteMyContestDialog } from './DeleteMyContestDialog';
import { EditContestDialog } from './EditContestDialog';
import { StatusChangeDialog } from './StatusChangeDialog';

type OpenDialog = 'details' | 'edit' | 'delete' | StatusTarget | null;

function Cover({ src }: { src: string | null }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div className="grid aspect-video w-full place-items-center bg-gradient-to-br from-emerald-900/60 via-slate-900 to-amber-900/40">
        {failed ? (
          <ImageIcon className="h-10 w-10 text-emerald-400/50" aria-hidden />
        ) : (
          <Trophy className="h-10 w-10 text-emerald-400/60" aria-hidden />
        )}
      </div>
    );
  }
  return <img src={src} alt="" loading="lazy" onError={() => setFailed(true)} className="aspect-video w-full object-cover" />;
}

/** One contest on My Contests with the organizer's actions (spec 001 §2). */
export function MyContestCard({ contest }: { contest: TContest }) {
  const titleId = useId();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  const status = STATUS_BADGE[contest.status];
  const action = publicActionLabel(contest.status);
  const moves = allowedMoves(contest);
  const items = contest.prizeType === 'cashanditem' ? prizeItemsSummary(contest.prizeItems) : null;

  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full min-w-0 flex-col overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60 shadow-lg shadow-black/20"
    >
      <div className="relative">
        <Cover key={contest.coverImage ?? ''} src={contest.coverImage} />
        <Badge tone={status.tone} className="absolute left-3 top-3 bg-slate-950/80 backdrop-blur">
          {status.label}
        </Badge>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <p className="flex flex-wrap items-center gap-x-2 text-xs font-medium text-slate-400">
          <span className="capitalize text-emerald-300">{contest.displayCategory}</span>
          <span aria-hidden>·</span>
          <span>{ENTRY_TYPE_LABELS[contest.entryType]}</span>
          {contest.entryReview === 'review' && (
            <>
              <span aria-hidden>·</span>
              <span>Entries reviewed</span>
            </>
          )}
        </p>
        <h3 id={titleId} className="line-clamp-2 break-words text-lg font-semibold leading-snug text-slate-100">
          {contest.title}
        </h3>
        <p className="inline-flex items-center gap-1.5 text-sm text-slate-300">
          <CalendarClock className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
          {contestStatusText(contest)}
        </p>
        <dl className="grid grid-cols-3 gap-x-3 gap-y-2 text-sm">
          <div className="col-span-3 min-w-0">
            <dt className="text-xs text-slate-400">Prize</dt>
            <dd className="font-semibold text-amber-300">
              <span className="break-words">{prizeHeadline(contest)}</span>
              {items && (
                <span className="block break-words text-xs font-normal text-slate-300">
                  + {items.shown.length ? items.shown.join(', ') : 'prize items'}
                  {items.more && <span className="ml-1 text-slate-400">{items.more}</span>}
                </span>
              )}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs text-slate-400">Entries</dt>
            <dd className="font-semibold">{formatNumber(contest.entriesCount)}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs text-slate-400">Votes</dt>
            <dd className="font-semibold">{formatVoteCount(contest.stats.totalVotes)}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs text-slate-400">Voters</dt>
            <dd className="font-semibold">{formatNumber(contest.stats.totalVoters)}</dd>
          </div>
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
              href={`/contest/${encodeURIComponent(contest._id)}`}
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
            <Link
              to={`/dashboard/contests/${encodeURIComponent(contest._id)}/review`}
              aria-describedby={titleId}
              className={buttonClass('accent', 'sm')}
            >
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

        {(moves.close || moves.end || moves.cancel) && (
          <div className="flex flex-wrap gap-2 border-t border-slate-800 pt-3">
            {moves.close && (
              <Button
                variant="secondary"
                size="sm"
                aria-describedby={titleId}
                onClick={() => setDialog('voting')}
                icon={<Lock className="h-4 w-4" aria-hidden />}
              >
                Close entries
              </Button>
            )}
            {moves.end && (
              <Button
                variant="secondary"
                size="sm"
                aria-describedby={titleId}
                onClick={() => setDialog('ended')}
                icon={<Flag className="h-4 w-4" aria-hidden />}
              >
                End contest
              </Button>
            )}
            {moves.cancel && (
              <Button
                variant="ghost"
                size="sm"
                aria-describedby={titleId}
                onClick={() => setDialog('cancelled')}
                icon={<Ban className="h-4 w-4 text-red-300" aria-hidden />}
              >
                Cancel contest
              </Button>
            )}
          </div>
        )}
      </div>

      {dialog === 'details' && <ContestDetailsDialog contest={contest} onClose={close} />}
      {dialog === 'edit' && <EditContestDialog contest={contest} onClose={close} />}
      {dialog === 'delete' && <DeleteMyContestDialog contest={contest} onClose={close} />}
      {(dialog === 'voting' || dialog === 'ended' || dialog === 'cancelled') && (
        <StatusChangeDialog contest={contest} target={dialog} onClose={close} />
      )}
    </article>
  );
}

export function MyContestCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60">
      <Skeleton className="aspect-video w-full rounded-none" />
      <div className="space-y-3 p-4">
        <Skeleton className="h-3 w-24" />
        <Skeleton className="h-5 w-4/5" />
        <Skeleton className="h-4 w-32" />
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
      </div>
    </div>
  );
}
