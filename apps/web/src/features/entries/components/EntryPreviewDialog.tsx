import { formatDateTime, type TEntry, ENTRY_TYPE_LABELS } from '@contesthub/shared';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { DIALOG_SIZES } from '../../../components/ui/responsive-image';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { EntryMedia } from './EntryMedia';
import { EntryStatusBadge } from './EntryStatusBadge';

/** The entry's media and details, to judge it before deciding (spec 001 §2 view). */
export function EntryPreviewDialog({ entry, onClose }: { entry: TEntry; onClose: () => void }) {
  return (
    <Dialog
      open
      onClose={onClose}
      title={entry.title}
      description={`${ENTRY_TYPE_LABELS[entry.entryType]} entry`}
      className="max-w-2xl"
      footer={
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="space-y-4">
        <div className="overflow-hidden rounded-xl border border-slate-800">
          <EntryMedia entry={entry} sizes={DIALOG_SIZES} />
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span className="flex min-w-0 items-center gap-2">
            <UserAvatar name={entry.participant.fullName} src={entry.participant.profilePicture} size="sm" />
            <span className="truncate font-medium">{entry.participant.fullName}</span>
          </span>
          <EntryStatusBadge status={entry.status} />
        </div>
        <p className="whitespace-pre-line break-words text-sm text-slate-300">{entry.description}</p>
        <p className="text-xs text-slate-400">Submitted {formatDateTime(entry.submittedAt)}</p>
        {entry.rejectionReason && (
          <p className="rounded-lg border border-red-500/30 bg-red-500/10 p-3 text-sm text-red-200">
            Rejection reason: {entry.rejectionReason}
          </p>
        )}
        {entry.media.length > 1 && (
          <ul className="space-y-1 text-sm">
            {entry.media.slice(1).map((m, i) => (
              <li key={m.url}>
                <a href={m.url} target="_blank" rel="noopener noreferrer" className="text-emerald-300 hover:text-emerald-200">
                  File {i + 2}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
