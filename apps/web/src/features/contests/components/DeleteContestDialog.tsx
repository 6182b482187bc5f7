import { useToast } from '../../../components/ui/toast';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useDeleteContest } from '../api/delete-contest';

export const DELETE_CONFIRM = 'Are you sure you want to delete this contest? This action cannot be undone.';

/** Admin confirmation before DELETE /contests/{id}; the lists refresh on success. */
export function DeleteContestDialog({ contest, onClose }: { contest: { _id: string; title: string }; onClose: () => void }) {
  const toast = useToast();
  const remove = useDeleteContest();
  const confirm = () =>
    remove.mutate(contest._id, {
      onSuccess: () => {
        toast.success('Contest Deleted', `"${contest.title}" has been deleted.`);
        onClose();
      },
      onError: (err) => toast.error('Delete Failed', err.message),
    });

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
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} loading={remove.isPending}>
            Delete Contest
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-300">{DELETE_CONFIRM}</p>
    </Dialog>
  );
}
