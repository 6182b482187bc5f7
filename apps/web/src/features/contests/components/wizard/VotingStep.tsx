import { MAX_VOTES_PER_USER, MIN_PAID_VOTING_FEE_CREDITS } from '@contesthub/shared';
import { TextField } from '../../../../components/ui/field';
import { RadioCards } from './controls';
import type { StepProps } from './step-props';

/**
 * Step 5 (spec 001 §5): paid voting needs a fee of at least 10 vote credits; both needs the fee and
 * free votes per user (at least 1, not above the maximum); maximum votes per user 1 to 10.
 */
export function VotingStep({ form, update, error, disabled }: StepProps) {
  return (
    <div className="space-y-5">
      <RadioCards
        legend="Voting type"
        name="votingType"
        value={form.votingType}
        onChange={(votingType) => update({ votingType })}
        options={[
          { value: 'free', label: 'Free', description: 'Voters vote at no cost.' },
          { value: 'paid', label: 'Paid', description: 'Each vote costs vote credits.' },
          { value: 'both', label: 'Both', description: 'Some free votes, then paid votes.' },
        ]}
        error={error('votingType')}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        {form.votingType !== 'free' && (
          <TextField
            id="contest-voting-fee"
            label="Voting fee (vote credits)"
            required
            type="number"
            inputMode="numeric"
            min={MIN_PAID_VOTING_FEE_CREDITS}
            step={1}
            value={form.votingFeeAmount}
            error={error('votingFeeAmount')}
            hint={`At least ${MIN_PAID_VOTING_FEE_CREDITS} vote credits per paid vote.`}
            disabled={disabled}
            onChange={(e) => update({ votingFeeAmount: e.target.value })}
          />
        )}
        {form.votingType !== 'paid' && (
          <TextField
            id="contest-free-votes"
            label="Free votes per user"
            required
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={form.freeVotesPerUser}
            error={error('freeVotesPerUser')}
            disabled={disabled}
            onChange={(e) => update({ freeVotesPerUser: e.target.value })}
          />
        )}
        <TextField
          id="contest-max-votes"
          label="Maximum votes per user"
          required
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_VOTES_PER_USER}
          step={1}
          value={form.maxVotesPerUser}
          error={error('maxVotesPerUser')}
          hint={`Between 1 and ${MAX_VOTES_PER_USER}.`}
          disabled={disabled}
          onChange={(e) => update({ maxVotesPerUser: e.target.value })}
        />
      </div>
    </div>
  );
}
