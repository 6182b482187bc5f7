import { useId, useState, type FormEvent } from 'react';
import { COMMENT_MAX_LENGTH, ZCommentContent } from '@contesthub/shared';
import { useToast } from '../../../components/ui/toast';
import { FormDialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';
import { usePostComment } from '../api/post-comment';

const COMMENT_FAILED = 'There was an error posting your comment. Please try again.';

/** Post a comment (spec 000 §2 Comment modal, §5 Comment). */
export function CommentDialog({
  contest,
  onClose,
  onPosted,
}: {
  contest: { _id: string; title: string };
  onClose: () => void;
  onPosted: () => void;
}) {
  const formId = useId();
  const toast = useToast();
  const post = usePostComment();
  const [content, setContent] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZCommentContent.safeParse(content);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Comment content is required');
      return;
    }
    post.mutate(
      { contestId: contest._id, content: parsed.data, settings: { isAnonymous: anonymous } },
      {
        onSuccess: () => {
          toast.success('Comment Posted!', 'Your comment has been posted.');
          onPosted();
          onClose();
        },
        onError: (err) => toast.error('Comment Failed', err.message || COMMENT_FAILED),
      },
    );
  };

  const length = content.length;
  return (
    <FormDialog
      open
      onClose={onClose}
      title="Add Comment"
      description={contest.title}
      formId={formId}
      submitLabel="Post Comment"
      pending={post.isPending}
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        <TextAreaField
          label="Comment"
          required
          data-autofocus
          value={content}
          error={error}
          placeholder="Share your thoughts about this contest"
          aside={
            <span
              data-testid="comment-counter"
              className={cn('text-xs tabular-nums', length > COMMENT_MAX_LENGTH ? 'text-red-400' : 'text-slate-400')}
            >
              {length}/{COMMENT_MAX_LENGTH}
            </span>
          }
          onChange={(e) => {
            setContent(e.target.value);
            setError(undefined);
          }}
        />
        <label className="flex items-center gap-2 text-sm text-slate-200">
          <input
            type="checkbox"
            checked={anonymous}
            onChange={(e) => setAnonymous(e.target.checked)}
            className="h-4 w-4 accent-emerald-500"
          />
          Post anonymously
        </label>
        <div className="rounded-lg border border-slate-800 bg-slate-950/60 px-3 py-2 text-xs text-slate-400">
          <p className="mb-1 font-semibold text-slate-300">Comment guidelines</p>
          <ul className="list-disc space-y-0.5 pl-4">
            <li>Be respectful and constructive.</li>
            <li>Stay on topic.</li>
            <li>No spam or self-promotion.</li>
            <li>Comments are moderated.</li>
          </ul>
        </div>
      </form>
    </FormDialog>
  );
}
