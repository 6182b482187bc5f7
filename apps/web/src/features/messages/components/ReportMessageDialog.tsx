import { useId, useState, type FormEvent } from 'react';
import { REPORT_DESCRIPTION, REPORT_REASON_OPTIONS, ZReport, type ReportReason, type TMessage } from '@contesthub/shared';
import { FormDialog } from '../../../components/ui/dialog';
import { SelectField, TextAreaField } from '../../../components/ui/field';
import { useToast } from '../../../components/ui/toast';
import { fieldErrors } from '../../../lib/forms';
import { useReportMessage } from '../api/report-message';

/** Report a message I received: reason and a 10–1000 character description; filed with the messages around it. */
export function ReportMessageDialog({ message, senderName, onClose }: { message: TMessage; senderName: string; onClose: () => void }) {
  const formId = useId();
  const toast = useToast();
  const report = useReportMessage();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'reason' | 'description', string>>>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZReport.safeParse({ reason: reason || undefined, description });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    report.mutate(
      { messageId: message._id, report: parsed.data },
      {
        onSuccess: () => {
          toast.success('Report Submitted', 'Thank you. Our moderators will review this message.');
          onClose();
        },
        onError: (err) => toast.error('Report Failed', err.message),
      },
    );
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      title="Report Message"
      description={`From ${senderName}: “${message.content.slice(0, 140)}${message.content.length > 140 ? '…' : ''}”`}
      formId={formId}
      submitLabel="Submit Report"
      submitVariant="danger"
      pending={report.isPending}
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        <SelectField
          label="Reason"
          required
          value={reason}
          error={errors.reason}
          onChange={(e) => {
            setReason(e.target.value as ReportReason | '');
            setErrors((p) => ({ ...p, reason: undefined }));
          }}
        >
          <option value="">Select a reason</option>
          {REPORT_REASON_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label="Description"
          required
          value={description}
          error={errors.description}
          hint={`Between ${REPORT_DESCRIPTION.min} and ${REPORT_DESCRIPTION.max} characters. The moderators see the messages around this one.`}
          onChange={(e) => {
            setDescription(e.target.value);
            setErrors((p) => ({ ...p, description: undefined }));
          }}
        />
      </form>
    </FormDialog>
  );
}
