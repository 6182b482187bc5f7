import type { TMessage } from '@contesthub/shared';
import { ReportFormDialog } from '../../../components/report/ReportFormDialog';
import { useReportMessage } from '../api/report-message';

/** Report a message I received: reason and a 10–1000 character description; filed with the messages around it. */
export function ReportMessageDialog({ message, senderName, onClose }: { message: TMessage; senderName: string; onClose: () => void }) {
  const report = useReportMessage();
  return (
    <ReportFormDialog
      title="Report Message"
      subject={`From ${senderName}: “${message.content.slice(0, 140)}${message.content.length > 140 ? '…' : ''}”`}
      noun="message"
      hintExtra="The moderators see the messages around this one."
      pending={report.isPending}
      send={(r, callbacks) => report.mutate({ messageId: message._id, report: r }, callbacks)}
      onClose={onClose}
    />
  );
}
