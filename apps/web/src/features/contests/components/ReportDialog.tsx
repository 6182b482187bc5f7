import { useId, useState, type FormEvent } from 'react';
import { REPORT_DESCRIPTION, REPORT_REASON_OPTIONS, ZReport, type ReportReason, type TReport } from '@contesthub/shared';
import { useToast } from '../../../components/ui/toast';
import { FormDialog } from '../../../components/ui/dialog';
import { SelectField, TextAreaField } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';
import { fieldErrors } from '../../../lib/forms';
import { useReportComment } from '../api/report-comment';
import { useReportContest } from '../api/report-contest';
import { useReportEntry } from '../api/report-entry';

/** What is reported: a contest, one of its entries or one of its comments (spec 000 §7 Contests). */
export type ReportTarget =
  | { kind: 'contest'; contestId: string }
  | { kind: 'entry'; contestId: string; entryId: string }
  | { kind: 'comment'; contestId: string; commentId: string };

/** The report call of the target's kind, as one mutation. */
function useReport(target: ReportTarget) {
  const contest = useReportContest();
  const entry = useReportEntry();
  const comment = useReportComment();
  const mutation = target.kind === 'entry' ? entry : target.kind === 'comment' ? comment : contest;
  const send = (report: TReport, callbacks: { onSuccess: () => void; onError: (err: Error) => void }) => {
    if (target.kind === 'entry') entry.mutate({ ...target, report }, callbacks);
    else if (target.kind === 'comment') comment.mutate({ ...target, report }, callbacks);
    else contest.mutate({ ...target, report }, callbacks);
  };
  return { send, isPending: mutation.isPending };
}

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
  const report = useReport(target);
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
    report.send(parsed.data, {
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
