import type { ReactNode } from 'react';
import { ESCROW_FEE_PERCENT, formatNaira, type TContest, type TContestStatusChanged } from '@contesthub/shared';
import { useToast } from '../../../components/ui/toast';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useChangeContestStatus, type StatusTarget } from '../api/change-contest-status';
import { winnerShare } from '../lib/contest-labels';
import { failureText } from '../lib/messages';

const hasCash = (c: TContest) => c.prizeType !== 'badge' && c.prizeAmount > 0;

interface Copy {
  title: string;
  confirm: string;
  successTitle: string;
  failureTitle: string;
  body: (c: TContest) => ReactNode;
  danger?: boolean;
}

/**
 * What each move does, money included, in the organizer's words. The confirm labels differ from
 * the card buttons that open them ('Close entries', 'End contest', 'Cancel contest') so each name
 * points at one control.
 */
const COPY: Record<StatusTarget, Copy> = {
  voting: {
    title: 'Close entries now?',
    confirm: 'Start voting now',
    successTitle: 'Entries Closed',
    failureTitle: 'Could Not Close Entries',
    body: () => (
      <>
        <p>No new entries will be accepted from now on and voting opens immediately.</p>
        <p>No money moves: the prize stays in escrow until the contest ends.</p>
      </>
    ),
  },
  ended: {
    title: 'End this contest now?',
    confirm: 'Finalize results',
    successTitle: 'Contest Ended',
    failureTitle: 'Could Not End Contest',
    body: (c) => (
      <>
        <p>Voting stops now and the results become final. This cannot be undone.</p>
        {hasCash(c) ? (
          <p>
            The winner is paid <strong className="text-emerald-300">{formatNaira(winnerShare(c.prizeAmount))}</strong>, 95% of the{' '}
            {formatNaira(c.prizeAmount)} cash prize held in escrow; the {ESCROW_FEE_PERCENT}% escrow fee is kept.
            {c.prizeType === 'cashanditem' && ' You hand over the prize items yourself.'}
          </p>
        ) : (
          <p>The winner receives the {c.badgeTitle ? `“${c.badgeTitle}” ` : ''}badge.</p>
        )}
        {hasCash(c) && <p>If no entry was approved, the escrowed prize comes back to your wallet instead.</p>}
      </>
    ),
  },
  cancelled: {
    title: 'Cancel this contest?',
    confirm: 'Yes, cancel it',
    successTitle: 'Contest Cancelled',
    failureTitle: 'Could Not Cancel Contest',
    danger: true,
    body: (c) => (
      <>
        <p>The contest stops for good: no more entries or votes, and no winner. This cannot be undone.</p>
        <ul className="list-disc space-y-1 pl-5">
          {hasCash(c) && (
            <li>
              The escrowed prize of <strong className="text-emerald-300">{formatNaira(c.prizeAmount)}</strong> returns to your wallet.
            </li>
          )}
          {c.prizeType === 'badge' && <li>The badge fee in vote credits returns to you.</li>}
          <li>Every voter gets back the vote credits they paid for votes.</li>
          <li>Every paid entry fee goes back to its participant.</li>
        </ul>
      </>
    ),
  },
};

/** The success toast's text: the server's message, plus the payout when the contest ended. */
function successText(target: StatusTarget, result: { message?: string; data: TContestStatusChanged }): string {
  const message = result.message ?? '';
  const paid = result.data.finalized?.prizePaid ?? 0;
  if (target === 'ended' && paid > 0) return `${message} The winner received ${formatNaira(paid)}.`.trim();
  return message;
}

/** Confirmation before PATCH /contests/{id}/status: close entries, end, or cancel. */
export function StatusChangeDialog({
  contest,
  target,
  onClose,
  onChanged,
}: {
  contest: TContest;
  target: StatusTarget;
  onClose: () => void;
  /** The contest moved (ending and cancelling also move money back or to the winner). */
  onChanged?: () => void;
}) {
  const toast = useToast();
  const change = useChangeContestStatus();
  const copy = COPY[target];
  const confirm = () =>
    change.mutate(
      { contestId: contest._id, status: target },
      {
        onSuccess: (result) => {
          toast.success(copy.successTitle, successText(target, result));
          onChanged?.();
          onClose();
        },
        onError: (err) => toast.error(copy.failureTitle, failureText(err, 'Please try again.')),
      },
    );

  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={!change.isPending}
      title={copy.title}
      description={contest.title}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={change.isPending}>
            {target === 'cancelled' ? 'Keep contest' : 'Not now'}
          </Button>
          <Button variant={copy.danger ? 'danger' : 'primary'} onClick={confirm} loading={change.isPending}>
            {copy.confirm}
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-slate-300">{copy.body(contest)}</div>
    </Dialog>
  );
}
