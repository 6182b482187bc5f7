import { useId, useRef, useState, type FormEvent } from 'react';
import { ShoppingCart } from 'lucide-react';
import { nounFor, PAID_VOTES_PER_CALL, paths, type TCastResult, type TContest, type TEntry, type VoteType } from '@contesthub/shared';
import { useAuth } from '../../../lib/auth';
import { useToast } from '../../../components/ui/toast';
import { ButtonLink } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { credits } from '../../../lib/format';
import { returnAfterPayment } from '../../../lib/return-after-payment';
import { useCastVote } from '../api/cast-vote';
import { useVoteStats } from '../api/get-vote-stats';
import { defaultVoteType, voteMath, voteProblem, voteTypesFor } from '../lib/vote-math';

const VOTE_FAILED = 'There was an error casting your vote. Please try again.';
const COUNT_ERROR = 'Paid votes must be between 1 and 10';

/**
 * Cast a vote (spec 000 §2 Vote modal): free 1x, paid 5x per vote, 1–10 paid votes costing the
 * contest's voting fee each. Each attempt carries an Idempotency-Key; retrying the same attempt
 * after a network or server failure sends the same key, so the server counts it once.
 */
export function VoteDialog({
  contest,
  entry,
  onClose,
  onVoted,
}: {
  contest: TContest;
  entry: TEntry;
  onClose: () => void;
  onVoted: (result: TCastResult) => void;
}) {
  const formId = useId();
  const { user, refreshUser } = useAuth();
  const toast = useToast();
  const cast = useCastVote();
  const stats = useVoteStats(contest._id, !!user);
  const types = voteTypesFor(contest.votingType);
  // Until the voter picks, the dialog starts on what they can use: free while free votes are left.
  const [picked, setPicked] = useState<VoteType | null>(null);
  const [countText, setCountText] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const attempt = useRef<{ key: string; fingerprint: string } | null>(null);

  const parsedCount = Number(countText);
  const countValid = Number.isInteger(parsedCount) && parsedCount >= PAID_VOTES_PER_CALL.min && parsedCount <= PAID_VOTES_PER_CALL.max;
  const balance = user?.voteCredits ?? 0;
  const remaining = stats.data?.me?.remaining;
  const voteType = picked ?? defaultVoteType(types, remaining);
  const setVoteType = setPicked;
  const math = voteMath(voteType, countValid ? parsedCount : 1, contest.votingFeeAmount);
  const countOk = voteType !== 'paid' || countValid;
  const problem = countOk
    ? voteProblem({ voteType, amount: math.amount, cost: math.cost, balance, remaining, paidAllowed: types.includes('paid') })
    : null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (cast.isPending) return;
    if (voteType === 'paid' && !countValid) {
      setError(COUNT_ERROR);
      return;
    }
    // Said in the dialog already (and the button is disabled): nothing to send.
    if (problem) return;
    setError(null);
    const fingerprint = `${entry._id}:${voteType}:${math.amount}`;
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { key: crypto.randomUUID(), fingerprint };
    cast.mutate(
      { entryId: entry._id, contestId: contest._id, voteType, amount: math.amount, idempotencyKey: attempt.current.key },
      {
        onSuccess: (result) => {
          attempt.current = null;
          if (result.held) {
            // Recorded, not lost: a moderator counts it (or voids it and refunds the credits).
            toast.info('Vote Received', 'Your vote was recorded and is being reviewed before it counts. Voided votes are refunded.');
          } else {
            toast.success('Vote Cast!', 'Your vote has been successfully cast.');
          }
          onVoted(result);
          void refreshUser();
          void stats.refetch();
          onClose();
        },
        onError: (err) => {
          // A refusal is final: the next press is a new attempt. A lost answer keeps the key.
          const status = err instanceof ApiError ? err.status : 0;
          if (status > 0 && status < 500) attempt.current = null;
          setError(err.message || VOTE_FAILED);
          toast.error('Vote Failed', err.message || VOTE_FAILED);
        },
      },
    );
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      title="Cast Your Vote"
      description={`for "${entry.title}" by ${entry.participant.fullName}`}
      formId={formId}
      submitLabel={voteType === 'paid' ? `Cast ${math.amount} ${nounFor(math.amount, 'Vote')}` : 'Cast Vote'}
      pending={cast.isPending}
      submitDisabled={!!problem}
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-slate-200">Vote type</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {types.map((t) => (
              <label
                key={t}
                className={cn(
                  'flex cursor-pointer flex-col rounded-lg border px-3 py-2 text-sm',
                  voteType === t ? 'border-emerald-500 bg-emerald-500/10' : 'border-slate-700 hover:border-slate-500',
                )}
              >
                <span className="flex items-center gap-2 font-semibold">
                  <input
                    type="radio"
                    name="voteType"
                    value={t}
                    checked={voteType === t}
                    onChange={() => {
                      setVoteType(t);
                      setError(null);
                    }}
                    className="accent-emerald-500"
                  />
                  {t === 'free' ? 'Free Vote' : 'Paid Vote'}
                </span>
                <span className="text-xs text-slate-400">
                  {t === 'free' ? '1x weight' : `5x weight · ${credits(contest.votingFeeAmount)} vote credits each`}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {voteType === 'paid' && (
          <TextField
            label="Number of votes"
            type="number"
            inputMode="numeric"
            min={PAID_VOTES_PER_CALL.min}
            max={PAID_VOTES_PER_CALL.max}
            step={1}
            value={countText}
            hint={`${PAID_VOTES_PER_CALL.min} to ${PAID_VOTES_PER_CALL.max} votes`}
            error={!countValid ? COUNT_ERROR : undefined}
            onChange={(e) => {
              setCountText(e.target.value);
              setError(null);
            }}
          />
        )}
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1.5 rounded-lg border border-slate-800 bg-slate-950/60 p-3 text-sm">
          <dt className="text-slate-400">Weight per vote</dt>
          <dd className="text-right font-semibold" data-testid="vote-weight">
            {math.weight}x
          </dd>
          <dt className="text-slate-400">Total weight</dt>
          <dd className="text-right font-semibold" data-testid="vote-total-weight">
            {math.totalWeight}
          </dd>
          {voteType === 'paid' && (
            <>
              <dt className="text-slate-400">Cost</dt>
              <dd className="text-right font-semibold text-amber-300" data-testid="vote-cost">
                {credits(math.cost)} vote credits
              </dd>
            </>
          )}
          <dt className="text-slate-400">Your balance</dt>
          <dd className="text-right font-semibold" data-testid="vote-balance">
            {credits(balance)} vote credits
          </dd>
          {remaining && (
            <>
              <dt className="text-slate-400">Free votes left</dt>
              <dd className="text-right">{remaining.freeVotes}</dd>
              {remaining.totalVotes !== null && (
                <>
                  <dt className="text-slate-400">Votes left in this contest</dt>
                  <dd className="text-right">{remaining.totalVotes}</dd>
                </>
              )}
            </>
          )}
        </dl>
        {problem && (
          <div role="status" className="space-y-2 rounded-lg border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-sm text-amber-200">
            <p>{problem.text}</p>
            {problem.kind === 'credits' && (
              <ButtonLink
                to={paths.dashboard.voteCredits()}
                size="sm"
                variant="accent"
                // After the purchase, the payment page offers the way back to this contest.
                onClick={() => returnAfterPayment.set(paths.contest(contest._id), contest.title)}
              >
                <ShoppingCart className="h-4 w-4" aria-hidden />
                Buy credits
              </ButtonLink>
            )}
          </div>
        )}
        {error && (
          <p role="alert" className="rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-300">
            {error}
          </p>
        )}
      </form>
    </FormDialog>
  );
}
