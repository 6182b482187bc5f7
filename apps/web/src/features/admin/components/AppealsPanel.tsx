import { useId, useState, type FormEvent } from 'react';
import { Gavel } from 'lucide-react';
import {
  APPEAL_STATUSES,
  STANDING_MESSAGES,
  STRIKE_KIND_LABELS,
  formatDateTime,
  type AppealStatus,
  type TStaffAppeal,
} from '@contesthub/shared';
import { serverMessageOr } from '../../../lib/errors';
import { useToast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { Badge, Card } from '../../../components/ui/card';
import { FormDialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/field';
import { EmptyNote, RetryNote, RowsSkeleton, useOncePerError } from '../../../components/ui/list-states';
import { Pagination } from '../../../components/ui/pagination';
import { useAppeals } from '../api/get-appeals';
import { useDecideAppeal } from '../api/decide-appeal';
import { capitalised, FilterSelect } from './FilterSelect';

type Decision = 'approved' | 'rejected';
const STATUS_TONE = { pending: 'amber', approved: 'green', rejected: 'red' } as const;

/** The appeals of strikes, pending first, for appeals.manage holders: approve or reject with a note. */
export function AppealsPanel() {
  const toast = useToast();
  const [status, setStatus] = useState<AppealStatus | ''>('pending');
  const [page, setPage] = useState(1);
  const appeals = useAppeals({ page, status: status || undefined });
  useOncePerError(appeals.error, () => toast.error('Error', STANDING_MESSAGES.fetchAppealsFailed));
  const [deciding, setDeciding] = useState<{ appeal: TStaffAppeal; decision: Decision } | null>(null);
  const data = appeals.data;
  return (
    <Card className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h3 id="appeals-heading" className="flex items-center gap-2 font-semibold">
            <Gavel className="h-5 w-5 text-amber-300" aria-hidden />
            Appeals
          </h3>
          <p className="text-sm text-slate-400">Appeals of strikes and bans. Someone other than the issuer of the strike decides.</p>
        </div>
        <div className="w-48">
          <FilterSelect
            label="Appeal status"
            allLabel="All"
            options={APPEAL_STATUSES}
            value={status}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
          />
        </div>
      </div>
      {appeals.isPending ? (
        <RowsSkeleton label="Loading appeals" rows={2} />
      ) : appeals.isError && !data ? (
        <RetryNote message={STANDING_MESSAGES.fetchAppealsFailed} onRetry={() => void appeals.refetch()} />
      ) : !data || data.appeals.length === 0 ? (
        <EmptyNote icon={Gavel} title="No appeals here" />
      ) : (
        <ul className="space-y-3">
          {data.appeals.map((a) => (
            <li key={a.id} className="space-y-2 rounded-xl border border-slate-800 p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-medium">
                  {a.user.fullName} <span className="text-xs font-normal text-slate-400">{a.user.email}</span>
                </p>
                <Badge tone={STATUS_TONE[a.status]}>{capitalised(a.status)}</Badge>
              </div>
              <p className="text-sm text-slate-300">
                <span className="font-semibold">{STRIKE_KIND_LABELS[a.strike.kind]}</span> on {formatDateTime(a.strike.createdAt)}
                {a.strike.issuedBy && <> by {a.strike.issuedBy}</>}: {a.strike.reason}
              </p>
              <blockquote className="whitespace-pre-wrap break-words border-l-2 border-slate-700 pl-3 text-sm text-slate-200">
                {a.text}
              </blockquote>
              {a.decisionNote && (
                <p className="text-xs text-slate-400">
                  Decided{a.decidedBy && <> by {a.decidedBy}</>}: {a.decisionNote}
                </p>
              )}
              {a.status === 'pending' && (
                <div className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    onClick={() => setDeciding({ appeal: a, decision: 'approved' })}
                    aria-label={`Approve appeal of ${a.user.fullName}`}
                  >
                    Approve
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => setDeciding({ appeal: a, decision: 'rejected' })}
                    aria-label={`Reject appeal of ${a.user.fullName}`}
                  >
                    Reject
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {data && <Pagination page={data.pagination.page} pages={data.pagination.totalPages} onChange={setPage} label="Appeals pages" />}
      <DecisionDialog deciding={deciding} onClose={() => setDeciding(null)} />
    </Card>
  );
}

function DecisionDialog({ deciding, onClose }: { deciding: { appeal: TStaffAppeal; decision: Decision } | null; onClose: () => void }) {
  const formId = useId();
  const toast = useToast();
  const decide = useDecideAppeal();
  const [note, setNote] = useState('');
  const close = () => {
    setNote('');
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!deciding || !note.trim()) return;
    decide.mutate(
      { appealId: deciding.appeal.id, body: { decision: deciding.decision, note: note.trim() } },
      {
        onSuccess: () => {
          toast.success(deciding.decision === 'approved' ? STANDING_MESSAGES.approved : STANDING_MESSAGES.rejected);
          close();
        },
        onError: (err) => toast.error('Error', serverMessageOr(err, 'Failed to decide the appeal')),
      },
    );
  };
  const approving = deciding?.decision === 'approved';
  return (
    <FormDialog
      open={deciding !== null}
      onClose={close}
      title={approving ? 'Approve Appeal' : 'Reject Appeal'}
      description={
        approving && deciding?.appeal.strike.kind === 'ban'
          ? `Approving lifts the ban on ${deciding.appeal.user.fullName}. They are told your note.`
          : `${deciding?.appeal.user.fullName ?? ''} is told the decision and your note.`
      }
      formId={formId}
      submitLabel={approving ? 'Approve' : 'Reject'}
      submitVariant={approving ? 'primary' : 'danger'}
      pending={decide.isPending}
      submitDisabled={!note.trim()}
    >
      <form id={formId} onSubmit={submit} noValidate>
        <TextAreaField label="Note to the user" required maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />
      </form>
    </FormDialog>
  );
}
