import { useState } from 'react';
import { Settings2 } from 'lucide-react';
import { CONTEST_OPS_MESSAGES, formatDateTime, type TStaffContestSettings } from '@contesthub/shared';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField, TextField } from '../../../components/ui/field';
import { EmptyState, LoadError, RowsSkeleton } from '../../../components/ui/list-states';
import { Pagination } from '../../../components/ui/pagination';
import { Switch } from '../../../components/ui/switch';
import { useChangePhase } from '../api/change-phase';
import { useContestSettings } from '../api/get-contest-settings';
import { useFeatureContest } from '../api/feature-contest';
import { ReasonDialog } from './ReasonDialog';
import { useReport } from './use-report';

type PhaseDialog = { contest: TStaffContestSettings; action: 'extend' | 'close' } | null;
type PhaseName = 'submission' | 'voting';

/** A date-time input's value (local time) for an ISO instant. */
function localInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Contest Settings: feature a running contest on the home page, extend or close a phase with a reason. */
export function ContestSettingsPanel() {
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<PhaseDialog>(null);
  const [phase, setPhase] = useState<PhaseName>('submission');
  const [until, setUntil] = useState('');
  const q = useContestSettings(page);
  const feature = useFeatureContest();
  const change = useChangePhase();
  const report = useReport();
  if (q.isPending) return <RowsSkeleton label="Loading contests" />;
  if (q.isError) return <LoadError message="Failed to fetch contests" onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  if (q.data.contests.length === 0)
    return (
      <EmptyState icon={Settings2} title="No running contests">
        Contests taking entries or votes can be featured or have their phases changed here.
      </EmptyState>
    );

  const openPhase = (contest: TStaffContestSettings, action: 'extend' | 'close') => {
    const start: PhaseName = contest.status === 'active' ? 'submission' : 'voting';
    setPhase(start);
    setUntil(localInput(start === 'submission' ? contest.entryEndDate : contest.votingEndDate));
    setDialog({ contest, action });
  };
  const untilValid = dialog?.action !== 'extend' || (until !== '' && !Number.isNaN(new Date(until).getTime()));
  const submit = (reason: string) => {
    if (!dialog) return;
    change.mutate(
      {
        contestId: dialog.contest.contestId,
        action: dialog.action,
        phase,
        reason,
        ...(dialog.action === 'extend' ? { until: new Date(until).toISOString() } : {}),
      },
      {
        onSuccess: (res) => {
          report.done(res.message, dialog.action === 'extend' ? CONTEST_OPS_MESSAGES.extended : CONTEST_OPS_MESSAGES.closed);
          setDialog(null);
        },
        onError: (err) => report.failed(err, 'Failed to change the phase'),
      },
    );
  };

  return (
    <div className="space-y-4">
      <ul className="space-y-3">
        {q.data.contests.map((c) => (
          <li key={c.contestId}>
            <Card className="space-y-2">
              <h3 className="font-semibold">{c.title}</h3>
              <p className="text-sm text-slate-300">
                {c.status === 'active' ? 'Taking entries' : 'Voting'} · entries close {formatDateTime(c.entryEndDate)} · voting ends{' '}
                {formatDateTime(c.votingEndDate)}
              </p>
              <Switch
                checked={c.isFeatured}
                disabled={feature.isPending}
                label={`Feature "${c.title}" on the home page`}
                description="Featured contests show first on the home page."
                onChange={(featured) =>
                  feature.mutate(
                    { contestId: c.contestId, featured },
                    {
                      onSuccess: (res) =>
                        report.done(res.message, featured ? CONTEST_OPS_MESSAGES.featured : CONTEST_OPS_MESSAGES.unfeatured),
                      onError: (err) => report.failed(err, 'Failed to update the contest'),
                    },
                  )
                }
              />
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="outline" onClick={() => openPhase(c, 'extend')} aria-label={`Extend a phase of ${c.title}`}>
                  Extend phase
                </Button>
                <Button size="sm" variant="outline" onClick={() => openPhase(c, 'close')} aria-label={`Close a phase of ${c.title}`}>
                  Close phase
                </Button>
              </div>
            </Card>
          </li>
        ))}
      </ul>
      <Pagination page={q.data.pagination.page} pages={q.data.pagination.totalPages} onChange={setPage} label="Contest pages" />
      <ReasonDialog
        open={dialog !== null}
        title={dialog?.action === 'close' ? 'Close phase' : 'Extend phase'}
        description={
          dialog?.action === 'close'
            ? 'Closing submission opens voting now; closing voting ends the contest and settles it (a held prize stays in escrow).'
            : 'The phase ends later; nothing else changes.'
        }
        submitLabel={dialog?.action === 'close' ? 'Close phase' : 'Extend phase'}
        submitVariant={dialog?.action === 'close' ? 'danger' : 'primary'}
        pending={change.isPending}
        extraValid={untilValid}
        onClose={() => setDialog(null)}
        onSubmit={submit}
      >
        <SelectField
          label="Phase"
          value={phase}
          onChange={(e) => {
            const next = e.target.value as PhaseName;
            setPhase(next);
            if (dialog) setUntil(localInput(next === 'submission' ? dialog.contest.entryEndDate : dialog.contest.votingEndDate));
          }}
        >
          <option value="submission">Submission</option>
          <option value="voting">Voting</option>
        </SelectField>
        {dialog?.action === 'extend' && (
          <TextField label="New end" type="datetime-local" required value={until} onChange={(e) => setUntil(e.target.value)} />
        )}
      </ReasonDialog>
    </div>
  );
}
