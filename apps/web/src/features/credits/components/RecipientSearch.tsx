import { useState } from 'react';
import { Check, Plus, Search, UserX } from 'lucide-react';
import { MESSAGE_SEARCH, SEARCH_MIN_LENGTH, type TTransferUser } from '@contesthub/shared';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { RetryNote } from '../../../components/ui/list-states';
import { useTransferUserSearch } from '../api/search-transfer-users';
import { TRANSFER_TEXT } from '../lib/transfer-messages';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** The member search waits for 300 ms of no typing, as the Messages search does (spec 001 §9). */
export const SEARCH_DEBOUNCE_MS = MESSAGE_SEARCH.debounceMs;

/** Find members by name or email and pick them as recipients; each can be picked once. */
export function RecipientSearch({
  selected,
  onAdd,
  disabled,
}: {
  selected: readonly TTransferUser[];
  onAdd: (user: TTransferUser) => void;
  disabled?: boolean;
}) {
  const [text, setText] = useState('');
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const term = settled.trim();
  const search = useTransferUserSearch(settled);
  const picked = new Set(selected.map((u) => u.id));
  const tooShort = text.trim().length < SEARCH_MIN_LENGTH;

  return (
    <div className="space-y-3">
      <TextField
        label="Find recipients"
        type="search"
        autoComplete="off"
        placeholder="Name or full email address"
        value={text}
        disabled={disabled}
        onChange={(e) => setText(e.target.value)}
        hint={tooShort ? TRANSFER_TEXT.searchHint : 'Pick one or more members; each receives the amount below.'}
      />
      {!tooShort && term.length >= SEARCH_MIN_LENGTH && (
        <div aria-live="polite" className="rounded-xl border border-slate-800 bg-slate-950/40">
          {search.isPending ? (
            <p role="status" className="flex items-center gap-2 px-4 py-3 text-sm text-slate-400">
              <Search className="h-4 w-4 animate-pulse" aria-hidden /> Searching…
            </p>
          ) : search.isError ? (
            <div className="px-4 py-3">
              <RetryNote message={TRANSFER_TEXT.searchFailed} onRetry={() => void search.refetch()} />
            </div>
          ) : search.data.users.length === 0 ? (
            <p className="flex items-center gap-2 px-4 py-3 text-sm text-slate-400">
              <UserX className="h-4 w-4" aria-hidden /> No members match “{term}”.
            </p>
          ) : (
            <ul aria-label="Search results" className="divide-y divide-slate-800">
              {search.data.users.map((user) => {
                const added = picked.has(user.id);
                return (
                  <li key={user.id} className="flex items-center gap-3 px-4 py-2.5">
                    <UserAvatar name={user.fullName} src={user.profilePicture} size="sm" />
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium">{user.fullName}</p>
                      <p className="truncate text-xs text-slate-400">{user.email}</p>
                    </div>
                    <Button
                      size="sm"
                      variant={added ? 'ghost' : 'outline'}
                      disabled={added || disabled}
                      onClick={() => onAdd(user)}
                      aria-label={added ? `${user.fullName} added` : `Add ${user.fullName}`}
                      icon={added ? <Check className="h-4 w-4" aria-hidden /> : <Plus className="h-4 w-4" aria-hidden />}
                    >
                      {added ? 'Added' : 'Add'}
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
