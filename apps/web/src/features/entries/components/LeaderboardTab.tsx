import { Crown, Medal, Trophy } from 'lucide-react';
import { formatVoteCount, nounFor } from '@contesthub/shared';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { Badge, Spinner } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { useLeaderboard } from '../api/get-leaderboard';

const TOP: Record<number, { icon: typeof Crown; label: string; className: string }> = {
  1: { icon: Crown, label: 'First place', className: 'border-amber-400/60 bg-amber-500/10 text-amber-300' },
  2: { icon: Medal, label: 'Second place', className: 'border-slate-300/50 bg-slate-300/10 text-slate-200' },
  3: { icon: Medal, label: 'Third place', className: 'border-orange-500/50 bg-orange-700/10 text-orange-300' },
};

/** Approved entries by weighted votes (spec 000 §2 Leaderboard); a row leads back to the entries. */
export function LeaderboardTab({
  contestId,
  userId,
  onSelect,
}: {
  contestId: string;
  userId?: string;
  onSelect: (entryId: string) => void;
}) {
  const board = useLeaderboard(contestId, true);
  if (board.isPending) return <Spinner label="Loading leaderboard..." />;
  if (board.isError) return <p className="py-10 text-center text-slate-400">Failed to load the leaderboard. Please try again.</p>;
  const rows = board.data;
  if (rows.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 py-14 text-center text-slate-400">
        <Trophy className="h-10 w-10 text-slate-600" aria-hidden />
        No approved entries yet
      </div>
    );
  }
  return (
    <ol className="space-y-2" aria-label="Leaderboard">
      {rows.map((row) => {
        const top = TOP[row.rank];
        const Icon = top?.icon;
        const mine = !!userId && row.entry.participant._id === userId;
        return (
          <li key={row.entry._id}>
            <button
              type="button"
              onClick={() => onSelect(row.entry._id)}
              className={cn(
                'flex w-full items-center gap-3 rounded-xl border px-3 py-3 text-left transition-colors hover:bg-slate-800/60 focus-visible:outline-2 focus-visible:outline-emerald-400',
                top ? top.className : 'border-slate-800 bg-slate-900/60',
              )}
            >
              <span className="flex w-10 shrink-0 items-center justify-center gap-1 font-bold tabular-nums">
                {Icon && top && <Icon className="h-5 w-5" aria-label={top.label} />}
                <span>#{row.rank}</span>
              </span>
              <UserAvatar name={row.entry.participant.fullName} src={row.entry.participant.profilePicture} size="sm" />
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-center gap-2">
                  <span className="min-w-0 break-words font-semibold text-slate-100">{row.entry.title}</span>
                  {mine && <Badge tone="violet">Your Entry</Badge>}
                </span>
                <span className="block break-words text-xs text-slate-400">{row.entry.participant.fullName}</span>
              </span>
              <span className="shrink-0 text-sm font-semibold text-emerald-300">
                {formatVoteCount(row.votes)} {nounFor(row.votes, 'vote')}
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
