import { VOTE_RISK_REASON_TEXT, type VoteRiskReason } from '@contesthub/shared';
import { Badge } from '../../../components/ui/card';

/** A 0–100 risk score: red from 80, amber from 60 (the hold threshold), sky from 40, else neutral. */
export function RiskBadge({ score }: { score: number }) {
  const tone = score >= 80 ? 'red' : score >= 60 ? 'amber' : score >= 40 ? 'sky' : 'neutral';
  return (
    <Badge tone={tone}>
      Risk {score}
      <span className="sr-only"> of 100</span>
    </Badge>
  );
}

/** The reason codes of a vote, each with its meaning as the visible text and the code as a tooltip. */
export function ReasonList({ reasons }: { reasons: readonly VoteRiskReason[] }) {
  if (reasons.length === 0) return <p className="text-sm text-slate-400">No risk signals</p>;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Risk reasons">
      {reasons.map((code) => (
        <li key={code}>
          <Badge tone="violet" title={code}>
            {VOTE_RISK_REASON_TEXT[code]}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
