import { useState } from 'react';
import { Search } from 'lucide-react';
import { MESSAGE_SEARCH, MESSAGE_SEARCH_MIN, type TMessageUser } from '@contesthub/shared';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { RetryNote } from '../../../components/ui/list-states';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { useMessageUserSearch } from '../api/search-users';
import { MESSAGE_SCREEN_TEXTS } from '../lib/messages-text';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** New Message (spec 001 §2, §5): search after 300 ms without typing, from 2 characters; pick a member to open the thread. */
export function NewMessageDialog({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (user: TMessageUser) => void }) {
  const [q, setQ] = useState('');
  const term = useDebouncedValue(q, MESSAGE_SEARCH.debounceMs).trim();
  const search = useMessageUserSearch(term);
  const short = q.trim().length < MESSAGE_SEARCH_MIN;
  const users = search.data?.users ?? [];

  return (
    <Dialog open={open} onClose={onClose} title="New Message" description="Find a member by name, username or email.">
      <div className="space-y-3">
        <TextField
          label="Search users"
          type="search"
          value={q}
          autoComplete="off"
          onChange={(e) => setQ(e.target.value)}
          hint={short ? MESSAGE_SCREEN_TEXTS.searchHint : undefined}
          data-autofocus
        />
        <div aria-live="polite" className="min-h-24">
          {short ? null : search.isError ? (
            <RetryNote message={MESSAGE_SCREEN_TEXTS.searchFailed} onRetry={() => void search.refetch()} />
          ) : (search.isFetching || term !== q.trim()) && users.length === 0 ? (
            <p className="flex items-center gap-2 text-sm text-slate-400">
              <Search className="h-4 w-4" aria-hidden />
              Searching…
            </p>
          ) : users.length === 0 ? (
            <p className="text-sm text-slate-400">No members found for “{term}”.</p>
          ) : (
            <ul
              aria-label="Search results"
              className="max-h-72 divide-y divide-slate-800 overflow-y-auto rounded-lg border border-slate-800"
            >
              {users.map((u) => (
                <li key={u._id}>
                  <button
                    type="button"
                    onClick={() => onPick(u)}
                    className="flex w-full items-center gap-3 px-3 py-2.5 text-left hover:bg-slate-800 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-400"
                  >
                    <UserAvatar name={u.fullName} src={u.profilePicture} size="sm" />
                    <span className="min-w-0">
                      <span className="block truncate font-semibold">{u.fullName}</span>
                      <span className="block truncate text-xs text-slate-400">@{u.username}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Dialog>
  );
}
