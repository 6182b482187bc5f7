import { useId, useRef, useState, type FormEvent } from 'react';
import { PAID_VOTES_PER_CALL, type TCastResult, type TContest, type TEntry, type VoteType } from '@contesthub/shared';
import { useAuth } from '../../../lib/auth';
import { useToast } from '../../../components/ui/toast';
import { FormDialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { credits, plural } from '../../../lib/format';
import { useCastVote } from '../api/cast-vote';
import { useVoteStats } from '../api/get-vote-stats';
import { voteMath, voteTypesFor } from '../lib/vote-math';

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
  const [voteType, setVoteType] = useState<VoteType>(types[0] ?? 'free');
  const [countText, setCountText] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const attempt = useRef<{ key: string; fingerprint: string } | null>(null);

  const parsedCount = Number(countText);
  const countValid = Number.isInteger(parsedCount) && parsedCount >= PAID_VOTES_PER_CALL.min && parsedCount <= PAID_VOTES_PER_CALL.max;
  const math = voteMath(voteType, countValid ? parsedCount : 1, contest.votingFeeAmount);
  const balance = user?.voteCredits ?? 0;
  const remaining = stats.data?.me?.remaining;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (cast.isPending) return;
    if (voteType === 'paid' && !countValid) {
      setError(COUNT_ERROR);
      return;
    }
    if (voteType === 'paid' && math.cost > balance) {
      setError('Insufficient vote credits');
      toast.error('Vote Failed', 'Insufficient vote credits');
      return;
    }
    setError(null);
    const fingerprint = `${entry._id}:${voteType}:${math.amount}`;
    if (attempt.current?.fingerprint !== fingerprint) attempt.current = { key: crypto.randomUUID(), fingerprint };
    cast.mutate(
      { entryId: entry._id, contestId: contest._id, voteType, amount: math.amount, idempotencyKey: attempt.current.key },
      {
        onSuccess: (result) => {
          attempt.current = null;
          toast.success('Vote Cast!', 'Your vote has been successfully cast.');
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
      submitLabel={voteType === 'paid' ? `Cast ${plural(math.amount, 'Vote')}` : 'Cast Vote'}
      pending={cast.isPending}
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
        {error && (
          <p role="alert" className="rounded-lg border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-300">
            {error}
          </p>
        )}
      </form>
    </FormDialog>
  );
}
