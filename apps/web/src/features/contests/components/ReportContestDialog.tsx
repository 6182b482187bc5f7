import { ReportDialog } from './ReportDialog';

/** Report a contest: the shared report dialog aimed at the contest. */
export function ReportContestDialog({ contest, onClose }: { contest: { _id: string; title: string }; onClose: () => void }) {
  return <ReportDialog target={{ kind: 'contest', contestId: contest._id }} subject={contest.title} onClose={onClose} />;
}
