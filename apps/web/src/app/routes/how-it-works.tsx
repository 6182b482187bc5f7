import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import {
  ArrowRight,
  Award,
  Banknote,
  ChevronDown,
  CirclePlus,
  Gift,
  Headphones,
  Landmark,
  Layers,
  LockKeyhole,
  Percent,
  Scale,
  Search,
  ShieldCheck,
  Trophy,
  Upload,
  Vote,
  type LucideIcon,
} from 'lucide-react';
import {
  ESCROW_FEE_PERCENT,
  FREE_TIER_CONTESTS_PER_MONTH,
  LEADERBOARD_POINTS,
  MIN_CASH_PRIZE_NAIRA,
  PROFILE_COMPLETION_MIN_TO_ENTER,
  SUPPORT_EMAIL,
  UPLOAD_LIMITS_BYTES,
  VOTE_WEIGHTS,
  formatNaira,
  nairaToKobo,
  paths,
} from '@contesthub/shared';
import { ButtonLink } from '../../components/ui/button';
import { Badge } from '../../components/ui/card';

const MB = 1024 * 1024;
const mb = (bytes: number) => `${Math.round(bytes / MB)}MB`;
const MIN_CASH_PRIZE = formatNaira(nairaToKobo(MIN_CASH_PRIZE_NAIRA));
const WINNER_SHARE_PERCENT = 100 - ESCROW_FEE_PERCENT;
const PAID_VOTE_MULTIPLIER = VOTE_WEIGHTS.paid / VOTE_WEIGHTS.free;

interface Step {
  icon: LucideIcon;
  title: string;
  body: string;
}

const STEPS: Step[] = [
  {
    icon: Search,
    title: 'Create or browse a contest',
    body: 'Organisers set up a contest in six guided steps: basics, prize, entries, timeline, voting and restrictions. Creating a contest is free. Participants browse contests by category, prize type and entry type to find one that fits their talent.',
  },
  {
    icon: Upload,
    title: 'Submit your entry',
    body: `Upload a photo, video, audio clip or write-up before the entry deadline. Complete at least ${PROFILE_COMPLETION_MIN_TO_ENTER}% of your profile first so organisers and voters know who you are.`,
  },
  {
    icon: Vote,
    title: 'Vote and engage',
    body: 'Vote for your favourite entries with free daily votes or vote credits, then like, comment and share to rally support for the creators you believe in.',
  },
  {
    icon: Trophy,
    title: 'Win and get rewarded',
    body: `When voting closes, winners are announced and prizes are released from escrow. Everyone climbs the leaderboard too: ${LEADERBOARD_POINTS.win} points per contest win, ${LEADERBOARD_POINTS.entry} per entry and ${LEADERBOARD_POINTS.vote} per vote.`,
  },
];

interface ContestType {
  icon: LucideIcon;
  title: string;
  tag: string;
  body: string;
  to: string;
  accent: string;
}

const CONTEST_TYPES: ContestType[] = [
  {
    icon: Banknote,
    title: 'Cash Prize',
    tag: `From ${MIN_CASH_PRIZE}`,
    body: 'Compete for a naira prize. The prize is held in escrow until the winners are verified, then paid by bank transfer.',
    to: paths.cashPrizeContests(),
    accent: 'bg-emerald-500/15 text-emerald-300',
  },
  {
    icon: Gift,
    title: 'Items Prize',
    tag: 'Products & gifts',
    body: 'Win items offered by the organiser, such as gadgets, products or vouchers, listed in full on the contest page.',
    to: paths.itemsPrizeContests(),
    accent: 'bg-amber-500/15 text-amber-300',
  },
  {
    icon: Layers,
    title: 'Hybrid Prize',
    tag: 'Cash + items',
    body: 'The best of both: a cash prize in naira together with items from the organiser.',
    to: paths.hybridPrizeContests(),
    accent: 'bg-sky-500/15 text-sky-300',
  },
  {
    icon: Award,
    title: 'Open Contest',
    tag: 'Badges & free entry',
    body: 'Free to take part. Winners earn badges that show on their profile, which makes open contests a great way to build a portfolio and a following.',
    to: paths.openContests(),
    accent: 'bg-violet-500/15 text-violet-300',
  },
];

const WHY_CHOOSE: Step[] = [
  {
    icon: ShieldCheck,
    title: 'Escrow-protected prizes',
    body: 'Cash prizes are held in escrow until the winners are verified, so the prize you see is the prize that gets paid.',
  },
  {
    icon: Scale,
    title: 'Fair voting',
    body: 'Organisers choose free, paid or hybrid voting, and suspicious voting is flagged for review so the most-loved entry wins.',
  },
  {
    icon: Landmark,
    title: 'Fast naira payouts',
    body: 'Winnings are sent to Nigerian bank accounts within 24-48 hours, after bank verification number (BVN) checks.',
  },
  {
    icon: LockKeyhole,
    title: 'NDPR-compliant',
    body: 'Your personal data is handled in line with the Nigeria Data Protection Regulation and kept secure.',
  },
  {
    icon: Headphones,
    title: 'Support on WhatsApp & email',
    body: `Reach our team on WhatsApp or at ${SUPPORT_EMAIL}. Disputes are resolved within 48 hours.`,
  },
  {
    icon: Percent,
    title: 'Fees only when money moves',
    body: 'Creating and entering free contests costs nothing. A 7-10% transaction fee applies only to paid entries and paid votes, plus payment-provider fees.',
  },
];

const linkClass = 'font-medium text-emerald-300 underline underline-offset-2 hover:text-emerald-200';

const FAQS: Array<{ q: string; a: ReactNode }> = [
  {
    q: 'Is it free to create a contest?',
    a: (
      <>
        Yes. Creating a contest on ContestHub is free. The free plan lets you create up to {FREE_TIER_CONTESTS_PER_MONTH} contests per
        month, and the premium plans remove that limit. Compare plans on our{' '}
        <Link to={paths.pricing()} className={linkClass}>
          pricing page
        </Link>
        .
      </>
    ),
  },
  {
    q: 'What can I upload, and how large can my files be?',
    a: (
      <>
        Entries can be photos, videos, audio or write-ups. On the free plan, photos can be up to {mb(UPLOAD_LIMITS_BYTES.free.photo)} and
        videos up to {mb(UPLOAD_LIMITS_BYTES.free.video)}. Premium plans raise the limits to {mb(UPLOAD_LIMITS_BYTES.premium.photo)} for
        photos and {mb(UPLOAD_LIMITS_BYTES.premium.video)} for videos.
      </>
    ),
  },
  {
    q: 'How does voting work?',
    a: (
      <>
        Each contest uses free, paid or hybrid voting. Free votes are limited each day. Paid votes use vote credits, and one paid vote
        weighs {PAID_VOTE_MULTIPLIER} times as much as a free vote.
      </>
    ),
  },
  {
    q: 'How are cash prizes held and paid?',
    a: (
      <>
        The minimum cash prize is {MIN_CASH_PRIZE}. The prize is held in escrow until the winners are verified. The winner receives{' '}
        {WINNER_SHARE_PERCENT}% of the prize after the {ESCROW_FEE_PERCENT}% escrow fee, paid by bank transfer to a Nigerian bank account
        within 24-48 hours.
      </>
    ),
  },
  {
    q: 'What happens if there is a dispute?',
    a: (
      <>
        Report the contest or entry from its page, or{' '}
        <Link to={paths.contact()} className={linkClass}>
          contact support
        </Link>
        . Our team reviews every dispute and resolves it within 48 hours.
      </>
    ),
  },
  {
    q: 'How old do I need to be to take part?',
    a: (
      <>
        You must be at least 13 years old to use ContestHub. If you are under 18, you need the consent of a parent or guardian. Read more in
        our{' '}
        <Link to={paths.terms()} className={linkClass}>
          Terms of Service
        </Link>
        .
      </>
    ),
  },
];

function SectionHeading({ id, eyebrow, title, intro }: { id: string; eyebrow: string; title: string; intro: string }) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="text-sm font-semibold uppercase tracking-wider text-amber-300">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-2xl font-bold tracking-tight text-slate-100 sm:text-3xl">
        {title}
      </h2>
      <p className="mt-3 text-slate-300">{intro}</p>
    </div>
  );
}

export default function HowItWorksPage() {
  const { hash } = useLocation();

  // The page is lazy-loaded, so a link such as /how-it-works#faq can arrive before the section exists.
  useEffect(() => {
    if (!hash) return;
    const frame = window.requestAnimationFrame(() =>
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' }),
    );
    return () => window.cancelAnimationFrame(frame);
  }, [hash]);

  return (
    <div className="overflow-x-clip">
      {/* Hero */}
      <section aria-labelledby="hiw-title" className="relative border-b border-slate-800">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,rgba(16,185,129,0.16),transparent_60%)]"
        />
        <div className="relative mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-24">
          <Badge tone="green">How It Works</Badge>
          <h1 id="hiw-title" className="mt-4 text-3xl font-bold tracking-tight text-slate-100 sm:text-5xl">
            Create, enter, vote and <span className="text-emerald-400">win</span>
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-base text-slate-300 sm:text-lg">
            ContestHub brings Nigeria&apos;s creative community together. Run a contest for photographers, musicians, writers or designers,
            enter your best work and let the community vote, with prizes held safely in escrow and paid in naira.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <ButtonLink to={paths.create()} size="lg">
              <CirclePlus className="h-5 w-5" aria-hidden /> Create a Contest
            </ButtonLink>
            <ButtonLink to={paths.contests()} size="lg" variant="outline">
              Browse Contests <ArrowRight className="h-5 w-5" aria-hidden />
            </ButtonLink>
          </div>
        </div>
      </section>

      {/* Steps */}
      <section aria-labelledby="steps-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
        <SectionHeading
          id="steps-title"
          eyebrow="Four simple steps"
          title="From idea to prize"
          intro="Whether you are organising or competing, every contest follows the same clear path."
        />
        <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map(({ icon: Icon, title, body }, i) => (
            <li key={title} className="relative rounded-2xl border border-slate-800 bg-slate-900/60 p-6">
              <div className="flex items-center gap-3">
                <span
                  className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-emerald-500 text-base font-bold text-slate-950"
                  aria-hidden
                >
                  {i + 1}
                </span>
                <Icon className="h-6 w-6 text-emerald-400" aria-hidden />
              </div>
              <h3 className="mt-4 text-lg font-semibold text-slate-100">
                <span className="sr-only">Step {i + 1}: </span>
                {title}
              </h3>
              <p className="mt-2 text-sm leading-6 text-slate-300">{body}</p>
            </li>
          ))}
        </ol>
      </section>

      {/* Contest types */}
      <section aria-labelledby="types-title" className="border-y border-slate-800 bg-slate-900/40">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
          <SectionHeading
            id="types-title"
            eyebrow="Contest types"
            title="Four ways to compete"
            intro="Every contest has a prize type. Pick the one that suits your goals, or browse contests of that type."
          />
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {CONTEST_TYPES.map(({ icon: Icon, title, tag, body, to, accent }) => (
              <li key={title}>
                <Link
                  to={to}
                  className="group flex h-full flex-col rounded-2xl border border-slate-800 bg-slate-950/60 p-6 transition-colors hover:border-emerald-500/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400"
                >
                  <span className={`grid h-12 w-12 place-items-center rounded-xl ${accent}`}>
                    <Icon className="h-6 w-6" aria-hidden />
                  </span>
                  <h3 className="mt-4 text-lg font-semibold text-slate-100">{title}</h3>
                  <p className="mt-1 text-xs font-semibold uppercase tracking-wider text-amber-300">{tag}</p>
                  <p className="mt-3 flex-1 text-sm leading-6 text-slate-300">{body}</p>
                  <span className="mt-5 inline-flex items-center gap-1.5 text-sm font-semibold text-emerald-300 group-hover:text-emerald-200">
                    Browse {title} contests <ArrowRight className="h-4 w-4 transition-transform group-hover:translate-x-0.5" aria-hidden />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {/* Why choose */}
      <section aria-labelledby="why-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
        <SectionHeading
          id="why-title"
          eyebrow="Why ContestHub"
          title="Built for creators, trusted with prizes"
          intro="Everything about ContestHub is designed to keep contests fair, prizes safe and payouts fast."
        />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {WHY_CHOOSE.map(({ icon: Icon, title, body }) => (
            <li key={title} className="flex gap-4 rounded-2xl border border-slate-800 bg-slate-900/60 p-6">
              <span className="grid h-11 w-11 shrink-0 place-items-center rounded-xl bg-emerald-500/15 text-emerald-300">
                <Icon className="h-5 w-5" aria-hidden />
              </span>
              <div className="min-w-0">
                <h3 className="font-semibold text-slate-100">{title}</h3>
                <p className="mt-1.5 text-sm leading-6 break-words text-slate-300">{body}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      {/* FAQ */}
      <section id="faq" aria-labelledby="faq-title" className="border-t border-slate-800 bg-slate-900/40">
        <div className="mx-auto max-w-3xl px-4 py-16 sm:px-6 sm:py-20">
          <SectionHeading
            id="faq-title"
            eyebrow="FAQ"
            title="Frequently asked questions"
            intro="Quick answers to the questions we hear most often."
          />
          <div className="mt-10 space-y-3">
            {FAQS.map(({ q, a }) => (
              <details key={q} className="group rounded-xl border border-slate-800 bg-slate-950/60 open:border-emerald-500/40">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 text-left font-semibold text-slate-100 hover:text-emerald-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400 [&::-webkit-details-marker]:hidden">
                  <span className="min-w-0">{q}</span>
                  <ChevronDown className="h-5 w-5 shrink-0 text-slate-400 transition-transform group-open:rotate-180" aria-hidden />
                </summary>
                <div className="px-5 pb-5 text-sm leading-6 text-slate-300">{a}</div>
              </details>
            ))}
          </div>
        </div>
      </section>

      {/* Closing call to action */}
      <section aria-labelledby="cta-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
        <div className="rounded-3xl border border-emerald-500/30 bg-linear-to-br from-emerald-500/15 via-slate-900 to-amber-500/10 px-6 py-12 text-center sm:px-12">
          <h2 id="cta-title" className="text-2xl font-bold tracking-tight text-slate-100 sm:text-3xl">
            Ready to showcase Nigerian creativity?
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-slate-300">
            Launch your contest for free in a few minutes, or talk to our support team if you have questions before you start.
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <ButtonLink to={paths.create()} size="lg">
              <CirclePlus className="h-5 w-5" aria-hidden /> Create a Contest
            </ButtonLink>
            <ButtonLink to={paths.contact()} size="lg" variant="accent">
              Contact Support
            </ButtonLink>
          </div>
        </div>
      </section>
    </div>
  );
}
