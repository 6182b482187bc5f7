import type { TReport } from '@contesthub/shared';
import { ReportFormDialog } from '../../../components/report/ReportFormDialog';
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

const NOUN: Record<ReportTarget['kind'], string> = { contest: 'contest', entry: 'entry', comment: 'comment' };
const TITLE: Record<ReportTarget['kind'], string> = { contest: 'Report Contest', entry: 'Report Entry', comment: 'Report Comment' };

/** Report a contest, an entry or a comment (spec 000 §5 Report form). */
export function ReportDialog({ target, subject, onClose }: { target: ReportTarget; subject: string; onClose: () => void }) {
  const report = useReport(target);
  return (
    <ReportFormDialog
      title={TITLE[target.kind]}
      subject={subject}
      noun={NOUN[target.kind]}
      pending={report.isPending}
      send={report.send}
      onClose={onClose}
    />
  );
}
