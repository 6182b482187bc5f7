import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Award, Clock, Flag, Image as ImageIcon, Trash2, Trophy } from 'lucide-react';
import {
  contestActionLabel,
  contestStatusText,
  formatNaira,
  formatNumber,
  formatVoteCount,
  type ContestStatus,
  type TContest,
} from '@contesthub/shared';
import { useAuth } from '../../../app/auth';
import { UserAvatar } from '../../../app/shell/UserAvatar';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Badge, Skeleton } from '../../../components/ui/card';
import { ENTRY_TYPE_LABELS } from '../lib/browse-filters';
import { DeleteContestDialog } from './DeleteContestDialog';
import { ReportContestDialog } from './ReportContestDialog';

type Tone = 'green' | 'amber' | 'neutral' | 'red' | 'sky';
const STATUS_BADGE: Record<ContestStatus, { label: string; tone: Tone }> = {
  active: { label: 'Active', tone: 'green' },
  voting: { label: 'Voting', tone: 'amber' },
  ended: { label: 'Ended', tone: 'sky' },
  draft: { label: 'Draft', tone: 'neutral' },
  cancelled: { label: 'Cancelled', tone: 'red' },
};

/** The cover, or a gradient when there is none or it fails to load. */
function Cover({ src }: { src: string | null }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div
        data-testid="cover-fallback"
        className="grid aspect-video w-full place-items-center bg-gradient-to-br from-emerald-900/60 via-slate-900 to-amber-900/40"
      >
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

function Prize({ contest }: { contest: TContest }) {
  if (contest.prizeType === 'badge') {
    return (
      <span className="inline-flex min-w-0 items-center gap-1">
        <Award className="h-4 w-4 shrink-0 text-amber-300" aria-hidden />
        <span className="truncate">{contest.badgeTitle || 'Badge'}</span>
      </span>
    );
  }
  const items = contest.prizeType === 'cashanditem' ? contest.prizeItems : [];
  return (
    <span className="block min-w-0">
      <span className="text-amber-300">{formatNaira(contest.prizeAmount)}</span>
      {contest.prizeType === 'cashanditem' && (
        <span className="block truncate text-xs font-normal text-slate-400" title={items.join(', ')}>
          + {items.length ? items.join(', ') : 'prize items'}
        </span>
      )}
    </span>
  );
}

const entryFeeText = (c: TContest) =>
  c.entryFee === 'free' || c.entryFeeAmount <= 0
    ? 'Free'
    : `${formatNumber(c.entryFeeAmount)} vote credit${c.entryFeeAmount === 1 ? '' : 's'}`;

/**
 * A contest in a list (home featured, browse). Extra buttons by role (spec 000 §6): signed-in
 * non-admins may report the contest, admins may delete it, logged-out visitors get neither.
 */
export function ContestCard({ contest }: { contest: TContest }) {
  const { user } = useAuth();
  const titleId = useId();
  const [dialog, setDialog] = useState<'report' | 'delete' | null>(null);
  const status = STATUS_BADGE[contest.status];
  const isAdmin = user?.role === 'admin';
  const votes = contest.stats.totalVotes;

  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full min-w-0 flex-col overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60 shadow-lg shadow-black/20 transition-colors hover:border-slate-700"
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
        </p>
        <h3 id={titleId} className="line-clamp-2 break-words text-lg font-semibold leading-snug text-slate-100">
          {contest.title}
        </h3>
        <p className="inline-flex items-center gap-1.5 text-sm text-slate-300">
          <Clock className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
          {contestStatusText(contest)}
        </p>
        <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
          <div className="min-w-0">
            <dt className="text-xs text-slate-400">Prize</dt>
            <dd className="font-semibold">
              <Prize contest={contest} />
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs text-slate-400">Entry fee</dt>
            <dd className="font-semibold">{entryFeeText(contest)}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs text-slate-400">Entries</dt>
            <dd className="font-semibold">{formatNumber(contest.entriesCount)}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs text-slate-400">Votes</dt>
            <dd className="font-semibold">{formatVoteCount(votes)}</dd>
          </div>
        </dl>
        <p className="flex min-w-0 items-center gap-2 text-sm text-slate-400">
          <UserAvatar name={contest.organizer.fullName} src={contest.organizer.profilePicture} size="sm" />
          <span className="min-w-0 truncate">
            by{' '}
            <Link
              to={`/profile/${contest.organizer._id}`}
              className="font-medium text-slate-200 hover:text-emerald-300 focus-visible:rounded focus-visible:outline-2 focus-visible:outline-emerald-400"
            >
              {contest.organizer.fullName}
            </Link>
          </span>
        </p>
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          <ButtonLink to={`/contest/${contest._id}`} aria-describedby={titleId} className="min-w-0 flex-1">
            {contestActionLabel(contest.status)}
          </ButtonLink>
          {user && !isAdmin && (
            <Button
              variant="outline"
              aria-describedby={titleId}
              onClick={() => setDialog('report')}
              icon={<Flag className="h-4 w-4" aria-hidden />}
            >
              Report
            </Button>
          )}
          {isAdmin && (
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
      {dialog === 'report' && <ReportContestDialog contest={contest} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && <DeleteContestDialog contest={contest} onClose={() => setDialog(null)} />}
    </article>
  );
}

export function ContestCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60">
      <Skeleton className="aspect-video w-full rounded-none" />
      <div className="space-y-3 p-4">
        <Skeleton className="h-3 w-24" />
        <Skeleton className="h-5 w-4/5" />
        <Skeleton className="h-4 w-32" />
        <div className="grid grid-cols-2 gap-3">
          <Skeleton className="h-8" />
          <Skeleton className="h-8" />
          <Skeleton className="h-8" />
          <Skeleton className="h-8" />
        </div>
        <Skeleton className="h-10 w-full" />
      </div>
    </div>
  );
}
