import { useState } from 'react';
import { UserCheck } from 'lucide-react';
import { formatDate, formatNumber, USER_VERIFICATION_FILTERS, type TUserVerificationQuery } from '@contesthub/shared';
import { Badge, Card } from '../../../components/ui/card';
import { SelectField, TextField } from '../../../components/ui/field';
import { EmptyNote, LoadError, RowsSkeleton } from '../../../components/ui/list-states';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useUserVerification } from '../api/get-user-verification';
import { PagerFooter } from './PagerFooter';

type State = TUserVerificationQuery['state'];
const STATE_TEXT: Record<State, string> = {
  all: 'All users',
  unverified: 'Email not verified',
  verified: 'Email verified',
  payout_ready: 'Ready for payouts',
};

const Flag = ({ on, yes, no }: { on: boolean; yes: string; no: string }) => <Badge tone={on ? 'green' : 'neutral'}>{on ? yes : no}</Badge>;

/** Users' verification states from the database: email, phone on file, 2FA, a resolved bank account for payouts. */
export function UserVerificationList() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [state, setState] = useState<State>('all');
  const debounced = useDebouncedValue(search.trim(), 300);
  const list = useUserVerification({ page, state, ...(debounced ? { search: debounced } : {}) });

  return (
    <Card className="p-0">
      <div className="grid gap-3 border-b border-slate-800 p-4 sm:grid-cols-2 sm:p-6">
        <TextField
          label="Search users"
          type="search"
          value={search}
          placeholder="Name or email"
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
        <SelectField
          label="Verification"
          value={state}
          onChange={(e) => {
            setState(e.target.value as State);
            setPage(1);
          }}
        >
          {USER_VERIFICATION_FILTERS.map((s) => (
            <option key={s} value={s}>
              {STATE_TEXT[s]}
            </option>
          ))}
        </SelectField>
      </div>
      {list.isPending ? (
        <RowsSkeleton label="Loading users" rows={3} />
      ) : list.isError ? (
        <LoadError framed={false} message="Failed to fetch users" onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : list.data.users.length === 0 ? (
        <EmptyNote icon={UserCheck} title="No users match" hint="Try another search or filter." />
      ) : (
        <>
          <p className="px-4 pt-4 text-sm text-slate-400 sm:px-6">{formatNumber(list.data.pagination.total)} users</p>
          <ul className="divide-y divide-slate-800">
            {list.data.users.map((u) => (
              <li key={u._id} className="space-y-2 p-4 sm:px-6">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="min-w-0 font-medium break-words">
                    {u.fullName} <span className="text-sm text-slate-400">({u.email})</span>
                  </p>
                  <p className="text-xs text-slate-400">
                    Joined {formatDate(u.createdAt)} · {u.role} · {u.status}
                  </p>
                </div>
                <div className="flex flex-wrap gap-1.5">
                  <Flag on={u.emailVerified} yes="Email verified" no="Email not verified" />
                  <Flag on={u.hasPhone} yes="Phone on file" no="No phone" />
                  <Flag on={u.twoFactorEnabled} yes="2FA on" no="2FA off" />
                  <Flag on={u.bankAccountVerified} yes={`Bank verified${u.bankName ? ` (${u.bankName})` : ''}`} no="No bank account" />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      <PagerFooter pagination={list.data?.pagination} onChange={setPage} label="Users pages" busy={list.isFetching} />
    </Card>
  );
}
