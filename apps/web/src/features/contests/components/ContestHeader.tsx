import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Award, Calendar, ChevronDown, ChevronUp, Crown, ImageOff, Trophy, Users, Vote } from 'lucide-react';
import {
  contestPhaseLabel,
  type ContestStatus,
  countOf,
  ENTRY_TYPE_LABELS,
  formatDate,
  formatNaira,
  formatNumber,
  paths,
  type TContest,
} from '@contesthub/shared';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { densityCappedSizes, imageSetProps, ResponsiveImage } from '../../../components/ui/responsive-image';
import { Badge, Card } from '../../../components/ui/card';
import { credits } from '../../../lib/format';
import { PHASE_LABELS, votingConfigLabel } from '../lib/contest-header';

const STATUS_BADGE: Record<ContestStatus, { label: string; tone: 'green' | 'amber' | 'neutral' | 'red' | 'sky' }> = {
  active: { label: 'Active', tone: 'green' },
  voting: { label: 'Voting', tone: 'amber' },
  ended: { label: 'Ended', tone: 'sky' },
  draft: { label: 'Draft', tone: 'neutral' },
  cancelled: { label: 'Cancelled', tone: 'red' },
};

/** The banner's displayed width: the page's content width (max-w-6xl less its padding). */
const BANNER_SIZES = densityCappedSizes([
  ['min-width: 1152px', '1120px'],
  [null, '100vw - 2rem'],
]);

/**
 * The cover at its own aspect ratio (from its stored size, so the box is reserved before it loads;
 * 16:9 for older covers), at most about two thirds of the screen tall: a cover taller than that is
 * shown whole over a blurred, darkened copy of itself instead of being cropped.
 */
function Banner({ contest }: { contest: Pick<TContest, 'coverImage' | 'coverImageSet'> }) {
  const [failed, setFailed] = useState(false);
  const src = contest.coverImage;
  if (!src || failed) {
    return (
      <div
        data-testid="cover-fallback"
        className="grid h-48 w-full place-items-center bg-gradient-to-br from-emerald-900/60 via-slate-900 to-amber-900/40 sm:h-64"
      >
        {failed ? (
          <span className="flex flex-col items-center gap-2 text-sm text-slate-400">
            <ImageOff className="h-10 w-10" aria-hidden />
            Image not available
          </span>
        ) : (
          <Trophy className="h-12 w-12 text-emerald-400/60" aria-hidden />
        )}
      </div>
    );
  }
  const set = contest.coverImageSet;
  const image = { ...imageSetProps(src, set), sizes: BANNER_SIZES, loading: 'priority' as const };
  return (
    <div
      className="relative max-h-[min(65vh,28rem)] w-full overflow-hidden bg-slate-950"
      style={{ aspectRatio: set ? `${set.width} / ${set.height}` : '16 / 9' }}
    >
      <ResponsiveImage
        {...image}
        alt=""
        aria-hidden
        data-testid="cover-backdrop"
        className="absolute inset-0 h-full w-full scale-110 object-cover opacity-40 blur-2xl"
      />
      <ResponsiveImage
        {...image}
        alt=""
        data-testid="contest-cover"
        onError={() => setFailed(true)}
        className="relative h-full w-full object-contain"
      />
    </div>
  );
}

function InfoCard({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-800 bg-slate-900/60 p-3">
      <dt className="text-xs uppercase tracking-wide text-slate-400">{label}</dt>
      <dd className="mt-1 font-semibold text-slate-100">{value}</dd>
    </div>
  );
}

function Prize({ contest }: { contest: TContest }) {
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Award className="h-5 w-5 text-amber-300" aria-hidden /> Prize
      </h2>
      {contest.prizeType === 'badge' ? (
        <p className="mt-2 text-slate-200">
          Badge: <span className="font-semibold text-amber-300">{contest.badgeTitle || 'Winner Badge'}</span>
        </p>
      ) : (
        <>
          <p className="mt-2 text-2xl font-bold text-amber-300" data-testid="prize-cash">
            {formatNaira(contest.prizeAmount)}
          </p>
          {contest.prizeType === 'cashanditem' && (
            <>
              <p className="mt-1 text-sm text-slate-400">Cash plus items</p>
              {contest.prizeItems.length > 0 && (
                <ul className="mt-2 list-disc space-y-0.5 pl-5 text-sm text-slate-200" aria-label="Prize items">
                  {contest.prizeItems.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
            </>
          )}
        </>
      )}
    </Card>
  );
}

function Timeline({ contest }: { contest: TContest }) {
  const fee = contest.votingType !== 'free';
  const free = contest.votingType !== 'paid';
  return (
    <Card className="p-5">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Calendar className="h-5 w-5 text-emerald-300" aria-hidden /> Timeline
      </h2>
      <dl className="mt-3 space-y-3 text-sm">
        <div>
          <dt className="text-slate-400">Entry period</dt>
          <dd className="text-slate-100">
            {formatDate(contest.entryStartDate)} – {formatDate(contest.entryEndDate)} ({countOf(contest.duration, 'day')})
          </dd>
        </div>
        <div>
          <dt className="text-slate-400">Voting period</dt>
          <dd className="text-slate-100">
            {formatDate(contest.votingStartDate)} – {formatDate(contest.votingEndDate)} ({countOf(contest.votingDuration, 'day')})
          </dd>
        </div>
        <div>
          <dt className="text-slate-400">Voting configuration</dt>
          <dd className="text-slate-100">
            <span className="font-semibold">{votingConfigLabel(contest.votingType)}</span>
            {fee && <span className="block">Fee: {credits(contest.votingFeeAmount)} vote credits per vote</span>}
            {free && <span className="block">Free votes: {contest.freeVotesPerUser} per user</span>}
          </dd>
        </div>
        <div>
          <dt className="text-slate-400">Vote limit</dt>
          <dd className="text-slate-100">
            {contest.maxVotesPerUser === null ? 'Unlimited votes per user' : `Max ${countOf(contest.maxVotesPerUser, 'vote')} per user`}
          </dd>
        </div>
      </dl>
    </Card>
  );
}

/** Everything above the tabs (spec 000 §2 Contest detail): banner, facts, prize, stats, organizer, timeline. */
export function ContestHeader({ contest, actions, notice }: { contest: TContest; actions: ReactNode; notice?: ReactNode }) {
  const [more, setMore] = useState(false);
  const badge = STATUS_BADGE[contest.status];
  const entryFee = contest.entryFee === 'free' || contest.entryFeeAmount === 0 ? 'Free' : `${credits(contest.entryFeeAmount)} vote credits`;

  return (
    <div className="space-y-6">
      <div className="overflow-hidden rounded-2xl border border-slate-800">
        <Banner key={contest.coverImage ?? ''} contest={contest} />
      </div>
      <Link to={paths.contests()} className="inline-flex items-center gap-1.5 text-sm text-slate-400 hover:text-emerald-300">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to contests
      </Link>

      {contest.status === 'ended' && contest.winner && (
        <div role="status" className="flex items-center gap-3 rounded-2xl border border-amber-400/50 bg-amber-500/10 p-4">
          <Crown className="h-8 w-8 shrink-0 text-amber-300" aria-hidden />
          <div>
            <p className="font-semibold text-amber-200">Winner: {contest.winner.title}</p>
            <p className="text-sm text-slate-300">
              by{' '}
              <Link to={paths.profile(contest.winner.participant._id)} className="font-medium text-amber-300 hover:text-amber-200">
                {contest.winner.participant.fullName}
              </Link>
            </p>
          </div>
        </div>
      )}

      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={badge.tone}>{badge.label}</Badge>
            <Badge className="capitalize">{contest.displayCategory}</Badge>
          </div>
          <h1 className="break-words text-3xl font-bold tracking-tight sm:text-4xl">{contest.title}</h1>
          <p className="text-sm font-medium text-emerald-300" data-testid="phase-line">
            {contestPhaseLabel(contest.status)}
          </p>
          <p className="max-w-3xl whitespace-pre-line break-words text-slate-300">{contest.description}</p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>
      </div>
      {notice}

      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <InfoCard label="Category" value={<span className="capitalize">{contest.displayCategory}</span>} />
        <InfoCard label="Entry Type" value={ENTRY_TYPE_LABELS[contest.entryType]} />
        <InfoCard label="Entry Fee" value={entryFee} />
        <InfoCard label="Current Phase" value={PHASE_LABELS[contest.phase]} />
      </dl>

      <div className="grid gap-4 lg:grid-cols-3">
        <Prize contest={contest} />
        <Card className="p-5">
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <Vote className="h-5 w-5 text-sky-300" aria-hidden /> Stats
          </h2>
          <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
            <div>
              <dd className="text-xl font-bold">{formatNumber(contest.stats.totalEntries)}</dd>
              <dt className="text-xs text-slate-400">Total Entries</dt>
            </div>
            <div>
              <dd className="text-xl font-bold">{formatNumber(contest.stats.totalVotes)}</dd>
              <dt className="text-xs text-slate-400">Total Votes</dt>
            </div>
            <div>
              <dd className="text-xl font-bold">{formatNumber(contest.stats.totalParticipants)}</dd>
              <dt className="text-xs text-slate-400">Participants</dt>
            </div>
          </dl>
        </Card>
        <Card className="p-5">
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <Users className="h-5 w-5 text-violet-300" aria-hidden /> Organizer
          </h2>
          <Link
            to={paths.profile(contest.organizer._id)}
            className="mt-3 flex items-center gap-3 rounded-lg hover:text-emerald-300 focus-visible:outline-2 focus-visible:outline-emerald-400"
          >
            <UserAvatar name={contest.organizer.fullName} src={contest.organizer.profilePicture} />
            <span>
              <span className="block font-semibold">{contest.organizer.fullName}</span>
              <span className="block text-xs text-slate-400">Contest Creator</span>
            </span>
          </Link>
        </Card>
      </div>

      <div>
        <button
          type="button"
          aria-expanded={more}
          onClick={() => setMore((v) => !v)}
          className="inline-flex items-center gap-1 text-sm font-semibold text-emerald-300 hover:text-emerald-200"
        >
          {more ? 'See Less Details' : 'See More Details'}
          {more ? <ChevronUp className="h-4 w-4" aria-hidden /> : <ChevronDown className="h-4 w-4" aria-hidden />}
        </button>
        {more && (
          <div className="mt-3 grid gap-4 md:grid-cols-2">
            <Card className="p-5">
              <h2 className="text-lg font-semibold">Tags</h2>
              {contest.tags.length ? (
                <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Tags">
                  {contest.tags.map((t) => (
                    <li key={t} className="rounded-full bg-slate-800 px-2 py-0.5 text-xs text-slate-300">
                      #{t}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-2 text-sm text-slate-400">No tags</p>
              )}
            </Card>
            <Card className="p-5">
              <h2 className="text-lg font-semibold">Rules</h2>
              {contest.rules.length ? (
                <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-300" aria-label="Rules">
                  {contest.rules.map((r, i) => (
                    <li key={`${i}-${r}`}>{r}</li>
                  ))}
                </ol>
              ) : (
                <p className="mt-2 text-sm text-slate-400">No rules listed</p>
              )}
            </Card>
          </div>
        )}
      </div>

      <Timeline contest={contest} />
    </div>
  );
}
