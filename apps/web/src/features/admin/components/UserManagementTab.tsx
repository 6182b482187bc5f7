import { useState } from 'react';
import { BadgeCheck, Ban, Search, ShieldCheck, Users } from 'lucide-react';
import {
  ADMIN_USER_MESSAGES,
  USER_ROLES,
  USER_STATUSES,
  canGrantRole,
  formatDate,
  formatDateTime,
  outranks,
  type TAdminUser,
  type UserRole,
  type UserStatus,
} from '@contesthub/shared';
import { useAuth } from '../../../lib/auth';
import { serverMessageOr } from '../../../lib/errors';
import { useCan } from '../../../lib/permissions';
import { useToast } from '../../../lib/toast';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { Button } from '../../../components/ui/button';
import { Badge, Card, type BadgeTone } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/field';
import { EmptyNote, LoadError, RowsSkeleton, useOncePerError } from '../../../components/ui/list-states';
import { Pagination } from '../../../components/ui/pagination';
import { useAdminUsers } from '../api/get-users';
import { useUpdateUserRole } from '../api/update-user-role';
import { useUpdateUserStatus } from '../api/update-user-status';
import { useVerifyUser } from '../api/verify-user';
import { BanUserDialog } from './BanUserDialog';
import { UserDetailsDialog } from './UserDetailsDialog';
import { capitalised, FilterSelect } from './FilterSelect';

const STATUS_TONE: Record<UserStatus, BadgeTone> = { active: 'green', banned: 'red', pending: 'amber' };
const ROLE_TONE: Record<UserRole, BadgeTone> = { user: 'neutral', moderator: 'sky', admin: 'violet' };

/** The text under the list (spec 002 §2.1), shown only when there is more than one page. */
export function pageSummary(page: number, limit: number, total: number, totalPages: number) {
  if (totalPages <= 1) return null;
  const from = (page - 1) * limit + 1;
  const to = Math.min(page * limit, total);
  return { showing: `Showing ${from} to ${to} of ${total} users`, pageOf: `Page ${page} of ${totalPages}` };
}

/** Admin Tools, User Management tab (spec 002 §2.1): search, filters, the users, their actions, pages of 10. */
export function UserManagementTab() {
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<UserStatus | ''>('');
  const [role, setRole] = useState<UserRole | ''>('');
  const [page, setPage] = useState(1);
  const term = useDebouncedValue(search.trim(), 300);
  /** A filter's change starts again from the first page. */
  const fromPageOne =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const users = useAdminUsers({ page, search: term || undefined, status: status || undefined, role: role || undefined });
  useOncePerError(users.error, () => toast.error('Error', ADMIN_USER_MESSAGES.fetchUsersFailed));
  const phone = useMediaQuery(PHONE_QUERY);
  const [banning, setBanning] = useState<TAdminUser | null>(null);
  const [viewing, setViewing] = useState<TAdminUser | null>(null);
  const statusChange = useUpdateUserStatus();

  const ban = (reason: string) => {
    if (!banning) return;
    statusChange.mutate(
      { userId: banning.id, body: { status: 'banned', reason } },
      {
        onSuccess: () => {
          toast.success(ADMIN_USER_MESSAGES.banned);
          setBanning(null);
        },
        onError: (err) => toast.error('Error', serverMessageOr(err, ADMIN_USER_MESSAGES.banFailed)),
      },
    );
  };

  const data = users.data;
  const summary = data && pageSummary(data.pagination.page, data.pagination.limit, data.pagination.total, data.pagination.totalPages);

  return (
    <div className="space-y-4">
      <Card className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
        <TextField
          label="Search users"
          type="search"
          value={search}
          placeholder="Name, username or email"
          onChange={(e) => fromPageOne(setSearch)(e.target.value)}
          aside={<Search className="h-4 w-4 text-slate-400" aria-hidden />}
        />
        <FilterSelect label="Status" allLabel="All statuses" options={USER_STATUSES} value={status} onChange={fromPageOne(setStatus)} />
        <FilterSelect label="Role" allLabel="All roles" options={USER_ROLES} value={role} onChange={fromPageOne(setRole)} />
      </Card>

      <Card className="p-0">
        {users.isPending ? (
          <div className="p-4">
            <RowsSkeleton label="Loading users" rows={5} />
          </div>
        ) : users.isError && !data ? (
          <LoadError
            framed={false}
            message={ADMIN_USER_MESSAGES.fetchUsersFailed}
            onRetry={() => void users.refetch()}
            retrying={users.isFetching}
          />
        ) : !data || data.users.length === 0 ? (
          <EmptyNote icon={Users} title="No users found" hint="Try another search or filter." />
        ) : phone ? (
          <ul className="divide-y divide-slate-800" aria-label="Users">
            {data.users.map((u) => (
              <li key={u.id} className="space-y-3 p-4">
                <UserIdentity user={u} />
                <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs text-slate-400">
                  <dt>Joined</dt>
                  <dd className="text-slate-200">{formatDate(u.createdAt)}</dd>
                  <dt>Last login</dt>
                  <dd className="text-slate-200">{u.lastLogin ? formatDateTime(u.lastLogin) : 'Never'}</dd>
                  <dt>Contests / entries</dt>
                  <dd className="text-slate-200">
                    {u.contestsCreated} / {u.entriesSubmitted}
                  </dd>
                  <dt>Violations</dt>
                  <dd className="text-slate-200">{u.violations}</dd>
                </dl>
                <div className="flex flex-wrap items-center gap-2">
                  <RoleControl user={u} />
                  <UserActions user={u} onBan={() => setBanning(u)} onView={() => setViewing(u)} />
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[52rem] text-left text-sm">
              <caption className="sr-only">Users</caption>
              <thead className="border-b border-slate-800 text-xs uppercase tracking-wide text-slate-400">
                <tr>
                  <th scope="col" className="px-2 py-3">
                    User
                  </th>
                  <th scope="col" className="px-2 py-3">
                    Role
                  </th>
                  <th scope="col" className="px-2 py-3">
                    Status
                  </th>
                  <th scope="col" className="px-2 py-3 text-right">
                    Contests / Entries
                  </th>
                  <th scope="col" className="px-2 py-3">
                    Last login
                  </th>
                  <th scope="col" className="px-2 py-3 text-right">
                    Violations
                  </th>
                  <th scope="col" className="px-2 py-3">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-800">
                {data.users.map((u) => (
                  <tr key={u.id}>
                    <td className="px-2 py-3">
                      <p className="font-medium">{u.fullName}</p>
                      <p className="text-xs text-slate-400">{u.email}</p>
                      <p className="text-xs text-slate-400">Joined {formatDate(u.createdAt)}</p>
                    </td>
                    <td className="px-2 py-3">
                      <RoleControl user={u} />
                    </td>
                    <td className="px-2 py-3">
                      <StatusBadge user={u} />
                    </td>
                    <td className="whitespace-nowrap px-2 py-3 text-right">
                      {u.contestsCreated} / {u.entriesSubmitted}
                    </td>
                    <td className="whitespace-nowrap px-2 py-3">{u.lastLogin ? formatDateTime(u.lastLogin) : 'Never'}</td>
                    <td className="px-2 py-3 text-right">{u.violations}</td>
                    <td className="px-2 py-3">
                      <UserActions user={u} onBan={() => setBanning(u)} onView={() => setViewing(u)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>

      {data && summary && (
        <div className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
          <p className="text-sm text-slate-400">{summary.showing}</p>
          <p className="text-sm text-slate-400">{summary.pageOf}</p>
          <Pagination
            page={data.pagination.page}
            pages={data.pagination.totalPages}
            onChange={setPage}
            label="Users pages"
            disabled={users.isFetching}
          />
        </div>
      )}

      <BanUserDialog user={banning} pending={statusChange.isPending} onClose={() => setBanning(null)} onBan={ban} />
      <UserDetailsDialog user={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

function StatusBadge({ user }: { user: TAdminUser }) {
  const status = user.status ?? 'active';
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      <Badge tone={STATUS_TONE[status]}>{capitalised(status)}</Badge>
      {user.isVerified && (
        <span className="inline-flex items-center text-emerald-300" title="Verified">
          <BadgeCheck className="h-4 w-4" aria-hidden />
          <span className="sr-only">Verified</span>
        </span>
      )}
    </span>
  );
}

function UserIdentity({ user }: { user: TAdminUser }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-2">
      <div className="min-w-0">
        <p className="font-medium">{user.fullName}</p>
        <p className="break-all text-xs text-slate-400">{user.email}</p>
      </div>
      <span className="flex flex-wrap gap-1.5">
        <Badge tone={ROLE_TONE[user.role]}>{capitalised(user.role)}</Badge>
        <StatusBadge user={user} />
      </span>
    </div>
  );
}

/** View; Ban or Unban and Verify (unverified only), never on oneself. */
function UserActions({ user, onBan, onView }: { user: TAdminUser; onBan: () => void; onView: () => void }) {
  const { user: me } = useAuth();
  const toast = useToast();
  const statusChange = useUpdateUserStatus();
  const verify = useVerifyUser();
  const view = (
    <Button size="sm" variant="ghost" onClick={onView} aria-label={`View ${user.fullName}`}>
      View
    </Button>
  );
  if (!me || me._id === user.id) return <span className="inline-flex items-center gap-2 text-xs text-slate-400">{view}You</span>;
  const below = outranks(me.role, user.role);
  const unban = () =>
    statusChange.mutate(
      { userId: user.id, body: { status: 'active' } },
      {
        onSuccess: () => toast.success(ADMIN_USER_MESSAGES.unbanned),
        onError: (err) => toast.error('Error', serverMessageOr(err, ADMIN_USER_MESSAGES.unbanFailed)),
      },
    );
  const markVerified = () =>
    verify.mutate(user.id, {
      onSuccess: () => toast.success(ADMIN_USER_MESSAGES.verified),
      onError: (err) => toast.error('Error', serverMessageOr(err, ADMIN_USER_MESSAGES.verifyFailed)),
    });
  return (
    <div className="flex flex-wrap items-center gap-2 md:flex-nowrap">
      {view}
      {below &&
        (user.status === 'banned' ? (
          <Button size="sm" variant="outline" loading={statusChange.isPending} onClick={unban} aria-label={`Unban ${user.fullName}`}>
            Unban
          </Button>
        ) : (
          <Button
            size="sm"
            variant="danger"
            icon={<Ban className="h-4 w-4" aria-hidden />}
            onClick={onBan}
            aria-label={`Ban ${user.fullName}`}
          >
            Ban
          </Button>
        ))}
      {below && !user.isVerified && (
        <Button
          size="sm"
          variant="outline"
          icon={<ShieldCheck className="h-4 w-4" aria-hidden />}
          loading={verify.isPending}
          onClick={markVerified}
          aria-label={`Verify ${user.fullName}`}
        >
          Verify
        </Button>
      )}
    </div>
  );
}

/** The role: a selector for roles.manage holders (roles they may grant; never their own), else a badge. */
function RoleControl({ user }: { user: TAdminUser }) {
  const { user: me } = useAuth();
  const can = useCan();
  const toast = useToast();
  const roleChange = useUpdateUserRole();
  if (!me || me._id === user.id || !can('roles.manage')) return <Badge tone={ROLE_TONE[user.role]}>{capitalised(user.role)}</Badge>;
  const setRole = (role: UserRole) =>
    roleChange.mutate(
      { userId: user.id, role },
      {
        onSuccess: () => toast.success(ADMIN_USER_MESSAGES.roleUpdated),
        onError: (err) => toast.error('Error', serverMessageOr(err, ADMIN_USER_MESSAGES.roleFailed)),
      },
    );
  return (
    <label className="inline-flex items-center gap-1.5 text-xs text-slate-400">
      <span className="sr-only">Role of {user.fullName}</span>
      <select
        className="rounded-lg border border-slate-700 bg-slate-900 px-2 py-1.5 text-sm text-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-400"
        value={user.role}
        disabled={roleChange.isPending}
        onChange={(e) => setRole(e.target.value as UserRole)}
      >
        {USER_ROLES.filter((r) => r === user.role || canGrantRole(me.role, r)).map((r) => (
          <option key={r} value={r}>
            {capitalised(r)}
          </option>
        ))}
      </select>
    </label>
  );
}
