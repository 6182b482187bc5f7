import { useId, useState, type FormEvent } from 'react';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import {
  APPEAL_MAX_LENGTH,
  APPEAL_WINDOW_DAYS,
  STANDING_MESSAGES,
  STRIKE_KIND_LABELS,
  formatDate,
  formatDateTime,
  type TStrikeView,
} from '@contesthub/shared';
import { serverMessageOr } from '../../../lib/errors';
import { useToast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { Badge, Card } from '../../../components/ui/card';
import { FormDialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/field';
import { RetryNote, RowsSkeleton } from '../../../components/ui/list-states';
import { useAppealStrike } from '../api/appeal-strike';
import { useStanding } from '../api/get-standing';

const APPEAL_TONE = { pending: 'amber', approved: 'green', rejected: 'red' } as const;
const APPEAL_TEXT = { pending: 'Appeal under review', approved: 'Appeal approved', rejected: 'Appeal rejected' } as const;

/**
 * Account Standing on the settings page: the strikes staff recorded on the account, with their
 * reasons and dates, and the appeal of each (once, within 20 days, up to 2000 characters).
 */
export function AccountStandingCard() {
  const standing = useStanding();
  const [appealing, setAppealing] = useState<TStrikeView | null>(null);
  const strikes = standing.data?.strikes;
  return (
    <Card className="space-y-4">
      <div className="flex items-start gap-3">
        <span className="grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-emerald-500/15 text-emerald-300">
          <ShieldAlert className="h-5 w-5" aria-hidden />
        </span>
        <div>
          <h3 className="font-semibold">Account Standing</h3>
          <p className="text-sm text-slate-400">
            Warnings and other actions moderators took on your account. You can appeal each one once, within {APPEAL_WINDOW_DAYS} days.
          </p>
        </div>
      </div>
      {standing.isPending ? (
        <RowsSkeleton label="Loading account standing" rows={1} />
      ) : standing.isError ? (
        <RetryNote message={STANDING_MESSAGES.fetchStandingFailed} onRetry={() => void standing.refetch()} />
      ) : !strikes || strikes.length === 0 ? (
        <p className="flex items-center gap-2 rounded-xl border border-slate-800 p-4 text-sm text-slate-300">
          <ShieldCheck className="h-5 w-5 text-emerald-300" aria-hidden />
          Your account is in good standing.
        </p>
      ) : (
        <ul className="space-y-3" aria-label="Strikes">
          {strikes.map((s) => (
            <li key={s.id} className="space-y-2 rounded-xl border border-slate-800 bg-slate-950/60 p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-medium">{STRIKE_KIND_LABELS[s.kind]}</p>
                <span className="text-xs text-slate-400">{formatDateTime(s.createdAt)}</span>
              </div>
              <p className="break-words text-sm text-slate-300">{s.reason}</p>
              {s.appeal ? (
                <div className="space-y-1">
                  <Badge tone={APPEAL_TONE[s.appeal.status]}>{APPEAL_TEXT[s.appeal.status]}</Badge>
                  {s.appeal.decisionNote && <p className="text-sm text-slate-400">{s.appeal.decisionNote}</p>}
                </div>
              ) : s.canAppeal ? (
                <div className="flex flex-wrap items-center gap-3">
                  <Button size="sm" variant="outline" onClick={() => setAppealing(s)}>
                    Appeal
                  </Button>
                  <span className="text-xs text-slate-400">Until {formatDate(s.appealDeadline)}</span>
                </div>
              ) : (
                <p className="text-xs text-slate-400">The appeal period ended on {formatDate(s.appealDeadline)}.</p>
              )}
            </li>
          ))}
        </ul>
      )}
      <AppealDialog strike={appealing} onClose={() => setAppealing(null)} />
    </Card>
  );
}

function AppealDialog({ strike, onClose }: { strike: TStrikeView | null; onClose: () => void }) {
  const formId = useId();
  const counterId = useId();
  const toast = useToast();
  const appeal = useAppealStrike();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    setText('');
    setError(undefined);
    onClose();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!strike) return;
    const body = text.trim();
    if (!body) return setError(STANDING_MESSAGES.appealRequired);
    appeal.mutate(
      { strikeId: strike.id, text: body },
      {
        onSuccess: () => {
          toast.success(STANDING_MESSAGES.appealFiled);
          close();
        },
        onError: (err) => toast.error('Error', serverMessageOr(err, 'Failed to submit your appeal')),
      },
    );
  };
  return (
    <FormDialog
      open={strike !== null}
      onClose={close}
      title="Appeal Strike"
      description={strike ? `${STRIKE_KIND_LABELS[strike.kind]}: ${strike.reason}` : undefined}
      formId={formId}
      submitLabel="Submit Appeal"
      pending={appeal.isPending}
      submitDisabled={!text.trim()}
    >
      <form id={formId} onSubmit={submit} noValidate>
        <TextAreaField
          label="Why should this be reconsidered?"
          required
          maxLength={APPEAL_MAX_LENGTH}
          value={text}
          error={error}
          aria-describedby={counterId}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(undefined);
          }}
        />
        <p id={counterId} className="mt-1 text-right text-xs text-slate-400">
          {text.length}/{APPEAL_MAX_LENGTH}
        </p>
      </form>
    </FormDialog>
  );
}
