import { useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  Award,
  BadgeCheck,
  Ban,
  Calendar,
  CirclePlay,
  Clock,
  FilePen,
  FileText,
  Flag,
  Heart,
  House,
  Lock,
  Mail,
  MapPin,
  MessageSquare,
  Phone,
  Settings,
  Trophy,
  UserRound,
  UserX,
  Vote,
  type LucideIcon,
} from 'lucide-react';
import {
  countOf,
  formatDate,
  formatNumber,
  formatRelativeTime,
  formatVoteCount,
  nounFor,
  paths,
  type TPublicProfile,
  type TUserContest,
} from '@contesthub/shared';
import { useAuth } from '../../lib/auth';
import { useToast } from '../../components/ui/toast';
import { UserAvatar } from '../../components/ui/user-avatar';
import { CARD_SIZES, imageSetProps, ResponsiveImage } from '../../components/ui/responsive-image';
import { Button, ButtonLink } from '../../components/ui/button';
import { Badge, Card, Skeleton } from '../../components/ui/card';
import { ApiError } from '../../lib/api';
import { TabPanel, Tabs, useTabIds } from '../../components/ui/tabs';
import { usePublicProfile } from '../../features/users/api/get-public-profile';
import { useUserContests } from '../../features/users/api/get-user-contests';
import { useUserEntries } from '../../features/users/api/get-user-entries';
import {
  ACTIVITY_OPTIONS,
  NOTIFICATION_OPTIONS,
  PRIVACY_OPTIONS,
  VISIBILITY_LABELS,
  withDefaults,
} from '../../features/users/lib/preferences';

type TabId = 'overview' | 'contests' | 'entries' | 'preferences';
const TABS: ReadonlyArray<{ id: TabId; label: string; icon: LucideIcon }> = [
  { id: 'overview', label: 'Overview', icon: UserRound },
  { id: 'contests', label: 'Contests', icon: Trophy },
  { id: 'entries', label: 'Entries', icon: FileText },
  { id: 'preferences', label: 'Preferences', icon: Settings },
];

const LOAD_FAILED = 'Failed to load profile. Please try again.';

function PageShell({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold sm:text-3xl">Public Profile</h1>
      {children}
    </div>
  );
}

export default function PublicProfilePage() {
  const { userId = '' } = useParams();
  const profile = usePublicProfile(userId);
  const toast = useToast();
  const toasted = useRef<unknown>(null);
  const notFound = profile.error instanceof ApiError && profile.error.status === 404;

  useEffect(() => {
    if (profile.error && !notFound && toasted.current !== profile.error) {
      toasted.current = profile.error;
      toast.error('Error', LOAD_FAILED);
    }
  }, [profile.error, notFound, toast]);

  if (profile.isPending) {
    return (
      <PageShell>
        <div role="status" aria-label="Loading profile">
          <Card className="flex flex-col gap-4 sm:flex-row sm:items-center">
            <Skeleton className="h-20 w-20 rounded-full" />
            <div className="flex-1 space-y-3">
              <Skeleton className="h-6 w-48" />
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-4 w-full max-w-md" />
            </div>
          </Card>
          <div className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-24 rounded-2xl" />
            ))}
          </div>
        </div>
      </PageShell>
    );
  }

  if (notFound) {
    return (
      <PageShell>
        <Card className="py-12 text-center">
          <UserX className="mx-auto h-12 w-12 text-slate-400" aria-hidden />
          <h2 className="mt-4 text-xl font-semibold">Profile not found</h2>
          <p className="mt-2 text-slate-400">This member does not exist or is no longer available.</p>
          <ButtonLink to={paths.home()} className="mt-6" variant="primary">
            <House className="h-4 w-4" aria-hidden />
            Go Home
          </ButtonLink>
        </Card>
      </PageShell>
    );
  }

  if (profile.isError) {
    return (
      <PageShell>
        <Card className="py-12 text-center" role="alert">
          <p className="text-slate-300">{LOAD_FAILED}</p>
          <Button className="mt-6" variant="outline" onClick={() => void profile.refetch()} loading={profile.isFetching}>
            Try Again
          </Button>
        </Card>
      </PageShell>
    );
  }

  return (
    <PageShell>
      <ProfileView profile={profile.data} />
    </PageShell>
  );
}

function MessageControl({ profile }: { profile: TPublicProfile }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  if (!user) {
    return (
      <ButtonLink to={paths.login()} variant="outline" state={{ from: { pathname: paths.profile(profile._id) } }}>
        <MessageSquare className="h-4 w-4" aria-hidden />
        Login to Message
      </ButtonLink>
    );
  }
  if (user._id === profile._id) {
    return <Badge tone="green">This is your profile</Badge>;
  }
  return (
    <Button
      icon={<MessageSquare className="h-4 w-4" aria-hidden />}
      onClick={() =>
        navigate(paths.dashboard.messages(), {
          state: {
            selectedUser: {
              _id: profile._id,
              fullName: profile.fullName,
              username: profile.username,
              profilePicture: profile.profilePicture,
            },
          },
        })
      }
    >
      Message
    </Button>
  );
}

function ProfileView({ profile }: { profile: TPublicProfile }) {
  const { user } = useAuth();
  const isOwner = user?._id === profile._id;
  const ids = useTabIds();
  const [tab, setTab] = useState<TabId>('overview');
  // Each list loads the first time its tab is opened, then stays.
  const [opened, setOpened] = useState<Set<TabId>>(() => new Set(['overview']));
  const select = (id: TabId) => {
    setTab(id);
    setOpened((prev) => (prev.has(id) ? prev : new Set(prev).add(id)));
  };
  const prefs = withDefaults(profile.preferences);
  const showContests = isOwner || prefs.showContestActivity;
  const showEntries = isOwner || prefs.showEntryActivity;
  const contests = useUserContests(profile._id, opened.has('contests') && showContests && !profile.isPrivate);
  const entries = useUserEntries(profile._id, opened.has('entries') && showEntries && !profile.isPrivate);

  const header = (
    <Card className="flex flex-col gap-5 sm:flex-row sm:items-start">
      <div className="shrink-0">
        <UserAvatar name={profile.fullName} src={profile.profilePicture} size="lg" />
      </div>
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="break-words text-xl font-bold sm:text-2xl">{profile.fullName}</h2>
          {profile.verified && (
            <span className="inline-flex items-center text-emerald-400" title="Verified">
              <BadgeCheck className="h-5 w-5" aria-hidden />
              <span className="sr-only">Verified</span>
            </span>
          )}
        </div>
        <p className="break-all text-sm text-slate-400">@{profile.username}</p>
        {!profile.isPrivate && (
          <>
            {profile.bio && <p className="whitespace-pre-line break-words text-slate-300">{profile.bio}</p>}
            <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-300">
              <li>
                <span className="font-semibold text-slate-100">{formatNumber(profile.contestsCreated)}</span> contests created
              </li>
              <li>
                <span className="font-semibold text-slate-100">{formatNumber(profile.entriesSubmitted)}</span> entries submitted
              </li>
              <li className="inline-flex items-center gap-1.5 text-slate-400">
                <Calendar className="h-4 w-4" aria-hidden />
                Joined {formatDate(profile.createdAt)}
              </li>
            </ul>
            {profile.badges.length > 0 && (
              <ul className="flex flex-wrap gap-2" aria-label="Badges">
                {profile.badges.map((b, i) => (
                  <li key={`${b.title}-${i}`}>
                    <Badge tone="amber">
                      <Award className="h-3.5 w-3.5" aria-hidden />
                      {b.title}
                    </Badge>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
      <div className="shrink-0">
        <MessageControl profile={profile} />
      </div>
    </Card>
  );

  if (profile.isPrivate) {
    return (
      <>
        {header}
        <Card className="py-10 text-center">
          <Lock className="mx-auto h-10 w-10 text-slate-400" aria-hidden />
          <p className="mt-3 font-semibold">This profile is private</p>
          {isOwner && (
            <ButtonLink to={paths.dashboard.profile({ tab: 'preferences' })} variant="outline" className="mt-5">
              Edit preferences
            </ButtonLink>
          )}
        </Card>
      </>
    );
  }

  return (
    <>
      {header}
      <Tabs tabs={TABS} value={tab} onChange={select} ids={ids} label="Profile sections" />
      <TabPanel id="overview" ids={ids} active={tab === 'overview'}>
        <Overview profile={profile} />
      </TabPanel>
      <TabPanel id="contests" ids={ids} active={tab === 'contests'}>
        {!showContests ? (
          <Hidden text="This member keeps their contest activity private." />
        ) : contests.isPending ? (
          <GridSkeleton />
        ) : contests.isError ? (
          <ListError text="Failed to load contests." onRetry={() => void contests.refetch()} />
        ) : contests.data.contests.length === 0 ? (
          <Empty icon={Trophy} title="No contests created" />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {contests.data.contests.map((c) => (
              <li key={c._id}>
                <ContestCard contest={c} />
              </li>
            ))}
          </ul>
        )}
      </TabPanel>
      <TabPanel id="entries" ids={ids} active={tab === 'entries'}>
        {!showEntries ? (
          <Hidden text="This member keeps their entry activity private." />
        ) : entries.isPending ? (
          <GridSkeleton />
        ) : entries.isError ? (
          <ListError text="Failed to load entries." onRetry={() => void entries.refetch()} />
        ) : entries.data.entries.length === 0 ? (
          <Empty icon={FileText} title="No entries submitted" text="This user hasn't submitted any entries yet." />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2">
            {entries.data.entries.map((e) => (
              <li key={e._id}>
                <Link
                  to={paths.contest(e.contest._id)}
                  className="block h-full rounded-2xl border border-slate-800 bg-slate-900/60 p-5 transition-colors hover:border-emerald-600 focus-visible:outline-2 focus-visible:outline-emerald-400"
                >
                  <h3 className="break-words font-semibold">{e.title}</h3>
                  {e.description && <p className="mt-1 line-clamp-2 break-words text-sm text-slate-400">{e.description}</p>}
                  <p className="mt-3 truncate text-xs text-slate-400">
                    In <span className="text-slate-200">{e.contest.title}</span>
                  </p>
                  <p className="mt-2 inline-flex items-center gap-1.5 text-sm text-amber-300">
                    <Heart className="h-4 w-4" aria-hidden />
                    {formatVoteCount(e.totalVotes)} {nounFor(e.totalVotes, 'vote')}
                  </p>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </TabPanel>
      <TabPanel id="preferences" ids={ids} active={tab === 'preferences'}>
        <PreferencesView profile={profile} isOwner={isOwner} />
      </TabPanel>
    </>
  );
}

function Overview({ profile }: { profile: TPublicProfile }) {
  const location = [profile.location?.city, profile.location?.state].filter(Boolean).join(', ');
  const tiles: Array<{ label: string; value: number; icon: LucideIcon; tone: string }> = [
    { label: 'Contests Created', value: profile.contestsCreated, icon: Trophy, tone: 'text-emerald-300' },
    { label: 'Entries Submitted', value: profile.entriesSubmitted, icon: FileText, tone: 'text-sky-300' },
    { label: 'Contests Won', value: profile.contestsWon, icon: Award, tone: 'text-amber-300' },
    { label: 'Badges Earned', value: profile.badges.length, icon: BadgeCheck, tone: 'text-violet-300' },
  ];
  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <h3 className="font-semibold">About</h3>
          <p className="mt-2 whitespace-pre-line break-words text-sm text-slate-300">{profile.bio || 'No bio yet.'}</p>
          {(profile.email || profile.phone || location) && (
            <ul className="mt-4 space-y-2 text-sm text-slate-300">
              {profile.email && (
                <li className="flex min-w-0 items-center gap-2">
                  <Mail className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
                  <span className="sr-only">Email:</span>
                  <a href={`mailto:${profile.email}`} className="break-all hover:text-emerald-300">
                    {profile.email}
                  </a>
                </li>
              )}
              {profile.phone && (
                <li className="flex items-center gap-2">
                  <Phone className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
                  <span className="sr-only">Phone:</span>
                  <a href={`tel:${profile.phone}`} className="hover:text-emerald-300">
                    {profile.phone}
                  </a>
                </li>
              )}
              {location && (
                <li className="flex items-center gap-2">
                  <MapPin className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
                  <span className="sr-only">Location:</span>
                  {location}
                </li>
              )}
            </ul>
          )}
        </Card>
        <Card>
          <h3 className="font-semibold">Recent Activity</h3>
          <ul className="mt-3 space-y-3 text-sm">
            <li className="flex items-center gap-3">
              <Calendar className="h-4 w-4 text-emerald-300" aria-hidden />
              <span>
                Joined <span className="text-slate-400">{formatDate(profile.createdAt)}</span>
              </span>
            </li>
            {profile.lastActive && (
              <li className="flex items-center gap-3">
                <Clock className="h-4 w-4 text-amber-300" aria-hidden />
                <span>
                  Last active <span className="text-slate-400">{formatRelativeTime(profile.lastActive)}</span>
                </span>
              </li>
            )}
          </ul>
        </Card>
      </div>
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {tiles.map(({ label, value, icon: Icon, tone }) => (
          <li key={label} className="rounded-2xl border border-slate-800 bg-slate-900/60 p-4">
            <Icon className={`h-5 w-5 ${tone}`} aria-hidden />
            <p className="mt-2 text-2xl font-bold">{formatNumber(value)}</p>
            <p className="text-xs text-slate-400">{label}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

type Tone = ComponentProps<typeof Badge>['tone'];
const STATUS: Record<string, { label: string; icon: LucideIcon; tone: Tone }> = {
  active: { label: 'Active', icon: CirclePlay, tone: 'green' },
  voting: { label: 'Voting', icon: Vote, tone: 'amber' },
  ended: { label: 'Ended', icon: Flag, tone: 'neutral' },
  draft: { label: 'Draft', icon: FilePen, tone: 'sky' },
  cancelled: { label: 'Cancelled', icon: Ban, tone: 'red' },
};

function ContestCard({ contest }: { contest: TUserContest }) {
  const status = STATUS[contest.status] ?? { label: contest.status, icon: Clock, tone: 'neutral' as Tone };
  const Icon = status.icon;
  return (
    <Link
      to={paths.contest(contest._id)}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60 transition-colors hover:border-emerald-600 focus-visible:outline-2 focus-visible:outline-emerald-400"
    >
      {contest.coverImage ? (
        <ResponsiveImage
          {...imageSetProps(contest.coverImage, contest.coverImageSet)}
          sizes={CARD_SIZES}
          alt=""
          className="aspect-video w-full object-cover"
        />
      ) : (
        <div className="grid aspect-video w-full place-items-center bg-gradient-to-br from-emerald-900/40 to-slate-900">
          <Trophy className="h-10 w-10 text-emerald-400/60" aria-hidden />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h3 className="line-clamp-2 break-words font-semibold">{contest.title}</h3>
        <div className="mt-auto flex items-center justify-between gap-2 text-sm">
          <Badge tone={status.tone}>
            <Icon className="h-3.5 w-3.5" aria-hidden />
            {status.label}
          </Badge>
          <span className="text-slate-400">{countOf(contest.entriesCount, 'entry')}</span>
        </div>
      </div>
    </Link>
  );
}

function PreferencesView({ profile, isOwner }: { profile: TPublicProfile; isOwner: boolean }) {
  const prefs = withDefaults(profile.preferences);
  const Row = ({ label, on }: { label: string; on: boolean }) => (
    <div className="flex items-center justify-between gap-3 py-2.5">
      <dt className="text-sm text-slate-300">{label}</dt>
      <dd>
        <Badge tone={on ? 'green' : 'neutral'}>{on ? 'On' : 'Off'}</Badge>
      </dd>
    </div>
  );
  return (
    <Card className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="font-semibold">Preferences</h3>
        {isOwner && (
          <ButtonLink to={paths.dashboard.profile({ tab: 'preferences' })} variant="outline" size="sm">
            <Settings className="h-4 w-4" aria-hidden />
            Edit preferences
          </ButtonLink>
        )}
      </div>
      <div className="grid gap-6 md:grid-cols-3">
        <section aria-labelledby="pref-privacy">
          <h4 id="pref-privacy" className="text-xs font-semibold uppercase tracking-wide text-slate-400">
            Privacy
          </h4>
          <dl className="mt-2 divide-y divide-slate-800">
            <div className="flex items-center justify-between gap-3 py-2.5">
              <dt className="text-sm text-slate-300">Profile Visibility</dt>
              <dd>
                <Badge tone="sky">{VISIBILITY_LABELS[prefs.profileVisibility]}</Badge>
              </dd>
            </div>
            {PRIVACY_OPTIONS.map((o) => (
              <Row key={o.key} label={o.label} on={prefs[o.key]} />
            ))}
          </dl>
        </section>
        <section aria-labelledby="pref-activity">
          <h4 id="pref-activity" className="text-xs font-semibold uppercase tracking-wide text-slate-400">
            Activity
          </h4>
          <dl className="mt-2 divide-y divide-slate-800">
            {ACTIVITY_OPTIONS.map((o) => (
              <Row key={o.key} label={o.label} on={prefs[o.key]} />
            ))}
          </dl>
        </section>
        <section aria-labelledby="pref-notifications">
          <h4 id="pref-notifications" className="text-xs font-semibold uppercase tracking-wide text-slate-400">
            Notifications
          </h4>
          <dl className="mt-2 divide-y divide-slate-800">
            {NOTIFICATION_OPTIONS.filter((o) => o.key !== 'email' && o.key !== 'push').map((o) => (
              <Row key={o.key} label={o.label} on={prefs.notifications[o.key]} />
            ))}
          </dl>
        </section>
      </div>
    </Card>
  );
}

function GridSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-48 rounded-2xl" />
      ))}
    </div>
  );
}

function Empty({ icon: Icon, title, text }: { icon: LucideIcon; title: string; text?: string }) {
  return (
    <Card className="py-12 text-center">
      <Icon className="mx-auto h-10 w-10 text-slate-400" aria-hidden />
      <p className="mt-3 font-semibold">{title}</p>
      {text && <p className="mt-1 text-sm text-slate-400">{text}</p>}
    </Card>
  );
}

function Hidden({ text }: { text: string }) {
  return (
    <Card className="py-12 text-center">
      <Lock className="mx-auto h-10 w-10 text-slate-400" aria-hidden />
      <p className="mt-3 text-sm text-slate-400">{text}</p>
    </Card>
  );
}

function ListError({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <Card className="py-10 text-center" role="alert">
      <p className="text-slate-300">{text}</p>
      <Button variant="outline" className="mt-4" onClick={onRetry}>
        Try Again
      </Button>
    </Card>
  );
}
