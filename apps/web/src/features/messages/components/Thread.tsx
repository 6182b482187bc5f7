import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Ban, Flag, MoreVertical, Send, ShieldCheck, Trash2, X } from 'lucide-react';
import { conversationIdOf, MESSAGE_CONTENT_MAX, MESSAGE_UNSEND_MINUTES, paths, type TMessage, type TMessageUser } from '@contesthub/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { RetryNote, RowsSkeleton } from '../../../components/ui/list-states';
import { useMenuButton } from '../../../components/ui/menu';
import { useToast } from '../../../components/ui/toast';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { ApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useAnswerMessageRequest } from '../api/answer-request';
import { useBlockUser } from '../api/block-user';
import { useBlocks } from '../api/get-blocks';
import { useUnblockUser } from '../api/unblock-user';
import { useDeleteMessage } from '../api/delete-message';
import { threadMessages, useThread } from '../api/get-thread';
import { useMarkMessageRead } from '../api/mark-read';
import { useSendMessage } from '../api/send-message';
import { byDay, MESSAGE_SCREEN_TEXTS, timeOf } from '../lib/messages-text';
import { ReportMessageDialog } from './ReportMessageDialog';

/** Who the thread is with: a conversation's other user, a search result, or the profile's selected user. */
export type ThreadUser = Pick<TMessageUser, '_id' | 'fullName' | 'username' | 'profilePicture'> & { email?: string };

const unsendable = (m: TMessage) =>
  m.isMine && !m.deleted && Date.now() - new Date(m.createdAt).getTime() < MESSAGE_UNSEND_MINUTES * 60_000;

function MessageMenu({ message, onDelete, onReport }: { message: TMessage; onDelete: () => void; onReport: () => void }) {
  const { open, close, rootRef, buttonProps, menuProps } = useMenuButton();
  const item =
    'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm outline-none hover:bg-slate-800 focus-visible:bg-slate-800 focus-visible:ring-2 focus-visible:ring-emerald-400/60';
  return (
    <div ref={rootRef} className="relative self-center">
      <button
        {...buttonProps}
        aria-label={`Message actions, sent ${timeOf(message.createdAt)}`}
        className="grid h-8 w-8 place-items-center rounded-full text-slate-400 hover:bg-slate-800 hover:text-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-400"
      >
        <MoreVertical className="h-4 w-4" aria-hidden />
      </button>
      {open && (
        <div
          {...menuProps}
          aria-label="Message actions"
          className={cn(
            'absolute z-20 mt-1 w-44 rounded-lg border border-slate-800 bg-slate-900 p-1 shadow-xl shadow-black/50',
            message.isMine ? 'right-0' : 'left-0',
          )}
        >
          <button type="button" role="menuitem" tabIndex={-1} className={cn(item, 'text-red-300')} onClick={() => (close(), onDelete())}>
            <Trash2 className="h-4 w-4" aria-hidden />
            Delete
          </button>
          {!message.isMine && !message.deleted && (
            <button type="button" role="menuitem" tabIndex={-1} className={item} onClick={() => (close(), onReport())}>
              <Flag className="h-4 w-4" aria-hidden />
              Report
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * One conversation (spec 001 §2 Messages): grouped by day (Today, Yesterday, date), Load More
 * Messages for older pages, Enter sends and Shift+Enter adds a line; a request's Accept and
 * Decline; block and unblock; delete (for everyone within 15 minutes of sending, else for me) and
 * report. `onBack` returns to the list on a phone.
 */
export function Thread({ meId, other, onBack }: { meId: string; other: ThreadUser; onBack: () => void }) {
  const conversationId = conversationIdOf(meId, other._id);
  const thread = useThread(conversationId, other._id);
  const send = useSendMessage();
  const markRead = useMarkMessageRead();
  const answer = useAnswerMessageRequest();
  const blocks = useBlocks();
  const block = useBlockUser();
  const unblock = useUnblockUser();
  const remove = useDeleteMessage();
  const toast = useToast();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirmBlock, setConfirmBlock] = useState(false);
  const [deleting, setDeleting] = useState<TMessage | null>(null);
  const [reporting, setReporting] = useState<TMessage | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);

  const first = thread.data?.pages[0];
  const person = first?.otherUser ?? other;
  const name = person.fullName || person.email || person.username;
  const messages = threadMessages(thread.data);
  const newest = messages.at(-1);
  const blocked = blocks.data?.users.some((u) => u._id === other._id) ?? false;
  const incomingRequest = first?.status === 'request' && !first.requestedByMe;
  const declined = first?.status === 'declined';

  useEffect(() => {
    setText('');
    setError(null);
    stickToBottom.current = true;
  }, [conversationId]);

  // The newest message shown moves the read position (never back), once per message from the other side.
  const readUpTo = useRef<string | null>(null);
  useEffect(() => {
    if (!newest || newest.isMine || readUpTo.current === newest._id || incomingRequest) return;
    readUpTo.current = newest._id;
    markRead.mutate(newest._id);
  }, [newest, incomingRequest, markRead]);

  // New messages at the bottom stay in view while the reader is at the bottom; older pages keep the place.
  const lastShown = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || newest?._id === lastShown.current) return;
    lastShown.current = newest?._id;
    if (stickToBottom.current || newest?.isMine) el.scrollTop = el.scrollHeight;
  }, [newest]);

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    const content = text.trim();
    if (!content || send.isPending) return;
    if (other._id === meId) {
      toast.error(MESSAGE_SCREEN_TEXTS.selfTitle, MESSAGE_SCREEN_TEXTS.selfMessage);
      return;
    }
    setError(null);
    send.mutate(
      { recipientUsername: other.email || person.email || other.username, content },
      {
        onSuccess: () => setText(''),
        onError: (err) => {
          if (err instanceof ApiError && err.message === MESSAGE_SCREEN_TEXTS.selfMessage) {
            toast.error(MESSAGE_SCREEN_TEXTS.selfTitle, MESSAGE_SCREEN_TEXTS.selfMessage);
          } else {
            setError(err instanceof ApiError && err.status > 0 ? err.message : MESSAGE_SCREEN_TEXTS.sendFailed);
          }
        },
      },
    );
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  const olderButton = thread.hasNextPage && (
    <div className="flex justify-center py-2">
      <Button
        variant="outline"
        size="sm"
        loading={thread.isFetchingNextPage}
        onClick={() => {
          stickToBottom.current = false;
          void thread.fetchNextPage();
        }}
      >
        Load More Messages
      </Button>
    </div>
  );

  return (
    <section aria-label={`Conversation with ${name}`} className="flex min-h-0 flex-1 flex-col">
      <header className="flex items-center gap-3 border-b border-slate-800 px-3 py-2.5">
        <button
          type="button"
          onClick={onBack}
          aria-label="Back to conversations"
          className="grid h-9 w-9 shrink-0 place-items-center rounded-full text-slate-300 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-emerald-400 md:hidden"
        >
          <ArrowLeft className="h-5 w-5" aria-hidden />
        </button>
        <UserAvatar name={name} src={person.profilePicture} size="sm" />
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold">
            <Link to={paths.profile(other._id)} className="block truncate leading-6 hover:underline">
              {name}
            </Link>
          </h3>
          {person.username && <p className="truncate text-xs text-slate-400">@{person.username}</p>}
        </div>
        {blocked ? (
          <Button
            variant="outline"
            size="sm"
            icon={<ShieldCheck className="h-4 w-4" aria-hidden />}
            loading={unblock.isPending}
            onClick={() =>
              unblock.mutate(other._id, {
                onSuccess: (r) => toast.success(r.message ?? 'User unblocked'),
                onError: (err) => toast.error('Error', err.message),
              })
            }
          >
            Unblock
          </Button>
        ) : (
          <Button variant="ghost" size="sm" icon={<Ban className="h-4 w-4" aria-hidden />} onClick={() => setConfirmBlock(true)}>
            Block
          </Button>
        )}
      </header>

      <div
        ref={scroller}
        onScroll={(e) => {
          const el = e.currentTarget;
          stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
        }}
        className="min-h-0 flex-1 overflow-y-auto px-3 py-3"
      >
        {thread.isPending ? (
          <RowsSkeleton label="Loading messages" rows={4} />
        ) : thread.isError && !thread.data ? (
          <RetryNote message={MESSAGE_SCREEN_TEXTS.loadMessagesFailed} onRetry={() => void thread.refetch()} />
        ) : messages.length === 0 ? (
          <p className="py-12 text-center text-sm text-slate-400">No messages yet. Say hello to {name}.</p>
        ) : (
          <>
            {olderButton}
            <ol aria-label="Messages" className="space-y-4">
              {byDay(messages).map((group) => (
                <li key={group.label + group.messages[0]!._id}>
                  <h4 className="my-2 text-center text-xs font-semibold uppercase tracking-wide text-slate-400">{group.label}</h4>
                  <ul className="space-y-1.5">
                    {group.messages.map((m) => (
                      <li key={m._id} className={cn('flex items-end gap-1', m.isMine ? 'flex-row-reverse' : 'flex-row')}>
                        <div
                          className={cn(
                            'max-w-[80%] rounded-2xl px-3 py-2 text-sm',
                            m.deleted
                              ? 'border border-dashed border-slate-700 italic text-slate-400'
                              : m.isMine
                                ? 'bg-emerald-800 text-white'
                                : 'bg-slate-800 text-slate-100',
                          )}
                        >
                          <p className="whitespace-pre-wrap break-words">
                            {m.removed ? MESSAGE_SCREEN_TEXTS.removed : m.deleted ? MESSAGE_SCREEN_TEXTS.deleted : m.content}
                          </p>
                          <p
                            className={cn('mt-0.5 text-right text-[11px]', m.isMine && !m.deleted ? 'text-emerald-100' : 'text-slate-400')}
                          >
                            <span className="sr-only">{m.isMine ? 'You, ' : `${name}, `}</span>
                            <time dateTime={m.createdAt}>{timeOf(m.createdAt)}</time>
                          </p>
                        </div>
                        <MessageMenu message={m} onDelete={() => setDeleting(m)} onReport={() => setReporting(m)} />
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          </>
        )}
      </div>

      {incomingRequest && (
        <div
          role="region"
          aria-label="Message request"
          className="flex flex-wrap items-center gap-3 border-t border-amber-500/30 bg-amber-500/10 px-3 py-3 text-sm"
        >
          <p className="min-w-0 flex-1 text-amber-100">{name} wants to message you. Accept to reply, or decline.</p>
          <Button
            size="sm"
            loading={answer.isPending && answer.variables?.answer === 'accept'}
            onClick={() =>
              answer.mutate(
                { conversationId, answer: 'accept' },
                {
                  onSuccess: (r) => toast.success(r.message ?? 'Message request accepted'),
                  onError: (err) => toast.error('Error', err.message),
                },
              )
            }
          >
            Accept
          </Button>
          <Button
            size="sm"
            variant="outline"
            loading={answer.isPending && answer.variables?.answer === 'decline'}
            onClick={() =>
              answer.mutate(
                { conversationId, answer: 'decline' },
                {
                  onSuccess: (r) => toast.success(r.message ?? 'Message request declined'),
                  onError: (err) => toast.error('Error', err.message),
                },
              )
            }
          >
            Decline
          </Button>
        </div>
      )}
      {first?.status === 'request' && first.requestedByMe && (
        <p className="border-t border-slate-800 px-3 py-2 text-xs text-amber-300">
          Message request sent. {name} will see your messages once they accept.
        </p>
      )}

      {error && (
        <div role="alert" className="mx-3 mt-2 flex items-start gap-2 rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm">
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-red-200">Error</p>
            <p className="text-red-100">{error}</p>
          </div>
          <button
            type="button"
            onClick={() => setError(null)}
            aria-label="Dismiss error"
            className="rounded p-1 text-red-200 hover:bg-red-500/20"
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        </div>
      )}

      {blocked ? (
        <p className="border-t border-slate-800 px-3 py-3 text-sm text-slate-400">You blocked {name}. Unblock them to send messages.</p>
      ) : declined && first?.requestedByMe ? null : (
        <form onSubmit={submit} className="flex items-end gap-2 border-t border-slate-800 p-3">
          <label htmlFor={`compose-${conversationId}`} className="sr-only">
            Message {name}
          </label>
          <textarea
            id={`compose-${conversationId}`}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            rows={2}
            maxLength={MESSAGE_CONTENT_MAX}
            placeholder="Type a message… (Enter to send, Shift+Enter for a new line)"
            className="min-h-11 flex-1 resize-none rounded-xl border border-slate-700 bg-slate-950 px-3 py-2 text-sm text-slate-100 placeholder:text-slate-500 focus:border-emerald-400 focus:outline-none"
          />
          <Button
            type="submit"
            aria-label="Send message"
            loading={send.isPending}
            disabled={!text.trim()}
            icon={<Send className="h-4 w-4" aria-hidden />}
          >
            <span className="hidden sm:inline">Send</span>
          </Button>
        </form>
      )}

      <Dialog
        open={confirmBlock}
        onClose={() => setConfirmBlock(false)}
        title={`Block ${name}?`}
        description="Neither of you will be able to message the other. They are not told."
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirmBlock(false)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={block.isPending}
              onClick={() =>
                block.mutate(other._id, {
                  onSuccess: (r) => {
                    setConfirmBlock(false);
                    toast.success(r.message ?? 'User blocked');
                  },
                  onError: (err) => toast.error('Error', err.message),
                })
              }
            >
              Block user
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-300">You can unblock them at any time from this conversation or Message settings.</p>
      </Dialog>

      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete message?"
        description={
          deleting && unsendable(deleting)
            ? `Sent less than ${MESSAGE_UNSEND_MINUTES} minutes ago: it is deleted for everyone and shows as “${MESSAGE_SCREEN_TEXTS.deleted}”.`
            : 'It is removed from your view only.'
        }
        footer={
          <>
            <Button variant="outline" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() =>
                deleting &&
                remove.mutate(
                  { messageId: deleting._id, conversationId },
                  {
                    onSuccess: (r) => {
                      setDeleting(null);
                      toast.success(r.message ?? 'Message deleted');
                    },
                    onError: (err) => toast.error('Error', err.message),
                  },
                )
              }
            >
              {deleting && unsendable(deleting) ? 'Delete for everyone' : 'Delete for me'}
            </Button>
          </>
        }
      >
        {deleting && (
          <p className="rounded-lg bg-slate-800 px-3 py-2 text-sm text-slate-200 break-words">
            {deleting.deleted ? MESSAGE_SCREEN_TEXTS.deleted : deleting.content}
          </p>
        )}
      </Dialog>

      {reporting && <ReportMessageDialog message={reporting} senderName={name} onClose={() => setReporting(null)} />}
    </section>
  );
}
