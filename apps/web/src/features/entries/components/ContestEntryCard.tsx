import { useId } from 'react';
import { Link } from 'react-router';
import { Flag, Heart, MessageCircle, Share2, ThumbsUp } from 'lucide-react';
import {
  CONTEST_ENTRY_ANCHOR_PREFIX,
  countOf,
  ENTRY_TYPE_LABELS,
  formatRelativeTime,
  formatVoteCount,
  nounFor,
  paths,
  type TEntry,
} from '@contesthub/shared';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { Button } from '../../../components/ui/button';
import { Badge } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { useLike } from '../../../lib/use-like';
import { EntryMedia } from './EntryMedia';

const STATUS_BADGE: Record<TEntry['status'], { label: string; tone: 'green' | 'amber' | 'red' }> = {
  approved: { label: 'Approved', tone: 'green' },
  pending: { label: 'Pending', tone: 'amber' },
  rejected: { label: 'Rejected', tone: 'red' },
  disqualified: { label: 'Disqualified', tone: 'red' },
};

export interface EntryCardActions {
  canVote: boolean;
  isMine: boolean;
  onVote: () => void;
  /** Resolves true when the like went through (the heart then animates for 1 s). */
  onLike: () => Promise<boolean>;
  onShare: () => void;
  onReport?: () => void;
  /** The signed-in voter's own votes here and what they have left ('You voted · 2 votes left'). */
  myVotes?: string;
}

/** One entry on the contest page (spec 000 §2 Entries tab). */
export function ContestEntryCard({ entry, actions }: { entry: TEntry; actions: EntryCardActions }) {
  const titleId = useId();
  const { like, busy: liking, animating } = useLike(actions.onLike);
  const badge = STATUS_BADGE[entry.status];
  const { participant } = entry;
  const liked = !!entry.likedByMe;

  return (
    <article
      id={`${CONTEST_ENTRY_ANCHOR_PREFIX}${entry._id}`}
      aria-labelledby={titleId}
      className="flex h-full min-w-0 flex-col overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60 shadow-lg shadow-black/20"
    >
      <EntryMedia entry={entry} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="sky">{ENTRY_TYPE_LABELS[entry.entryType]}</Badge>
          <Badge tone={badge.tone}>{badge.label}</Badge>
          {actions.isMine && <Badge tone="violet">Your Entry</Badge>}
        </div>
        <div className="min-w-0">
          <h3 id={titleId} className="line-clamp-2 break-words text-lg font-semibold leading-snug">
            {entry.title}
          </h3>
          {entry.description && <p className="mt-1 line-clamp-3 break-words text-sm text-slate-400">{entry.description}</p>}
        </div>
        <div className="flex items-center justify-between gap-2 text-sm">
          <Link
            to={paths.profile(participant._id)}
            className="flex min-w-0 items-center gap-2 rounded-lg font-medium text-slate-200 hover:text-emerald-300 focus-visible:outline-2 focus-visible:outline-emerald-400"
          >
            <UserAvatar name={participant.fullName} src={participant.profilePicture} size="sm" />
            <span className="truncate">{participant.fullName}</span>
          </Link>
          <span className="shrink-0 text-xs text-slate-400">{formatRelativeTime(entry.createdAt)}</span>
        </div>
        <div className="flex items-center gap-4 text-sm text-slate-300">
          <span className="inline-flex items-center gap-1" data-testid="entry-votes">
            <ThumbsUp className="h-4 w-4 text-emerald-300" aria-hidden />
            {formatVoteCount(entry.weightedVotes)} {nounFor(entry.weightedVotes, 'vote')}
          </span>
          <span className="inline-flex items-center gap-1" data-testid="entry-comments">
            <MessageCircle className="h-4 w-4 text-sky-300" aria-hidden />
            {countOf(entry.commentsCount, 'comment')}
          </span>
        </div>
        {actions.myVotes && (
          <p className="text-xs font-medium text-emerald-200" data-testid="entry-my-votes">
            {actions.myVotes}
          </p>
        )}
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-1">
          {actions.canVote && (
            <Button size="sm" onClick={actions.onVote} icon={<ThumbsUp className="h-4 w-4" aria-hidden />}>
              Vote
            </Button>
          )}
          <Button
            size="sm"
            variant="secondary"
            onClick={() => void like()}
            disabled={liking}
            aria-pressed={liked}
            aria-label={`${liked ? 'Unlike' : 'Like'} ${entry.title}`}
            icon={
              <Heart
                className={cn(
                  'h-4 w-4 transition-transform',
                  liked && 'fill-red-500 text-red-500',
                  animating && 'animate-bounce scale-125',
                )}
                aria-hidden
              />
            }
          >
            {entry.likesCount}
          </Button>
          {entry.settings.allowSharing && (
            <Button
              size="sm"
              variant="ghost"
              onClick={actions.onShare}
              aria-label={`Share ${entry.title}`}
              icon={<Share2 className="h-4 w-4" aria-hidden />}
            >
              Share
            </Button>
          )}
          {actions.onReport && (
            <Button
              size="sm"
              variant="ghost"
              onClick={actions.onReport}
              aria-label={`Report ${entry.title}`}
              className="ml-auto text-slate-400"
              icon={<Flag className="h-4 w-4" aria-hidden />}
            />
          )}
        </div>
      </div>
    </article>
  );
}
