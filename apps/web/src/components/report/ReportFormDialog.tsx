import { useId, useState, type FormEvent } from 'react';
import { REPORT_DESCRIPTION, REPORT_REASON_OPTIONS, ZReport, type ReportReason, type TReport } from '@contesthub/shared';
import { FormDialog } from '../ui/dialog';
import { SelectField, TextAreaField } from '../ui/field';
import { useToast } from '../ui/toast';
import { cn } from '../../lib/cn';
import { fieldErrors } from '../../lib/forms';

type Errors = Partial<Record<'reason' | 'description', string>>;

interface ReportFormDialogProps {
  /** 'Report Contest', 'Report Message'. */
  title: string;
  /** What is reported, shown under the title. */
  subject: string;
  /** 'contest', 'entry', 'comment', 'message': in the placeholder and the thank-you. */
  noun: string;
  /** Added to the description's hint (e.g. what the moderators see with it). */
  hintExtra?: string;
  pending: boolean;
  /** Files the checked report; the callbacks close the dialog or say why it failed. */
  send: (report: TReport, callbacks: { onSuccess: () => void; onError: (err: Error) => void }) => void;
  onClose: () => void;
}

/**
 * The report form every reportable thing shares (spec 000 §5 Report form): a reason and a 10-1000
 * character description with a live counter, checked with the shared schema before it is sent.
 */
export function ReportFormDialog({ title, subject, noun, hintExtra, pending, send, onClose }: ReportFormDialogProps) {
  const formId = useId();
  const toast = useToast();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZReport.safeParse({ reason: reason || undefined, description });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    send(parsed.data, {
      onSuccess: () => {
        toast.success('Report Submitted', `Thank you. Our moderators will review this ${noun}.`);
        onClose();
      },
      onError: (err) => toast.error('Report Failed', err.message),
    });
  };

  const length = description.length;
  return (
    <FormDialog
      open
      onClose={onClose}
      title={title}
      description={subject}
      formId={formId}
      submitLabel="Submit Report"
      submitVariant="danger"
      pending={pending}
    >
      <form id={formId} onSubmit={submit} noValidate className="space-y-4">
        <SelectField
          label="Reason"
          required
          value={reason}
          error={errors.reason}
          onChange={(e) => {
            setReason(e.target.value as ReportReason | '');
            setErrors((prev) => ({ ...prev, reason: undefined }));
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
          placeholder={`Tell us what is wrong with this ${noun}`}
          hint={`Between ${REPORT_DESCRIPTION.min} and ${REPORT_DESCRIPTION.max} characters.${hintExtra ? ` ${hintExtra}` : ''}`}
          aside={
            <span className={cn('text-xs tabular-nums', length > REPORT_DESCRIPTION.max ? 'text-red-400' : 'text-slate-400')}>
              {length}/{REPORT_DESCRIPTION.max}
            </span>
          }
          onChange={(e) => {
            setDescription(e.target.value);
            setErrors((prev) => ({ ...prev, description: undefined }));
          }}
        />
      </form>
    </FormDialog>
  );
}
