import { formatDateTime, ZReportContext, type TModerationReport } from '@contesthub/shared';
import { Button } from '../../../components/ui/button';
import { Badge, Spinner } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { LoadError } from '../../../components/ui/list-states';
import { useReport } from '../api/get-report';
import { STATUS_LABELS, STATUS_TONES, TYPE_LABELS, reasonLabel, reporterName } from './labels';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-slate-400">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-100">{children}</dd>
    </div>
  );
}

/** View Details: the item as it is now (or the snapshot the report kept), its score, the other reports of it. */
export function ReportDetailsDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useReport(id);
  const d = detail.data;
  const context = d?.context ? ZReportContext.safeParse(d.context) : null;

  return (
    <Dialog
      open
      onClose={onClose}
      title="Report Details"
      footer={
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      {detail.isPending ? (
        <Spinner label="Loading report..." />
      ) : detail.isError || !d ? (
        <LoadError message="Failed to fetch reports" onRetry={() => void detail.refetch()} retrying={detail.isFetching} framed={false} />
      ) : (
        <div className="space-y-5">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone="violet">{TYPE_LABELS[d.item.type]}</Badge>
            <Badge tone={STATUS_TONES[d.report.status]}>{STATUS_LABELS[d.report.status]}</Badge>
            {d.report.priority === 'high' && <Badge tone="red">High priority</Badge>}
            {d.report.autoHidden && <Badge tone="amber">Auto-hidden</Badge>}
            {d.item.hidden && !d.report.autoHidden && <Badge tone="neutral">Not public</Badge>}
          </div>
          <dl className="grid gap-3 sm:grid-cols-2">
            <Fact label="Item">{d.item.title}</Fact>
            <Fact label="Item status">{d.item.exists ? (d.item.status ?? '—') : 'Deleted'}</Fact>
            <Fact label="Author">{d.author?.fullName ?? 'Unknown'}</Fact>
            <Fact label="Score">
              {d.report.score} from {d.report.reportCount} {d.report.reportCount === 1 ? 'report' : 'reports'}
            </Fact>
            <Fact label="Reason">{reasonLabel(d.report.reason)}</Fact>
            <Fact label="Reporter">{reporterName(d.report)}</Fact>
            <Fact label="Reported">{formatDateTime(d.report.createdAt)}</Fact>
            {d.report.assignee && <Fact label="Assigned to">{d.report.assignee.fullName}</Fact>}
          </dl>
          <Fact label="Description">{d.report.description}</Fact>
          {d.item.content && (
            <section
              aria-label="Reported content"
              className="rounded-lg border border-slate-700 bg-slate-900/60 p-3 text-sm text-slate-200"
            >
              <p className="whitespace-pre-wrap break-words">{d.item.content}</p>
            </section>
          )}
          {context?.success && context.data.messages.length > 0 && (
            <section>
              <h3 className="text-sm font-semibold">Conversation when reported</h3>
              <ol className="mt-2 space-y-1 text-sm">
                {context.data.messages.map((m) => (
                  <li key={m.id} className={m.reported ? 'rounded bg-amber-500/10 px-2 py-1 text-amber-100' : 'px-2 py-1 text-slate-300'}>
                    {m.deleted ? <em>deleted</em> : m.content}
                  </li>
                ))}
              </ol>
            </section>
          )}
          {(d.report.adminNotes || d.report.actionsTaken) && (
            <dl className="grid gap-3 sm:grid-cols-2">
              {d.report.adminNotes && <Fact label="Admin notes">{d.report.adminNotes}</Fact>}
              {d.report.actionsTaken && <Fact label="Actions taken">{d.report.actionsTaken}</Fact>}
            </dl>
          )}
          <section>
            <h3 className="text-sm font-semibold">Other reports of this item ({d.otherReports.length})</h3>
            {d.otherReports.length === 0 ? (
              <p className="mt-1 text-sm text-slate-400">No other reports.</p>
            ) : (
              <ul className="mt-2 divide-y divide-slate-800 text-sm">
                {d.otherReports.map((r: TModerationReport) => (
                  <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <span>
                      {reporterName(r)} · {reasonLabel(r.reason)}
                    </span>
                    <span className="flex items-center gap-2 text-slate-400">
                      <Badge tone={STATUS_TONES[r.status]}>{STATUS_LABELS[r.status]}</Badge>
                      {formatDateTime(r.createdAt)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </Dialog>
  );
}
