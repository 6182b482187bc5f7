import { useState, type FormEvent } from 'react';
import { MODERATION_TEXTS, type TModerationReport } from '@contesthub/shared';
import { FormDialog } from '../../../components/ui/dialog';
import { TextAreaField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { useDismissReport } from '../api/dismiss-report';
import { TYPE_LABELS } from './labels';

/** Dismiss a report: admin notes required (spec 002 §5). An auto-hidden item is restored by the server. */
export function DismissDialog({ report, onClose }: { report: TModerationReport; onClose: () => void }) {
  const toast = useToast();
  const dismiss = useDismissReport();
  const [adminNotes, setAdminNotes] = useState('');
  const formId = `dismiss-${report.id}`;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!adminNotes.trim()) return;
    dismiss.mutate(
      { id: report.id, adminNotes: adminNotes.trim() },
      {
        onSuccess: () => {
          toast.success(MODERATION_TEXTS.dismissed);
          onClose();
        },
        onError: (err) => toast.error(err.message || MODERATION_TEXTS.dismissFailed),
      },
    );
  }

  return (
    <FormDialog
      open
      onClose={onClose}
      title="Dismiss Report"
      description={`${TYPE_LABELS[report.reportedItem.type]}: ${report.reportedItem.title}`}
      formId={formId}
      submitLabel="Dismiss"
      pending={dismiss.isPending}
      submitDisabled={!adminNotes.trim()}
    >
      <form id={formId} onSubmit={submit} noValidate>
        <TextAreaField label="Admin notes" required value={adminNotes} onChange={(e) => setAdminNotes(e.target.value)} maxLength={2000} />
      </form>
    </FormDialog>
  );
}
