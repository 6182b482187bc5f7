import { useState } from 'react';
import { Inbox, MailQuestion } from 'lucide-react';
import { formatRelativeTime, type TConversation } from '@contesthub/shared';
import { EmptyNote, RetryNote, RowsSkeleton } from '../../../components/ui/list-states';
import { useRadioGroup } from '../../../components/ui/roving';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { cn } from '../../../lib/cn';
import { useConversations } from '../api/get-conversations';
import { useMessageRequests } from '../api/get-message-requests';
import { unreadBadge } from '../lib/badge';
import { MESSAGE_SCREEN_TEXTS } from '../lib/messages-text';

type Box = 'inbox' | 'requests';
const BOXES = ['inbox', 'requests'] as const;

function preview(c: TConversation): string {
  if (!c.lastMessage) return 'No messages yet';
  if (c.lastMessage.deleted) return MESSAGE_SCREEN_TEXTS.deleted;
  return `${c.lastMessage.isMine ? 'You: ' : ''}${c.lastMessage.content}`;
}

/**
 * The conversation list (spec 001 §2 Messages): avatar or initials, name or email, last message,
 * relative time and the unread badge (9+); and the message requests waiting for an answer.
 */
export function ConversationList({ selectedUserId, onSelect }: { selectedUserId: string | null; onSelect: (c: TConversation) => void }) {
  const [box, setBox] = useState<Box>('inbox');
  const conversations = useConversations();
  const requests = useMessageRequests();
  const query = box === 'inbox' ? conversations : requests;
  const requestCount = requests.data?.conversations.length ?? 0;
  const { groupProps, radioProps } = useRadioGroup(BOXES, box, setBox);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div {...groupProps} aria-label="Show" className="flex gap-1 border-b border-slate-800 p-2">
        {BOXES.map((b) => (
          <button
            key={b}
            {...radioProps(b)}
            className={cn(
              'flex flex-1 items-center justify-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-emerald-400',
              box === b ? 'bg-slate-800 text-slate-100' : 'text-slate-400 hover:bg-slate-800/60',
            )}
          >
            {b === 'inbox' ? 'Inbox' : 'Requests'}
            {b === 'requests' && requestCount > 0 && (
              <span className="rounded-full bg-amber-400 px-1.5 text-xs font-bold text-slate-950">{unreadBadge(requestCount)}</span>
            )}
          </button>
        ))}
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {query.isPending ? (
          <RowsSkeleton label="Loading conversations" rows={4} />
        ) : query.isError && !query.data ? (
          <div className="p-4">
            <RetryNote message={MESSAGE_SCREEN_TEXTS.loadConversationsFailed} onRetry={() => void query.refetch()} />
          </div>
        ) : query.data.conversations.length === 0 ? (
          box === 'inbox' ? (
            <EmptyNote icon={Inbox} title="No conversations yet" hint="Start one with New Message." />
          ) : (
            <EmptyNote icon={MailQuestion} title="No message requests" hint="First messages from new accounts wait here for your answer." />
          )
        ) : (
          <ul aria-label={box === 'inbox' ? 'Conversations' : 'Message requests'} className="divide-y divide-slate-800">
            {query.data.conversations.map((c) => {
              const name = c.otherUser.fullName || c.otherUser.email;
              const selected = c.otherUser._id === selectedUserId;
              return (
                <li key={c.conversationId}>
                  <button
                    type="button"
                    onClick={() => onSelect(c)}
                    aria-current={selected ? 'true' : undefined}
                    className={cn(
                      'flex w-full items-center gap-3 px-3 py-3 text-left hover:bg-slate-800/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-400',
                      selected && 'bg-slate-800',
                    )}
                  >
                    <UserAvatar name={name} src={c.otherUser.profilePicture} />
                    <span className="min-w-0 flex-1">
                      <span className="flex items-baseline justify-between gap-2">
                        <span className={cn('truncate', c.unreadCount > 0 ? 'font-bold text-slate-100' : 'font-semibold text-slate-200')}>
                          {name}
                        </span>
                        {c.lastMessage && (
                          <span className="shrink-0 text-xs text-slate-400">{formatRelativeTime(c.lastMessage.createdAt)}</span>
                        )}
                      </span>
                      <span className="flex items-center justify-between gap-2">
                        <span className={cn('truncate text-sm', c.unreadCount > 0 ? 'text-slate-200' : 'text-slate-400')}>
                          {preview(c)}
                        </span>
                        {c.unreadCount > 0 && (
                          <span className="shrink-0 rounded-full bg-emerald-500 px-1.5 text-xs font-bold text-slate-950">
                            <span className="sr-only">Unread: </span>
                            {unreadBadge(c.unreadCount)}
                          </span>
                        )}
                      </span>
                      {c.status === 'request' && c.requestedByMe && <span className="text-xs text-amber-300">Request sent</span>}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
