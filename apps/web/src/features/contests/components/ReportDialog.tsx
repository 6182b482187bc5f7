import { useId, useState, type FormEvent } from 'react';
import { REPORT_DESCRIPTION, REPORT_REASON_OPTIONS, ZReport, type ReportReason } from '@contesthub/shared';
import { useToast } from '../../../components/ui/toast';
import { FormDialog } from '../../../components/ui/dialog';
import { SelectField, TextAreaField } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';
import { fieldErrors } from '../../../lib/forms';
import { useReport, type ReportTarget } from '../api/report-contest';

type Errors = Partial<Record<'reason' | 'description', string>>;

const NOUN: Record<ReportTarget['kind'], string> = { contest: 'contest', entry: 'entry', comment: 'comment' };
const TITLE: Record<ReportTarget['kind'], string> = { contest: 'Report Contest', entry: 'Report Entry', comment: 'Report Comment' };

/**
 * Report a contest, an entry or a comment (spec 000 §5 Report form): reason and a 10-1000
 * character description with a live counter.
 */
export function ReportDialog({ target, subject, onClose }: { target: ReportTarget; subject: string; onClose: () => void }) {
  const formId = useId();
  const toast = useToast();
  const report = useReport();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const noun = NOUN[target.kind];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZReport.safeParse({ reason: reason || undefined, description });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    report.mutate(
      { target, report: parsed.data },
      {
        onSuccess: () => {
          toast.success('Report Submitted', `Thank you. Our moderators will review this ${noun}.`);
          onClose();
        },
        onError: (err) => toast.error('Report Failed', err.message),
      },
    );
  };

  const length = description.length;
  return (
    <FormDialog
      open
      onClose={onClose}
      title={TITLE[target.kind]}
      description={subject}
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
          hint={`Between ${REPORT_DESCRIPTION.min} and ${REPORT_DESCRIPTION.max} characters.`}
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
