import { useEffect, useState } from 'react';
import { WHO_CAN_MESSAGE, type WhoCanMessage } from '@contesthub/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { RetryNote, RowsSkeleton } from '../../../components/ui/list-states';
import { useRadioGroup } from '../../../components/ui/roving';
import { useToast } from '../../../components/ui/toast';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { cn } from '../../../lib/cn';
import { useBlocks } from '../api/get-blocks';
import { useUnblockUser } from '../api/unblock-user';
import { useMessageSettings } from '../api/get-message-settings';
import { useSaveMessageSettings } from '../api/save-message-settings';

const WHO_LABELS: Record<WhoCanMessage, { label: string; hint: string }> = {
  everyone: { label: 'Everyone', hint: 'Any member can start a conversation with you.' },
  contests: { label: 'People I share a contest with', hint: 'Only organizers and entrants of contests you take part in.' },
  nobody: { label: 'Nobody', hint: 'No one can start a new conversation; existing ones stay open.' },
};

/** Who can message me, and the members I blocked (with Unblock). */
export function MessageSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const settings = useMessageSettings();
  const save = useSaveMessageSettings();
  const blocks = useBlocks();
  const unblock = useUnblockUser();
  const toast = useToast();
  const [who, setWho] = useState<WhoCanMessage>('everyone');
  useEffect(() => {
    if (settings.data) setWho(settings.data.whoCanMessage);
  }, [settings.data]);
  const { groupProps, radioProps } = useRadioGroup(WHO_CAN_MESSAGE, who, setWho);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Message settings"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button
            loading={save.isPending}
            disabled={!settings.data || settings.data.whoCanMessage === who}
            onClick={() =>
              save.mutate(
                { whoCanMessage: who },
                {
                  onSuccess: (r) => toast.success(r.message ?? 'Message settings saved'),
                  onError: (err) => toast.error('Error', err.message),
                },
              )
            }
          >
            Save
          </Button>
        </>
      }
    >
      <div className="space-y-6">
        <div>
          <p id="who-can-message" className="mb-2 text-sm font-semibold">
            Who can message me
          </p>
          {settings.isError ? (
            <RetryNote message="Failed to load message settings" onRetry={() => void settings.refetch()} />
          ) : (
            <div {...groupProps} aria-labelledby="who-can-message" className="space-y-2">
              {WHO_CAN_MESSAGE.map((w) => (
                <button
                  key={w}
                  {...radioProps(w)}
                  className={cn(
                    'block w-full rounded-lg border px-3 py-2 text-left focus-visible:outline-2 focus-visible:outline-emerald-400',
                    who === w ? 'border-emerald-500 bg-emerald-500/10' : 'border-slate-700 hover:bg-slate-800',
                  )}
                >
                  <span className="block text-sm font-semibold">{WHO_LABELS[w].label}</span>
                  <span className="block text-xs text-slate-400">{WHO_LABELS[w].hint}</span>
                </button>
              ))}
            </div>
          )}
        </div>
        <div>
          <h3 className="mb-2 text-sm font-semibold">Blocked members</h3>
          {blocks.isPending ? (
            <RowsSkeleton label="Loading blocked members" rows={1} />
          ) : blocks.isError ? (
            <RetryNote message="Failed to load blocked members" onRetry={() => void blocks.refetch()} />
          ) : blocks.data.users.length === 0 ? (
            <p className="text-sm text-slate-400">You have not blocked anyone.</p>
          ) : (
            <ul className="divide-y divide-slate-800 rounded-lg border border-slate-800">
              {blocks.data.users.map((u) => (
                <li key={u._id} className="flex items-center gap-3 px-3 py-2">
                  <UserAvatar name={u.fullName} src={u.profilePicture} size="sm" />
                  <span className="min-w-0 flex-1 truncate text-sm">{u.fullName}</span>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={unblock.isPending}
                    onClick={() =>
                      unblock.mutate(u._id, {
                        onSuccess: (r) => toast.success(r.message ?? 'User unblocked'),
                        onError: (err) => toast.error('Error', err.message),
                      })
                    }
                  >
                    Unblock
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </Dialog>
  );
}
