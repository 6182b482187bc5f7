import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  ArrowRight,
  Camera,
  CheckCircle2,
  Coins,
  Lock,
  Search,
  Sparkles,
  Trophy,
  Users,
  Vote,
  Wallet,
  Zap,
  Headphones,
} from 'lucide-react';
import { formatCompact, koboToNaira, paths } from '@contesthub/shared';
import { Button, ButtonLink } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/card';
import { FeaturedContests } from '../../features/contests/components/FeaturedContests';
import { usePublicStats } from '../../features/analytics/api/get-public-stats';

const WHY = [
  {
    icon: Lock,
    title: 'Escrow-protected prizes',
    text: 'Cash prizes are locked in escrow when a contest is created, so every winner is paid.',
  },
  { icon: Vote, title: 'Fair voting', text: 'Free, paid or hybrid voting with per-person limits and fraud checks on every vote.' },
  { icon: Wallet, title: 'Paid in naira', text: 'Winnings land in your wallet and go to any Nigerian bank account within 24-48 hours.' },
  {
    icon: Camera,
    title: 'Every kind of creativity',
    text: 'Photography, video, music, writing, fashion, food and more. Bring your best work.',
  },
  { icon: Zap, title: 'Free to start', text: 'Create contests for free. Fees apply only to paid entries and paid votes.' },
  { icon: Headphones, title: 'Real support', text: 'Reach us on WhatsApp any time or by email. Disputes are resolved within 48 hours.' },
];

const STEPS = [
  { icon: Trophy, title: 'Create or browse', text: 'Start a contest in minutes or find one that fits your talent.' },
  { icon: Camera, title: 'Submit your entry', text: 'Upload a photo, video, audio clip or write-up before the deadline.' },
  { icon: Users, title: 'Vote and engage', text: 'Share your entry, gather votes, like and comment on others.' },
  { icon: Coins, title: 'Win and get rewarded', text: 'Top entries win cash, items or badges, paid out from escrow.' },
];

function StatsStrip() {
  const { data, isPending, isError } = usePublicStats();
  const tiles = [
    { label: 'Active Contests', value: data && formatCompact(data.activeContests) },
    { label: 'Participants', value: data && formatCompact(data.totalParticipants) },
    { label: 'Total Prizes', value: data && `₦${formatCompact(koboToNaira(data.totalPrizeAmount))}` },
    { label: 'Success Rate', value: data && `${data.successRate}%` },
  ];
  return (
    <section aria-label="Platform statistics" className="mx-auto -mt-10 max-w-5xl px-4">
      <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-2xl border border-slate-800 bg-slate-800 sm:grid-cols-4">
        {tiles.map((t) => (
          <div key={t.label} className="bg-slate-900 px-4 py-6 text-center">
            <dt className="text-xs font-medium uppercase tracking-wider text-slate-400">{t.label}</dt>
            <dd className="mt-2 text-2xl font-bold text-emerald-300 sm:text-3xl">
              {isPending ? <Skeleton className="mx-auto h-8 w-16" /> : isError ? <span className="text-slate-400">-</span> : t.value}
            </dd>
          </div>
        ))}
      </dl>
      {isError && <p className="mt-2 text-center text-xs text-slate-400">Statistics are unavailable right now.</p>}
    </section>
  );
}

export default function HomePage() {
  const navigate = useNavigate();
  const [term, setTerm] = useState('');
  const search = (e: FormEvent) => {
    e.preventDefault();
    const q = term.trim();
    navigate(paths.contests({ search: q }));
  };

  return (
    <>
      <section className="relative overflow-hidden border-b border-slate-800">
        <div
          aria-hidden
          className="absolute inset-0 bg-[radial-gradient(ellipse_at_top,rgba(16,185,129,0.25),transparent_60%),radial-gradient(ellipse_at_bottom_right,rgba(251,191,36,0.12),transparent_50%)]"
        />
        <div className="relative mx-auto max-w-5xl px-4 pb-24 pt-16 text-center sm:pt-24">
          <p className="inline-flex items-center gap-2 rounded-full border border-emerald-700/60 bg-emerald-950/50 px-3 py-1 text-xs font-medium text-emerald-300">
            <Sparkles className="h-3.5 w-3.5" aria-hidden /> Built for Nigeria&apos;s creative community
          </p>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight sm:text-6xl">
            Show your talent.{' '}
            <span className="bg-gradient-to-r from-emerald-300 to-amber-300 bg-clip-text text-transparent">Win real prizes.</span>
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-300">
            Enter photo, video, music and writing contests, vote for your favourites, and get paid in naira. Organisers run contests for
            free with prizes held safely in escrow.
          </p>
          <form onSubmit={search} role="search" className="mx-auto mt-8 flex max-w-xl flex-col gap-2 sm:flex-row">
            <label htmlFor="hero-search" className="sr-only">
              Search contests
            </label>
            <div className="relative flex-1">
              <Search className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-400" aria-hidden />
              <input
                id="hero-search"
                type="search"
                value={term}
                onChange={(e) => setTerm(e.target.value)}
                placeholder="Search contests: photography, afrobeats, poetry..."
                className="h-12 w-full rounded-xl border border-slate-700 bg-slate-900/90 pl-10 pr-3 text-slate-100 placeholder:text-slate-400 focus:border-emerald-500 focus:outline-none focus:ring-2 focus:ring-emerald-500/30"
              />
            </div>
            <Button type="submit" size="lg">
              Search
            </Button>
          </form>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <ButtonLink to={paths.contests()} variant="outline" size="lg">
              Browse Contests
            </ButtonLink>
            <ButtonLink to={paths.create()} variant="accent" size="lg">
              Create a Contest
            </ButtonLink>
          </div>
        </div>
      </section>

      <StatsStrip />

      <FeaturedContests />

      <section className="mx-auto max-w-7xl px-4 py-20 sm:px-6" aria-labelledby="why-heading">
        <h2 id="why-heading" className="text-center text-3xl font-bold">
          Why creators choose ContestHub
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-center text-slate-400">
          Everything you need to run fair contests and get paid for your creativity.
        </p>
        <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {WHY.map(({ icon: Icon, title, text }) => (
            <div key={title} className="rounded-2xl border border-slate-800 bg-slate-900/50 p-6">
              <span className="grid h-11 w-11 place-items-center rounded-xl bg-emerald-500/15 text-emerald-300">
                <Icon className="h-5 w-5" aria-hidden />
              </span>
              <h3 className="mt-4 font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-slate-400">{text}</p>
            </div>
          ))}
        </div>
      </section>

      <section className="border-y border-slate-800 bg-slate-900/40" aria-labelledby="how-heading">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6">
          <h2 id="how-heading" className="text-center text-3xl font-bold">
            How it works
          </h2>
          <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map(({ icon: Icon, title, text }, i) => (
              <li key={title} className="relative rounded-2xl border border-slate-800 bg-slate-950 p-6">
                <span className="absolute right-5 top-5 text-4xl font-black text-slate-800" aria-hidden>
                  {i + 1}
                </span>
                <Icon className="h-7 w-7 text-amber-300" aria-hidden />
                <h3 className="mt-4 font-semibold">
                  <span className="sr-only">Step {i + 1}: </span>
                  {title}
                </h3>
                <p className="mt-2 text-sm text-slate-400">{text}</p>
              </li>
            ))}
          </ol>
          <div className="mt-10 text-center">
            <ButtonLink to={paths.howItWorks()} variant="ghost">
              Learn more about how it works <ArrowRight className="h-4 w-4" aria-hidden />
            </ButtonLink>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-5xl px-4 py-20 text-center">
        <div className="rounded-3xl border border-emerald-800/60 bg-gradient-to-br from-emerald-950 to-slate-900 px-6 py-14">
          <h2 className="text-3xl font-bold">Ready to shine?</h2>
          <p className="mx-auto mt-3 max-w-xl text-slate-300">
            Join Nigeria's creative community. It is free to sign up, and new members get a 7-day Basic Premium trial.
          </p>
          <ul className="mx-auto mt-6 flex max-w-lg flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-slate-300">
            {['Free to join', 'Escrow-protected prizes', 'Naira payouts'].map((t) => (
              <li key={t} className="inline-flex items-center gap-1.5">
                <CheckCircle2 className="h-4 w-4 text-emerald-400" aria-hidden /> {t}
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <ButtonLink to={paths.register()} size="lg">
              Get Started Free
            </ButtonLink>
            <ButtonLink to={paths.contests()} variant="outline" size="lg">
              Explore Contests
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}
