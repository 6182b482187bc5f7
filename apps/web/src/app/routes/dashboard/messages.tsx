import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { MessagesSquare, PenSquare, Settings2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { useAuth } from '../../../lib/auth';
import { cn } from '../../../lib/cn';
import { useConversations } from '../../../features/messages/api/get-conversations';
import { useMessageRequests } from '../../../features/messages/api/get-message-requests';
import { useMessageUnreadCount } from '../../../features/messages/api/get-unread-count';
import { ConversationList } from '../../../features/messages/components/ConversationList';
import { MessageSettingsDialog } from '../../../features/messages/components/MessageSettingsDialog';
import { NewMessageDialog } from '../../../features/messages/components/NewMessageDialog';
import { Thread, type ThreadUser } from '../../../features/messages/components/Thread';
import { MESSAGE_SCREEN_TEXTS, unreadMessagesText } from '../../../features/messages/lib/messages-text';

interface EntryState {
  /** The public profile's Message button passes the member to write to (spec 000 §2). */
  selectedUser?: ThreadUser;
}

/**
 * /dashboard/messages (spec 001 §2 Messages): the conversation list beside the open thread; on a
 * phone one pane at a time, the thread with a back button. The open conversation is in the address
 * (?with=<user id>), so the phone's own Back returns to the list too.
 */
export default function MessagesPage() {
  const { user } = useAuth();
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const toast = useToast();
  const conversations = useConversations();
  const requests = useMessageRequests();
  const unread = useMessageUnreadCount().data?.unreadCount ?? 0;
  const [picked, setPicked] = useState<ThreadUser | null>(null);
  const [composing, setComposing] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);

  const entry = (location.state as EntryState | null)?.selectedUser;
  // Entered from a profile: open that member's thread (never one's own).
  useEffect(() => {
    if (!entry || !user) return;
    if (entry._id === user._id) {
      toast.error(MESSAGE_SCREEN_TEXTS.selfTitle, MESSAGE_SCREEN_TEXTS.selfMessage);
    } else {
      setPicked(entry);
      setSearch({ with: entry._id }, { replace: true, state: null });
    }
    // Once per arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entry?._id]);

  if (!user) return null;
  const withId = search.get('with');
  const known = [...(conversations.data?.conversations ?? []), ...(requests.data?.conversations ?? [])].find(
    (c) => c.otherUser._id === withId,
  )?.otherUser;
  const other: ThreadUser | null = withId
    ? (known ?? (picked?._id === withId ? picked : null) ?? { _id: withId, fullName: '', username: '', profilePicture: null })
    : null;

  const open = (u: ThreadUser) => {
    if (u._id === user._id) {
      toast.error(MESSAGE_SCREEN_TEXTS.selfTitle, MESSAGE_SCREEN_TEXTS.selfMessage);
      return;
    }
    setPicked(u);
    setSearch({ with: u._id });
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-2xl font-bold">Messages</h2>
          <p className="text-slate-400" aria-live="polite">
            {unreadMessagesText(unread)}
          </p>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" icon={<Settings2 className="h-4 w-4" aria-hidden />} onClick={() => setSettingsOpen(true)}>
            <span className="sr-only sm:not-sr-only">Message settings</span>
          </Button>
          <Button icon={<PenSquare className="h-4 w-4" aria-hidden />} onClick={() => setComposing(true)}>
            New Message
          </Button>
        </div>
      </div>

      <div className="flex h-[calc(100dvh-16rem)] min-h-[24rem] overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60 md:h-[600px]">
        <div className={cn('min-h-0 w-full flex-col border-slate-800 md:flex md:w-80 md:shrink-0 md:border-r', other ? 'hidden' : 'flex')}>
          <ConversationList selectedUserId={withId} onSelect={(c) => open(c.otherUser)} />
        </div>
        <div className={cn('min-h-0 min-w-0 flex-1 flex-col md:flex', other ? 'flex' : 'hidden')}>
          {other ? (
            <Thread key={other._id} meId={user._id} other={other} onBack={() => setSearch({})} />
          ) : (
            <div className="grid flex-1 place-items-center p-6 text-center">
              <div>
                <MessagesSquare className="mx-auto h-10 w-10 text-slate-500" aria-hidden />
                <p className="mt-3 font-semibold">Select a conversation</p>
                <p className="mt-1 text-sm text-slate-400">Or start a new one with New Message.</p>
              </div>
            </div>
          )}
        </div>
      </div>

      <NewMessageDialog
        open={composing}
        onClose={() => setComposing(false)}
        onPick={(u) => {
          setComposing(false);
          open(u);
        }}
      />
      <MessageSettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </div>
  );
}
