import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Check, CheckCircle2, Clock, Eye, FileStack, Inbox, ShieldAlert, X, XCircle } from 'lucide-react';
import { formatDate, formatNumber, type EntryStatus, type TEntry, ENTRY_TYPE_LABELS, paths } from '@contesthub/shared';
import { useToast } from '../../../components/ui/toast';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card, Skeleton } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/field';
import { EmptyNote, LoadError, useOncePerError } from '../../../components/ui/list-states';
import { Pagination } from '../../../components/ui/pagination';
import { StatTile } from '../../../components/ui/stat';
import { ApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useContest } from '../../../features/contests/api/get-contest';
import { refreshContests } from '../../../features/contests/api/keys';
import { failureText } from '../../../features/contests/lib/messages';
import { useReviewEntries } from '../../../features/entries/api/get-review-entries';
import { useReviewStats } from '../../../features/entries/api/get-review-stats';
import { useApproveEntry } from '../../../features/entries/api/approve-entry';
import { useBulkApprove } from '../../../features/entries/api/bulk-approve-entries';
import { useBulkReject } from '../../../features/entries/api/bulk-reject-entries';
import { useRejectEntry } from '../../../features/entries/api/reject-entry';
import { EntryPreviewDialog } from '../../../features/entries/components/EntryPreviewDialog';
import { EntryStatusBadge } from '../../../features/entries/components/EntryStatusBadge';
import { RejectReasonDialog } from '../../../features/entries/components/RejectReasonDialog';
import { REVIEW_MESSAGES as M, skippedNote } from '../../../features/entries/lib/review-messages';

type StatusFilter = 'all' | Exclude<EntryStatus, 'disqualified'>;
const FILTERS: ReadonlyArray<{ value: StatusFilter; label: string }> = [
  { value: 'all', label: 'All Status' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

const TILES = [
  { key: 'total', label: 'Total Entries', icon: FileStack, tone: 'bg-slate-800 text-emerald-300' },
  { key: 'pending', label: 'Pending Review', icon: Clock, tone: 'bg-slate-800 text-amber-300' },
  { key: 'approved', label: 'Approved', icon: CheckCircle2, tone: 'bg-slate-800 text-emerald-300' },
  { key: 'rejected', label: 'Rejected', icon: XCircle, tone: 'bg-slate-800 text-red-300' },
] as const;

/** A rejection of one row ('one') or of the selection ('bulk', the bulk call even for a single entry). */
type OpenDialog = { kind: 'reject'; mode: 'one' | 'bulk'; entries: TEntry[] } | { kind: 'view'; entry: TEntry } | null;

/** A refusal the page answers with a notice instead of the table: not the organizer, or no such contest. */
const refusalOf = (...errors: unknown[]) =>
  errors.find((e) => e instanceof ApiError && (e.status === 403 || e.status === 404)) as ApiError | undefined;

/** /dashboard/contests/{contestId}/review (spec 001 §2 Entry Review): the organizer approves or rejects entries. */
export default function EntryReviewPage() {
  const { contestId = '' } = useParams();
  const toast = useToast();
  const tableId = useId();
  const [filter, setFilter] = useState<StatusFilter>('pending');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<OpenDialog>(null);

  const contest = useContest(contestId);
  const stats = useReviewStats(contestId);
  const list = useReviewEntries(contestId, { page, status: filter === 'all' ? undefined : filter });
  const queryClient = useQueryClient();
  // A decision changes the contest's entry counts wherever contests are shown.
  const onDecided = () => void refreshContests(queryClient);
  const approve = useApproveEntry(onDecided);
  const reject = useRejectEntry(onDecided);
  const bulkApprove = useBulkApprove(onDecided);
  const bulkReject = useBulkReject(onDecided);

  const entries = useMemo(() => list.data?.entries ?? [], [list.data]);
  const pendingIds = useMemo(() => entries.filter((e) => e.status === 'pending').map((e) => e._id), [entries]);
  // Only pending entries shown on this page count as selected (an approved one drops out by itself).
  const chosen = pendingIds.filter((id) => selected.has(id));
  const allChosen = pendingIds.length > 0 && chosen.length === pendingIds.length;
  const busy = approve.isPending || reject.isPending || bulkApprove.isPending || bulkReject.isPending;

  const refusal = refusalOf(list.error, stats.error);

  // A refusal is answered by the notice below, not a toast.
  useOncePerError(refusal ? null : list.error, (error) =>
    toast.error(M.fetchFailed, error.message && error.message !== M.fetchFailed ? error.message : undefined),
  );

  // A page that emptied after decisions falls back to the last page there is.
  const pages = list.data?.pagination.pages ?? 0;
  useEffect(() => {
    if (list.data && pages > 0 && page > pages) setPage(pages);
  }, [list.data, page, pages]);

  const changeFilter = (next: StatusFilter) => {
    setFilter(next);
    setPage(1);
    setSelected(new Set());
  };
  const changePage = (next: number) => {
    setPage(next);
    setSelected(new Set());
  };
  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = () => setSelected(allChosen ? new Set() : new Set(pendingIds));
  const unselect = (ids: string[]) =>
    setSelected((prev) => {
      const next = new Set(prev);
      ids.forEach((id) => next.delete(id));
      return next;
    });

  const approveOne = (entry: TEntry) =>
    approve.mutate(
      { entryId: entry._id, contestId },
      {
        onSuccess: () => {
          toast.success(M.approvedOne);
          unselect([entry._id]);
        },
        onError: (err) => toast.error(M.approveFailed, failureText(err, M.approveFailed)),
      },
    );

  const approveSelected = () => {
    if (chosen.length === 0) {
      toast.warning(M.selectToApprove);
      return;
    }
    const entryIds = [...chosen];
    bulkApprove.mutate(
      { contestId, entryIds },
      {
        onSuccess: ({ data }) => {
          toast.success(M.approvedMany(data.approvedCount), skippedNote(data.skipped.length));
          unselect(entryIds);
        },
        onError: (err) => toast.error(M.bulkApproveFailed, failureText(err, M.bulkApproveFailed)),
      },
    );
  };

  const rejectSelected = () => {
    if (chosen.length === 0) {
      toast.warning(M.selectToReject);
      return;
    }
    setDialog({ kind: 'reject', mode: 'bulk', entries: entries.filter((e) => chosen.includes(e._id)) });
  };

  const submitReject = (mode: 'one' | 'bulk', targets: TEntry[], reason: string) => {
    const close = () => setDialog(null);
    if (mode === 'one') {
      const entry = targets[0]!;
      reject.mutate(
        { entryId: entry._id, contestId, reason },
        {
          onSuccess: () => {
            toast.success(M.rejectedOne);
            unselect([entry._id]);
            close();
          },
          onError: (err) => toast.error(M.rejectFailed, failureText(err, M.rejectFailed)),
        },
      );
      return;
    }
    const entryIds = targets.map((e) => e._id);
    bulkReject.mutate(
      { contestId, entryIds, reason },
      {
        onSuccess: ({ data }) => {
          toast.success(M.rejectedMany(data.rejectedCount), skippedNote(data.skipped.length));
          unselect(entryIds);
          close();
        },
        onError: (err) => toast.error(M.bulkRejectFailed, failureText(err, M.bulkRejectFailed)),
      },
    );
  };

  const header = (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <nav aria-label="Breadcrumb" className="text-sm text-slate-400">
          <Link
            to={paths.dashboard.contests()}
            className="hover:text-emerald-300 focus-visible:rounded focus-visible:outline-2 focus-visible:outline-emerald-400"
          >
            My Contests
          </Link>
          <span aria-hidden> / </span>
          <span>Entry Review</span>
        </nav>
        <h2 className="mt-1 text-2xl font-bold">Entry Review</h2>
        {contest.isPending && !refusal ? (
          <Skeleton className="mt-1 h-5 w-56" />
        ) : contest.data ? (
          <p className="break-words text-slate-300">{contest.data.title}</p>
        ) : null}
      </div>
      <ButtonLink to={paths.contest(contestId)} variant="outline" className="shrink-0 self-start">
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Back to Contest
      </ButtonLink>
    </div>
  );

  if (refusal) {
    const forbidden = refusal.status === 403;
    return (
      <div className="space-y-6">
        {header}
        <Card role="alert" className="py-12 text-center">
          <ShieldAlert className="mx-auto h-12 w-12 text-amber-300" aria-hidden />
          <h3 className="mt-4 text-xl font-semibold">{forbidden ? "You can't review this contest" : 'Contest not found'}</h3>
          <p className="mt-2 text-slate-400">{refusal.message}</p>
          <ButtonLink to={paths.dashboard.contests()} variant="outline" className="mt-6">
            Go to My Contests
          </ButtonLink>
        </Card>
      </div>
    );
  }

  let body: ReactNode;
  // The bulk buttons name the table they act on only while it is on the page.
  let tableShown = false;
  if (list.isPending) {
    body = (
      <div role="status" aria-label="Loading entries" className="space-y-3 p-4 sm:p-6">
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className="flex items-center gap-3">
            <Skeleton className="h-5 w-5" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-48" />
              <Skeleton className="h-3 w-72 max-w-full" />
            </div>
            <Skeleton className="h-8 w-24" />
          </div>
        ))}
      </div>
    );
  } else if (list.isError && !list.data) {
    body = <LoadError framed={false} message={M.fetchFailed} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  } else if (entries.length === 0) {
    body =
      filter === 'pending' ? (
        <EmptyNote icon={Inbox} title="No entries waiting for review" hint="New entries appear here as participants submit them." />
      ) : (
        <EmptyNote icon={Inbox} title="No entries found" hint="Try another status." />
      );
  } else {
    tableShown = true;
    body = (
      <div className="overflow-x-auto">
        <table
          id={tableId}
          className={cn('w-full min-w-[56rem] text-left text-sm', list.isPlaceholderData && 'opacity-60')}
          aria-busy={list.isPlaceholderData || undefined}
        >
          <caption className="sr-only">Entries for review</caption>
          <thead className="border-b border-slate-800 text-xs uppercase tracking-wide text-slate-400">
            <tr>
              <th scope="col" className="w-10 px-4 py-3">
                <input
                  type="checkbox"
                  aria-label="Select all pending entries on this page"
                  checked={allChosen}
                  disabled={pendingIds.length === 0 || busy}
                  onChange={toggleAll}
                  className="h-4 w-4 accent-emerald-500"
                />
              </th>
              <th scope="col" className="px-3 py-3">
                Entry
              </th>
              <th scope="col" className="px-3 py-3">
                Participant
              </th>
              <th scope="col" className="px-3 py-3">
                Type
              </th>
              <th scope="col" className="px-3 py-3">
                Status
              </th>
              <th scope="col" className="px-3 py-3">
                Submitted
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-800">
            {entries.map((entry) => {
              const pending = entry.status === 'pending';
              const titleId = `${tableId}-${entry._id}`;
              const approving = approve.isPending && approve.variables?.entryId === entry._id;
              return (
                <tr key={entry._id} className={cn('align-top', selected.has(entry._id) && pending && 'bg-emerald-500/5')}>
                  <td className="px-4 py-3">
                    <input
                      type="checkbox"
                      aria-label={`Select ${entry.title}`}
                      checked={pending && selected.has(entry._id)}
                      disabled={!pending || busy}
                      onChange={() => toggle(entry._id)}
                      className="h-4 w-4 accent-emerald-500"
                    />
                  </td>
                  <td className="max-w-xs px-3 py-3">
                    <p id={titleId} className="break-words font-medium text-slate-100">
                      {entry.title}
                    </p>
                    <p className="line-clamp-2 break-words text-slate-400">{entry.description}</p>
                    {entry.rejectionReason && <p className="mt-1 text-xs text-red-300">Reason: {entry.rejectionReason}</p>}
                  </td>
                  <td className="px-3 py-3">
                    <span className="flex items-center gap-2">
                      <UserAvatar name={entry.participant.fullName} src={entry.participant.profilePicture} size="sm" />
                      <span className="min-w-0 break-words">{entry.participant.fullName}</span>
                    </span>
                  </td>
                  <td className="px-3 py-3 text-slate-300">{ENTRY_TYPE_LABELS[entry.entryType]}</td>
                  <td className="px-3 py-3">
                    <EntryStatusBadge status={entry.status} />
                  </td>
                  <td className="whitespace-nowrap px-3 py-3 text-slate-300">{formatDate(entry.submittedAt)}</td>
                  <td className="px-4 py-3">
                    <div className="flex justify-end gap-1.5">
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-describedby={titleId}
                        onClick={() => setDialog({ kind: 'view', entry })}
                        icon={<Eye className="h-4 w-4" aria-hidden />}
                      >
                        View
                      </Button>
                      {pending && (
                        <>
                          <Button
                            variant="primary"
                            size="sm"
                            aria-describedby={titleId}
                            loading={approving}
                            disabled={busy && !approving}
                            onClick={() => approveOne(entry)}
                            icon={<Check className="h-4 w-4" aria-hidden />}
                          >
                            Approve
                          </Button>
                          <Button
                            variant="danger"
                            size="sm"
                            aria-describedby={titleId}
                            disabled={busy}
                            onClick={() => setDialog({ kind: 'reject', mode: 'one', entries: [entry] })}
                            icon={<X className="h-4 w-4" aria-hidden />}
                          >
                            Reject
                          </Button>
                        </>
                      )}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      {header}

      <dl className="grid grid-cols-2 gap-2 sm:gap-4 lg:grid-cols-4" aria-label="Review statistics">
        {TILES.map(({ key, label, icon, tone }) => (
          <StatTile key={key} icon={icon} label={label} tone={tone} loading={stats.isPending}>
            {stats.data ? formatNumber(stats.data[key]) : '—'}
          </StatTile>
        ))}
      </dl>

      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="sm:w-52">
          <SelectField label="Status" value={filter} onChange={(e) => changeFilter(e.target.value as StatusFilter)}>
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Bulk actions">
          <span className="text-sm text-slate-400" aria-live="polite">
            {chosen.length} selected
          </span>
          <Button
            size="sm"
            onClick={approveSelected}
            loading={bulkApprove.isPending}
            disabled={busy && !bulkApprove.isPending}
            aria-controls={tableShown ? tableId : undefined}
            icon={<Check className="h-4 w-4" aria-hidden />}
          >
            Approve Selected
          </Button>
          <Button
            size="sm"
            variant="danger"
            onClick={rejectSelected}
            disabled={busy}
            aria-controls={tableShown ? tableId : undefined}
            icon={<X className="h-4 w-4" aria-hidden />}
          >
            Reject Selected
          </Button>
        </div>
      </div>

      <div className="overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60 shadow-lg shadow-black/20">{body}</div>

      <Pagination page={page} pages={pages} onChange={changePage} label="Entry pages" disabled={list.isPlaceholderData} />

      {dialog?.kind === 'view' && <EntryPreviewDialog entry={dialog.entry} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'reject' && (
        <RejectReasonDialog
          count={dialog.entries.length}
          subject={dialog.mode === 'one' ? dialog.entries[0]?.title : undefined}
          pending={reject.isPending || bulkReject.isPending}
          onSubmit={(reason) => submitReject(dialog.mode, dialog.entries, reason)}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
