import { useState } from 'react';
import { AlertTriangle, CheckCircle2, Clock, Flag, Inbox } from 'lucide-react';
import {
  MODERATION_TEXTS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
  formatDate,
  type ReportTargetType,
  type TModerationReport,
} from '@contesthub/shared';
import { Button } from '../../../components/ui/button';
import { Badge, Card } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/field';
import { EmptyNote, LoadError, RowsSkeleton, useOncePerError } from '../../../components/ui/list-states';
import { Pagination } from '../../../components/ui/pagination';
import { StatCard } from '../../../components/ui/stat';
import { useToast } from '../../../components/ui/toast';
import { useModerationStats } from '../api/get-moderation-stats';
import { useReports } from '../api/get-reports';
import { DismissDialog } from './DismissDialog';
import { ReportDetailsDialog } from './ReportDetailsDialog';
import { ResolveDialog } from './ResolveDialog';
import { STATUS_LABELS, STATUS_TONES, TYPE_LABELS, isOpen, reasonLabel, reporterName } from './labels';

type ReportStatus = TModerationReport['status'];
/** The spec's type filter (002 §2.1) plus direct messages, which are reported too. */
const TYPE_FILTERS = REPORT_TARGET_TYPES;
const NO_STATS = { total: 0, pending: 0, resolved: 0, dismissed: 0, recent: 0 };

type Open = { kind: 'resolve' | 'dismiss'; report: TModerationReport } | { kind: 'view'; id: string } | null;

function ItemBadges({ report }: { report: TModerationReport }) {
  return (
    <>
      <Badge tone={STATUS_TONES[report.status]}>{STATUS_LABELS[report.status]}</Badge>
      {report.priority === 'high' && <Badge tone="red">High priority</Badge>}
      {report.autoHidden && <Badge tone="amber">Auto-hidden</Badge>}
    </>
  );
}

function RowActions({ report, onOpen, view }: { report: TModerationReport; onOpen: (o: Open) => void; view: string }) {
  const name = `${TYPE_LABELS[report.reportedItem.type]} report: ${report.reportedItem.title}`;
  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="outline" onClick={() => onOpen({ kind: 'view', id: report.id })} aria-label={`${view}, ${name}`}>
        {view}
      </Button>
      {isOpen(report) && (
        <>
          <Button size="sm" onClick={() => onOpen({ kind: 'resolve', report })} aria-label={`Resolve, ${name}`}>
            Resolve
          </Button>
          <Button size="sm" variant="ghost" onClick={() => onOpen({ kind: 'dismiss', report })} aria-label={`Dismiss, ${name}`}>
            Dismiss
          </Button>
        </>
      )}
    </div>
  );
}

/**
 * Admin Tools → Content Moderation (spec 002 §2.1): stat cards, status and type filters, the card
 * list (the only list on a phone) and the reports table with pagination, and the Resolve, Dismiss
 * and View Details dialogs. No props: mounted as the tab's panel.
 */
export function ContentModerationTab() {
  const toast = useToast();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<ReportStatus | ''>('');
  const [type, setType] = useState<ReportTargetType | ''>('');
  const [open, setOpen] = useState<Open>(null);
  const stats = useModerationStats();
  const list = useReports({ page, status: status || undefined, type: type || undefined });
  useOncePerError(stats.error, () => toast.error(MODERATION_TEXTS.fetchStatsFailed));
  useOncePerError(list.error, () => toast.error(MODERATION_TEXTS.fetchReportsFailed));

  const s = stats.data ?? NO_STATS;
  const reports = list.data?.reports ?? [];
  const pages = list.data?.pagination.totalPages ?? 1;

  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard icon={Flag} tone="text-sky-300" label="Total" loading={stats.isPending} testId="moderation-total">
          {s.total}
        </StatCard>
        <StatCard icon={Clock} tone="text-amber-300" label="Pending" loading={stats.isPending} testId="moderation-pending">
          {s.pending}
        </StatCard>
        <StatCard icon={CheckCircle2} tone="text-emerald-300" label="Resolved" loading={stats.isPending} testId="moderation-resolved">
          {s.resolved}
        </StatCard>
        <StatCard icon={AlertTriangle} tone="text-violet-300" label="Recent (7 days)" loading={stats.isPending} testId="moderation-recent">
          {s.recent}
        </StatCard>
      </div>

      <div className="grid gap-3 sm:grid-cols-2 lg:max-w-xl">
        <SelectField
          label="Status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as ReportStatus | '');
            setPage(1);
          }}
        >
          <option value="">All statuses</option>
          {REPORT_STATUSES.map((v) => (
            <option key={v} value={v}>
              {STATUS_LABELS[v]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Type"
          value={type}
          onChange={(e) => {
            setType(e.target.value as ReportTargetType | '');
            setPage(1);
          }}
        >
          <option value="">All types</option>
          {TYPE_FILTERS.map((v) => (
            <option key={v} value={v}>
              {TYPE_LABELS[v]}
            </option>
          ))}
        </SelectField>
      </div>

      {list.isPending ? (
        <Card>
          <RowsSkeleton label="Loading reports..." rows={4} />
        </Card>
      ) : list.isError ? (
        <LoadError message={MODERATION_TEXTS.fetchReportsFailed} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : reports.length === 0 ? (
        <Card>
          <EmptyNote icon={Inbox} title="No reports" hint="Reports matching these filters appear here." />
        </Card>
      ) : (
        <>
          <ul className="grid gap-3 md:grid-cols-2" aria-label="Reports">
            {reports.map((r) => (
              <li key={r.id}>
                <Card className="h-full space-y-2 p-4">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge tone="violet">{TYPE_LABELS[r.reportedItem.type]}</Badge>
                    <ItemBadges report={r} />
                  </div>
                  <p className="break-words font-semibold">{r.reportedItem.title}</p>
                  <p className="text-sm text-slate-300">
                    {reasonLabel(r.reason)} · by {reporterName(r)} · {formatDate(r.createdAt)}
                  </p>
                  <p className="text-xs text-slate-400">
                    Score {r.score} · {r.reportCount} {r.reportCount === 1 ? 'report' : 'reports'}
                  </p>
                  <RowActions report={r} onOpen={setOpen} view="View Details" />
                </Card>
              </li>
            ))}
          </ul>

          <Card className="hidden overflow-x-auto md:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Reports</caption>
              <thead className="border-b border-slate-800 text-xs uppercase text-slate-400">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Type
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Reason
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Status
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Reporter
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Date
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-800">
                {reports.map((r) => (
                  <tr key={r.id}>
                    <td className="px-4 py-3">{TYPE_LABELS[r.reportedItem.type]}</td>
                    <td className="px-4 py-3">{reasonLabel(r.reason)}</td>
                    <td className="px-4 py-3">
                      <div className="flex flex-wrap gap-1">
                        <ItemBadges report={r} />
                      </div>
                    </td>
                    <td className="px-4 py-3">{reporterName(r)}</td>
                    <td className="whitespace-nowrap px-4 py-3">{formatDate(r.createdAt)}</td>
                    <td className="px-4 py-3">
                      <RowActions report={r} onOpen={setOpen} view="View" />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>

          <Pagination page={page} pages={pages} onChange={setPage} label="Reports pages" disabled={list.isFetching} />
        </>
      )}

      {open?.kind === 'resolve' && <ResolveDialog report={open.report} onClose={() => setOpen(null)} />}
      {open?.kind === 'dismiss' && <DismissDialog report={open.report} onClose={() => setOpen(null)} />}
      {open?.kind === 'view' && <ReportDetailsDialog id={open.id} onClose={() => setOpen(null)} />}
    </div>
  );
}
