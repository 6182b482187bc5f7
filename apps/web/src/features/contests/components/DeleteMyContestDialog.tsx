import { countOf, formatNaira, type TContest } from '@contesthub/shared';
import { useToast } from '../../../components/ui/toast';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { DELETE_CONFIRM } from './DeleteContestDialog';
import { useDeleteContest } from '../api/delete-contest';
import { MY_CONTESTS_MESSAGES as M, failureText } from '../lib/messages';

/**
 * Delete confirmation (spec 001 §2): only a contest without entries can go; otherwise the dialog
 * reads 'Cannot Delete Contest' and offers only Close. `onDeleted` hears of the escrow and badge fee
 * going back to the organizer.
 */
export function DeleteMyContestDialog({ contest, onClose, onDeleted }: { contest: TContest; onClose: () => void; onDeleted?: () => void }) {
  const toast = useToast();
  const remove = useDeleteContest();

  if (contest.entriesCount > 0) {
    return (
      <Dialog
        open
        onClose={onClose}
        title={M.cannotDeleteTitle}
        description={contest.title}
        footer={
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
        }
      >
        <p className="text-sm text-slate-300">
          This contest already has {countOf(contest.entriesCount, 'entry')}, so it cannot be deleted.{' '}
          {contest.status === 'active' || contest.status === 'voting' ? 'You can cancel it instead, which refunds every payment.' : ''}
        </p>
      </Dialog>
    );
  }

  const confirm = () =>
    remove.mutate(contest._id, {
      onSuccess: () => {
        toast.success(M.deletedTitle, M.deleted);
        onDeleted?.();
        onClose();
      },
      onError: (err) => toast.error('Error', failureText(err, M.deleteFailed)),
    });
  const escrow = contest.prizeType !== 'badge' && contest.prizeAmount > 0;

  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={!remove.isPending}
      title="Delete Contest"
      description={contest.title}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
            Keep contest
          </Button>
          <Button variant="danger" onClick={confirm} loading={remove.isPending}>
            Delete permanently
          </Button>
        </>
      }
    >
      <div className="space-y-2 text-sm text-slate-300">
        <p>{DELETE_CONFIRM}</p>
        {escrow && <p>The escrowed prize of {formatNaira(contest.prizeAmount)} returns to your wallet.</p>}
        {contest.prizeType === 'badge' && <p>The badge fee in vote credits returns to you.</p>}
      </div>
    </Dialog>
  );
}
