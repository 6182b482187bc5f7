import { useEffect, useState, type ReactNode } from 'react';
import { Coins, Crown, Gift, Hourglass, Medal, Share2, UserPlus, Users, type LucideIcon } from 'lucide-react';
import { countOf, formatDate, formatNumber, REFERRAL, type TReferralStats } from '@contesthub/shared';
import { useToast } from '../../../components/ui/toast';
import { Button } from '../../../components/ui/button';
import { Badge, Card, Skeleton } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { TabPanel, Tabs, useTabIds } from '../../../components/ui/tabs';
import { useReferralLeaderboard } from '../../../features/referrals/api/get-referral-leaderboard';
import { useReferralRewards } from '../../../features/referrals/api/get-referral-rewards';
import { useReferralStats } from '../../../features/referrals/api/get-referral-stats';
import { CopyField } from '../../../features/referrals/components/CopyField';

type TabId = 'referrals' | 'leaderboard' | 'rewards';
const TABS: ReadonlyArray<{ id: TabId; label: string; icon: LucideIcon }> = [
  { id: 'referrals', label: 'My Referrals', icon: Users },
  { id: 'leaderboard', label: 'Leaderboard', icon: Medal },
  { id: 'rewards', label: 'Rewards History', icon: Gift },
];

const LOAD_FAILED = 'Failed to load referral data';
const LIST_CARD = 'overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60 shadow-lg shadow-black/20';

/** One 'Error' toast per failure, whichever list it came from. */
function useFailureToast(error: unknown) {
  const toast = useToast();
  useEffect(() => {
    if (error) toast.error('Error', LOAD_FAILED);
  }, [error, toast]);
}

export default function ReferralsPage() {
  const stats = useReferralStats();
  const ids = useTabIds();
  const [tab, setTab] = useState<TabId>('referrals');
  const [opened, setOpened] = useState<Set<TabId>>(() => new Set(['referrals']));
  const select = (id: TabId) => {
    setTab(id);
    setOpened((prev) => (prev.has(id) ? prev : new Set(prev).add(id)));
  };
  const leaderboard = useReferralLeaderboard(opened.has('leaderboard'));
  const rewards = useReferralRewards(opened.has('rewards'));
  useFailureToast(stats.error);
  useFailureToast(leaderboard.error);
  useFailureToast(rewards.error);

  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-bold">Referral Program</h2>
        <p className="text-slate-400">Invite friends to ContestHub and earn vote credits together.</p>
      </div>

      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard
          icon={Users}
          label="Total Referrals"
          tone="text-emerald-300"
          loading={stats.isPending}
          value={stats.data && formatNumber(stats.data.totalReferrals)}
        />
        <StatCard
          icon={Coins}
          label="Total Earnings"
          tone="text-amber-300"
          loading={stats.isPending}
          value={stats.data && countOf(stats.data.totalEarnings, 'credit')}
        />
        <StatCard
          icon={Hourglass}
          label="Pending Rewards"
          tone="text-sky-300"
          loading={stats.isPending}
          value={stats.data && countOf(stats.data.pendingRewards, 'credit')}
        />
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Card className="space-y-4">
          <h3 className="font-semibold">Share your code</h3>
          {stats.isPending ? (
            <div role="status" aria-label="Loading referral code" className="space-y-4">
              <Skeleton className="h-16 w-full" />
              <Skeleton className="h-16 w-full" />
            </div>
          ) : stats.isError ? (
            <RetryNote onRetry={() => void stats.refetch()} />
          ) : (
            <div className="space-y-4">
              <CopyField label="Referral code" value={stats.data.code} mono />
              <CopyField label="Referral link" value={stats.data.referralUrl} />
              {stats.data.referredBy && <p className="text-sm text-slate-400">You were referred by {stats.data.referredBy.fullName}.</p>}
            </div>
          )}
        </Card>
        <HowItWorks />
      </div>

      <Tabs tabs={TABS} value={tab} onChange={select} ids={ids} label="Referral lists" />

      <TabPanel id="referrals" ids={ids} active={tab === 'referrals'}>
        <div className={LIST_CARD}>
          {stats.isPending ? (
            <RowsSkeleton />
          ) : stats.isError ? (
            <div className="p-6">
              <RetryNote onRetry={() => void stats.refetch()} />
            </div>
          ) : stats.data.referrals.length === 0 ? (
            <Empty icon={UserPlus} text="No referrals yet" hint="Share your code to invite your first friend." />
          ) : (
            <MyReferrals referrals={stats.data.referrals} />
          )}
        </div>
      </TabPanel>

      <TabPanel id="leaderboard" ids={ids} active={tab === 'leaderboard'}>
        <div className={LIST_CARD}>
          {leaderboard.isPending ? (
            <RowsSkeleton />
          ) : leaderboard.isError ? (
            <div className="p-6">
              <RetryNote onRetry={() => void leaderboard.refetch()} />
            </div>
          ) : leaderboard.data.leaderboard.length === 0 ? (
            <Empty icon={Medal} text="No leaderboard data" />
          ) : (
            <ol className="divide-y divide-slate-800">
              {leaderboard.data.leaderboard.map((row) => {
                const top = row.rank <= 3;
                return (
                  <li key={row.rank} className={cn('flex items-center gap-3 px-4 py-3 sm:px-6', top && 'bg-amber-500/5')}>
                    <span
                      className={cn(
                        'grid h-9 w-9 shrink-0 place-items-center rounded-full text-sm font-bold',
                        row.rank === 1
                          ? 'bg-amber-400 text-slate-950'
                          : row.rank === 2
                            ? 'bg-slate-300 text-slate-950'
                            : row.rank === 3
                              ? 'bg-orange-400 text-slate-950'
                              : 'bg-slate-800 text-slate-300',
                      )}
                    >
                      <span className="sr-only">Rank </span>
                      {row.rank === 1 ? (
                        <>
                          <Crown className="h-4 w-4" aria-hidden />
                          <span className="sr-only">1</span>
                        </>
                      ) : (
                        row.rank
                      )}
                    </span>
                    <div className="min-w-0 flex-1">
                      <p className={cn('truncate font-medium', top && 'text-amber-200')}>{row.user?.fullName || 'Anonymous'}</p>
                      <p className="text-xs text-slate-400">{countOf(row.totalReferrals, 'referral')}</p>
                    </div>
                    <span className="shrink-0 text-sm font-semibold text-amber-300">{countOf(row.totalEarnings, 'credit')}</span>
                  </li>
                );
              })}
            </ol>
          )}
        </div>
      </TabPanel>

      <TabPanel id="rewards" ids={ids} active={tab === 'rewards'}>
        <div className={LIST_CARD}>
          {rewards.isPending ? (
            <RowsSkeleton />
          ) : rewards.isError ? (
            <div className="p-6">
              <RetryNote onRetry={() => void rewards.refetch()} />
            </div>
          ) : rewards.data.rewards.length === 0 ? (
            <Empty
              icon={Gift}
              text="No rewards yet"
              hint={`You earn ${REFERRAL.referrerBonusCredits} credits for every friend who joins with your code.`}
            />
          ) : (
            <ul className="divide-y divide-slate-800">
              {rewards.data.rewards.map((r, i) => (
                <li key={`${r.joinedAt}-${i}`} className="flex items-center gap-3 px-4 py-3 sm:px-6">
                  <Gift className="h-5 w-5 shrink-0 text-emerald-300" aria-hidden />
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">{r.user.fullName}</p>
                    <p className="text-xs text-slate-400">{formatDate(r.joinedAt)}</p>
                  </div>
                  <span className="shrink-0 text-sm font-semibold text-emerald-300">+{countOf(r.rewardAmount, 'credit')}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </TabPanel>
    </div>
  );
}

function StatCard({
  icon: Icon,
  label,
  value,
  tone,
  loading,
}: {
  icon: LucideIcon;
  label: string;
  value?: string;
  tone: string;
  loading: boolean;
}) {
  return (
    <Card className="p-5">
      <Icon className={cn('h-6 w-6', tone)} aria-hidden />
      <p className="mt-3 text-sm text-slate-400">{label}</p>
      {loading ? <Skeleton className="mt-1 h-8 w-24" /> : <p className="text-2xl font-bold">{value ?? '—'}</p>}
    </Card>
  );
}

function MyReferrals({ referrals }: { referrals: TReferralStats['referrals'] }) {
  return (
    <ul className="divide-y divide-slate-800">
      {referrals.map((r, i) => {
        const [label, tone] = r.rewardClaimed
          ? (['Reward Claimed', 'green'] as const)
          : r.emailVerified
            ? (['Email Verified', 'sky'] as const)
            : (['Pending Verification', 'amber'] as const);
        return (
          <li key={`${r.user.email}-${i}`} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4 sm:px-6">
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{r.user.fullName}</p>
              <p className="truncate text-sm text-slate-400">{r.user.email}</p>
            </div>
            <div className="flex items-center justify-between gap-3 sm:justify-end">
              <span className="text-xs text-slate-400">Joined {formatDate(r.joinedAt)}</span>
              <Badge tone={tone}>{label}</Badge>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function HowItWorks() {
  const steps: Array<{ icon: LucideIcon; title: string; text: ReactNode }> = [
    { icon: Share2, title: 'Share your code', text: 'Send your referral code or link to friends.' },
    { icon: UserPlus, title: 'Friends register', text: 'They sign up to ContestHub with your code.' },
    {
      icon: Coins,
      title: 'Both of you earn',
      text: (
        <>
          You get <span className="font-semibold text-amber-300">{REFERRAL.referrerBonusCredits} credits</span> immediately; they get{' '}
          <span className="font-semibold text-amber-300">{REFERRAL.refereeBonusCredits} credits</span> after verifying their email.
        </>
      ),
    },
  ];
  return (
    <Card>
      <h3 className="font-semibold">How Referrals Work</h3>
      <ol className="mt-4 space-y-4">
        {steps.map(({ icon: Icon, title, text }, i) => (
          <li key={title} className="flex gap-3">
            <span className="grid h-8 w-8 shrink-0 place-items-center rounded-full bg-emerald-500/15 text-emerald-300">
              <Icon className="h-4 w-4" aria-hidden />
              <span className="sr-only">Step {i + 1}</span>
            </span>
            <div>
              <p className="text-sm font-medium">{title}</p>
              <p className="text-sm text-slate-400">{text}</p>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}

function RowsSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="space-y-3 p-4 sm:p-6">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-3">
          <Skeleton className="h-9 w-9 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-24" />
          </div>
          <Skeleton className="h-5 w-20" />
        </div>
      ))}
    </div>
  );
}

function Empty({ icon: Icon, text, hint }: { icon: LucideIcon; text: string; hint?: string }) {
  return (
    <div className="px-6 py-12 text-center">
      <Icon className="mx-auto h-10 w-10 text-slate-400" aria-hidden />
      <p className="mt-3 font-semibold">{text}</p>
      {hint && <p className="mt-1 text-sm text-slate-400">{hint}</p>}
    </div>
  );
}

function RetryNote({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-slate-300">
      {LOAD_FAILED}.
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}
