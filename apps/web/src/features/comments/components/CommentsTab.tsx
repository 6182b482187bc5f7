import { Flag, Heart, MessageCircle } from 'lucide-react';
import { formatRelativeTime, type TComment } from '@contesthub/shared';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { useLike } from '../../../lib/use-like';

function CommentItem({
  comment,
  onLike,
  onReport,
}: {
  comment: TComment;
  onLike: (comment: TComment) => Promise<boolean>;
  onReport?: (comment: TComment) => void;
}) {
  const { like, busy, animating } = useLike(() => onLike(comment));
  const name = comment.settings.isAnonymous ? 'Anonymous' : comment.author.fullName || 'Anonymous';

  return (
    <li className="flex gap-3 rounded-xl border border-slate-800 bg-slate-900/60 p-4">
      <UserAvatar name={name} src={comment.settings.isAnonymous ? null : comment.author.profilePicture} size="sm" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2">
          <span className="font-semibold text-slate-100">{name}</span>
          <time dateTime={comment.createdAt} className="text-xs text-slate-400">
            {formatRelativeTime(comment.createdAt)}
          </time>
        </div>
        <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-300">{comment.content}</p>
        <div className="mt-2 flex items-center gap-2">
          <Button
            size="sm"
            variant="ghost"
            onClick={() => void like()}
            disabled={busy}
            aria-pressed={comment.likedByMe}
            aria-label={`${comment.likedByMe ? 'Unlike' : 'Like'} comment by ${name}`}
            icon={
              <Heart
                className={cn('h-4 w-4', comment.likedByMe && 'fill-red-500 text-red-500', animating && 'animate-bounce')}
                aria-hidden
              />
            }
          >
            {comment.stats.likes}
          </Button>
          {onReport && !comment.isMine && (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => onReport(comment)}
              aria-label={`Report comment by ${name}`}
              className="text-slate-400"
              icon={<Flag className="h-4 w-4" aria-hidden />}
            />
          )}
        </div>
      </div>
    </li>
  );
}

/** The contest's comments with likes and Load more (spec 000 §2 Comments tab). */
export function CommentsTab({
  comments,
  loading,
  failed,
  hasMore,
  loadingMore,
  onLoadMore,
  onLike,
  onReport,
}: {
  comments: TComment[];
  loading: boolean;
  failed: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onLike: (comment: TComment) => Promise<boolean>;
  onReport?: (comment: TComment) => void;
}) {
  if (loading) return <Spinner label="Loading comments..." />;
  if (failed) return <p className="py-10 text-center text-slate-400">Failed to load comments. Please try again.</p>;
  if (comments.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 py-14 text-center text-slate-400">
        <MessageCircle className="h-10 w-10 text-slate-600" aria-hidden />
        No comments yet - Be the first to share your thoughts!
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <ul className="space-y-3" aria-label="Comments">
        {comments.map((c) => (
          <CommentItem key={c._id} comment={c} onLike={onLike} onReport={onReport} />
        ))}
      </ul>
      {hasMore && (
        <div className="flex justify-center">
          <Button variant="outline" onClick={onLoadMore} loading={loadingMore}>
            Load more
          </Button>
        </div>
      )}
    </div>
  );
}
