import { useId, useState } from 'react';
import { Link } from 'react-router';
import { BadgeCheck, Clock, MessageCircle, Share2, ThumbsUp } from 'lucide-react';
import { countOf, ENTRY_CARD_TAGS_SHOWN, formatRelativeTime, formatVoteCount, nounFor, paths, type TEntry } from '@contesthub/shared';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { ShareDialog } from '../../../components/share/ShareDialog';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/card';
import { EntryMedia } from './EntryMedia';

/** An approved entry in the All Entries grid. */
export function EntryCard({ entry }: { entry: TEntry }) {
  const titleId = useId();
  const [sharing, setSharing] = useState(false);
  const { participant, contest } = entry;
  const hidden = entry.tags.length - ENTRY_CARD_TAGS_SHOWN;
  const contestPath = paths.contest(contest._id);
  const shareUrl = `${window.location.origin}${contestPath}`;

  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full min-w-0 flex-col overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60 shadow-lg shadow-black/20"
    >
      <EntryMedia entry={entry} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <Link
          to={paths.profile(participant._id)}
          className="flex min-w-0 items-center gap-2 self-start rounded-lg text-sm font-medium text-slate-200 hover:text-emerald-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400"
        >
          <UserAvatar name={participant.fullName} src={participant.profilePicture} size="sm" />
          <span className="truncate">{participant.fullName}</span>
          {participant.verified && (
            <>
              <BadgeCheck className="h-4 w-4 shrink-0 text-emerald-400" aria-hidden />
              <span className="sr-only">(verified)</span>
            </>
          )}
        </Link>
        <div className="min-w-0">
          <h3 id={titleId} className="line-clamp-2 break-words text-lg font-semibold leading-snug">
            {entry.title}
          </h3>
          <p className="mt-1 truncate text-sm text-slate-400">
            in{' '}
            <Link
              to={contestPath}
              className="font-medium text-amber-300 hover:text-amber-200 focus-visible:rounded focus-visible:outline-2 focus-visible:outline-emerald-400"
            >
              {contest.title}
            </Link>
          </p>
        </div>
        {entry.tags.length > 0 && (
          <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
            {entry.tags.slice(0, ENTRY_CARD_TAGS_SHOWN).map((tag) => (
              <li key={tag} className="max-w-full truncate rounded-full bg-slate-800 px-2 py-0.5 text-xs text-slate-300">
                #{tag}
              </li>
            ))}
            {hidden > 0 && <li className="rounded-full px-1 py-0.5 text-xs text-slate-400">+{hidden} more</li>}
          </ul>
        )}
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-400">
          <span className="inline-flex items-center gap-1">
            <Clock className="h-3.5 w-3.5" aria-hidden />
            <time dateTime={entry.createdAt}>{formatRelativeTime(entry.createdAt)}</time>
          </span>
          <span className="inline-flex items-center gap-1">
            <MessageCircle className="h-3.5 w-3.5" aria-hidden />
            {countOf(entry.commentsCount, 'comment')}
          </span>
          <span className="inline-flex items-center gap-1 font-semibold text-emerald-300">
            <ThumbsUp className="h-3.5 w-3.5" aria-hidden />
            {formatVoteCount(entry.votesCount)} {nounFor(entry.votesCount, 'vote')}
          </span>
        </p>
        <div className="mt-auto flex gap-2 pt-1">
          <ButtonLink to={contestPath} aria-describedby={titleId} className="min-w-0 flex-1">
            View Entry
          </ButtonLink>
          {entry.settings.allowSharing && (
            <Button
              variant="outline"
              aria-describedby={titleId}
              onClick={() => setSharing(true)}
              icon={<Share2 className="h-4 w-4" aria-hidden />}
            >
              Share
            </Button>
          )}
        </div>
      </div>
      {sharing && (
        <ShareDialog
          open
          onClose={() => setSharing(false)}
          title="Share Entry"
          subject={entry.title}
          text={`Check out "${entry.title}" by ${participant.fullName} in ${contest.title} on ContestHub`}
          url={shareUrl}
        />
      )}
    </article>
  );
}

export function EntryCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60">
      <Skeleton className="aspect-video w-full rounded-none" />
      <div className="space-y-3 p-4">
        <div className="flex items-center gap-2">
          <Skeleton className="h-7 w-7 rounded-full" />
          <Skeleton className="h-4 w-28" />
        </div>
        <Skeleton className="h-5 w-4/5" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-10 w-full" />
      </div>
    </div>
  );
}
