import { useState, type FormEvent } from 'react';
import {
  ACTIONS_BY_TARGET,
  MODERATION_ACTION_LABELS,
  MODERATION_TEXTS,
  type ModerationAction,
  type TModerationReport,
} from '@contesthub/shared';
import { FormDialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { useReport } from '../api/get-report';
import { useResolveReport } from '../api/resolve-report';
import { TYPE_LABELS } from './labels';

/**
 * Resolve a report (spec 002 §2.1, §5): admin notes and actions taken are required; the actions
 * that apply to the item (from the server's detail, or the item type's list while it loads) are
 * check boxes. Cancel closes without a call.
 */
export function ResolveDialog({ report, onClose }: { report: TModerationReport; onClose: () => void }) {
  const toast = useToast();
  const detail = useReport(report.id);
  const resolve = useResolveReport();
  const [adminNotes, setAdminNotes] = useState('');
  const [actionsTaken, setActionsTaken] = useState('');
  const [actions, setActions] = useState<ModerationAction[]>([]);
  const possible = detail.data?.possibleActions ?? ACTIONS_BY_TARGET[report.reportedItem.type];
  const formId = `resolve-${report.id}`;
  const ready = adminNotes.trim() !== '' && actionsTaken.trim() !== '';

  const toggle = (a: ModerationAction) => setActions((cur) => (cur.includes(a) ? cur.filter((x) => x !== a) : [...cur, a]));

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!ready) return;
    resolve.mutate(
      {
        id: report.id,
        adminNotes: adminNotes.trim(),
        actionsTaken: actionsTaken.trim(),
        actions: actions.filter((a) => possible.includes(a)),
      },
      {
        onSuccess: () => {
          toast.success(MODERATION_TEXTS.resolved);
          onClose();
        },
        onError: (err) => toast.error(err.message || MODERATION_TEXTS.resolveFailed),
      },
    );
  }

  return (
    <FormDialog
      open
      onClose={onClose}
      title="Resolve Report"
      description={`${TYPE_LABELS[report.reportedItem.type]}: ${report.reportedItem.title}`}
      formId={formId}
      submitLabel="Resolve"
      pending={resolve.isPending}
      submitDisabled={!ready}
    >
      <form id={formId} onSubmit={submit} className="space-y-4" noValidate>
        <TextAreaField label="Admin notes" required value={adminNotes} onChange={(e) => setAdminNotes(e.target.value)} maxLength={2000} />
        <TextAreaField
          label="Actions taken"
          hint="Shown to the reporters with the outcome."
          required
          value={actionsTaken}
          onChange={(e) => setActionsTaken(e.target.value)}
          maxLength={2000}
        />
        {possible.length > 0 && (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-200">Actions</legend>
            {possible.map((a) => (
              <label key={a} className="flex items-start gap-2 text-sm text-slate-200">
                <input
                  type="checkbox"
                  className="mt-0.5 h-4 w-4 accent-emerald-500"
                  checked={actions.includes(a)}
                  onChange={() => toggle(a)}
                />
                {MODERATION_ACTION_LABELS[a]}
              </label>
            ))}
          </fieldset>
        )}
      </form>
    </FormDialog>
  );
}
