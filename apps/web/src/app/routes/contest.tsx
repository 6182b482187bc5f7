import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, MessageSquarePlus, ShieldAlert, Trophy, Upload } from 'lucide-react';
import {
  CONTEST_ENTRY_ANCHOR_PREFIX,
  countOf,
  ENTERED_STATUSES,
  paths,
  RELOAD_AFTER_SUBMIT_MS,
  type TCastResult,
  type TComment,
  type TEntry,
} from '@contesthub/shared';
import { Button, ButtonLink } from '../../components/ui/button';
import { Spinner } from '../../components/ui/card';
import { SelectField } from '../../components/ui/field';
import { TabPanel, Tabs, useTabIds } from '../../components/ui/tabs';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { likeComment } from '../../features/comments/api/like-comment';
import { patchContestComment, refreshContestComments, useContestComments } from '../../features/comments/api/get-contest-comments';
import { CommentsTab } from '../../features/comments/components/CommentsTab';
import { refreshContests } from '../../features/contests/api/keys';
import { useContest } from '../../features/contests/api/get-contest';
import { ContestHeader } from '../../features/contests/components/ContestHeader';
import { patchContestEntry, useContestEntries, type ContestEntrySort } from '../../features/entries/api/get-contest-entries';
import { refreshLeaderboard } from '../../features/entries/api/get-leaderboard';
import { refreshContestEntries } from '../../features/entries/api/keys';
import { likeEntry } from '../../features/entries/api/like-entry';
import { ContestEntryCard } from '../../features/entries/components/ContestEntryCard';
import { LeaderboardTab } from '../../features/entries/components/LeaderboardTab';
import { useMyEntriesIn } from '../../features/entries/api/get-my-entries';
import { refreshVoteStats, useVoteStats } from '../../features/votes/api/get-vote-stats';
import { votesLeftText } from '../../features/votes/lib/vote-math';
import { lazyComponent, preloadWhenIdle } from '../../lib/lazy';

// The dialogs open on a click: their code (and the form schemas it brings) loads after the page.
const ShareDialog = lazyComponent(() => import('../../components/share/ShareDialog').then((m) => m.ShareDialog));
const CommentDialog = lazyComponent(() => import('../../features/comments/components/CommentDialog').then((m) => m.CommentDialog));
const ReportDialog = lazyComponent(() => import('../../features/contests/components/ReportDialog').then((m) => m.ReportDialog));
const SubmitEntryDialog = lazyComponent(() =>
  import('../../features/entries/components/SubmitEntryDialog').then((m) => m.SubmitEntryDialog),
);
const VoteDialog = lazyComponent(() => import('../../features/votes/components/VoteDialog').then((m) => m.VoteDialog));

type Tab = 'entries' | 'leaderboard' | 'comments';
type Modal =
  | { kind: 'submit' }
  | { kind: 'comment' }
  | { kind: 'vote'; entry: TEntry }
  | { kind: 'share'; entry: TEntry }
  | { kind: 'report-entry'; entry: TEntry }
  | { kind: 'report-comment'; comment: TComment };

const SORTS: Array<{ value: ContestEntrySort; label: string }> = [
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'votes', label: 'Most votes' },
  { value: 'title', label: 'Title A-Z' },
];

export const LOGIN_REQUIRED = {
  likeComments: 'Please log in to like comments.',
  vote: 'Please log in to vote for entries.',
  comment: 'Please log in to comment.',
  likeEntries: 'Please log in to like entries.',
  submit: 'Please log in to submit an entry.',
} as const;

/** The contest page (spec 000 §2 Contest detail). */
export default function ContestDetailPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const toast = useToast();
  const queryClient = useQueryClient();
  const tabIds = useTabIds();
  const [tab, setTab] = useState<Tab>('entries');
  const [sort, setSort] = useState<ContestEntrySort>('newest');
  const [modal, setModal] = useState<Modal | null>(null);
  const [restricted, setRestricted] = useState<string | null>(null);
  useEffect(() => preloadWhenIdle(VoteDialog, ShareDialog, ...(user ? [CommentDialog, SubmitEntryDialog, ReportDialog] : [])), [user]);

  const contestQuery = useContest(id);
  const contest = contestQuery.data;
  // Asked for beside the contest, not after it: the entries are most of the first screen.
  const entriesQuery = useContestEntries(id, sort, !!id);
  const commentsQuery = useContestComments(id, !!contest);
  // Has the user entered this one-entry contest already? Then they see their entry, not the form.
  const oneEntry = !!contest && contest.isAcceptingEntries && !contest.settings.allowMultipleEntries;
  const myEntriesQuery = useMyEntriesIn(id, !!user && oneEntry);
  const myEntry = oneEntry
    ? myEntriesQuery.data?.entries.find((e) => (ENTERED_STATUSES as readonly string[]).includes(e.status))
    : undefined;
  // What the voter has left (and which entries they voted for), for the entry cards.
  const voteStats = useVoteStats(id, !!user && !!contest?.isVotingActive);
  const myVotes = voteStats.data?.me;

  const notFound = contestQuery.error instanceof ApiError && (contestQuery.error.status === 404 || contestQuery.error.status === 400);
  const loadFailed = contestQuery.isError && !notFound;
  useEffect(() => {
    if (loadFailed) toast.error('Error', 'Failed to load contest data. Please try again.');
  }, [loadFailed, toast]);

  // Reload the page's data a second after a submission or comment (spec 000 §2).
  const reloadTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(reloadTimer.current), []);
  const reloadSoon = useCallback(() => {
    window.clearTimeout(reloadTimer.current);
    reloadTimer.current = window.setTimeout(() => {
      void refreshContests(queryClient);
      void refreshContestEntries(queryClient, id);
      void refreshContestComments(queryClient, id);
      void refreshVoteStats(queryClient, id);
    }, RELOAD_AFTER_SUBMIT_MS);
  }, [queryClient, id]);

  const patchEntry = useCallback(
    (entryId: string, patch: (e: TEntry) => TEntry) => patchContestEntry(queryClient, id, entryId, patch),
    [queryClient, id],
  );

  const entries = useMemo(() => entriesQuery.data?.pages.flatMap((p) => p.entries) ?? [], [entriesQuery.data]);

  // A shared or "View Entry" link (paths.contestEntry) scrolls to that entry once it is on the page.
  const location = useLocation();
  const navigate = useNavigate();
  const { hash } = location;
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (!hash.startsWith(`#${CONTEST_ENTRY_ANCHOR_PREFIX}`) || scrolledTo.current === hash) return;
    if (!entries.some((e) => `#${CONTEST_ENTRY_ANCHOR_PREFIX}${e._id}` === hash)) return;
    scrolledTo.current = hash;
    document.getElementById(hash.slice(1))?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
  }, [hash, entries]);
  const entriesTotal = entriesQuery.data?.pages[0]?.pagination.total ?? contest?.stats.totalEntries ?? 0;
  const comments = useMemo(() => commentsQuery.data?.pages.flatMap((p) => p.comments) ?? [], [commentsQuery.data]);
  const commentsTotal = commentsQuery.data?.pages[0]?.pagination.total ?? 0;

  if (contestQuery.isPending) return <Spinner label="Loading contest..." />;
  if (notFound || !contest) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
        <Trophy className="h-12 w-12 text-slate-600" aria-hidden />
        {loadFailed ? (
          <>
            <h1 className="text-2xl font-bold">Failed to load contest data. Please try again.</h1>
            <Button onClick={() => void contestQuery.refetch()}>Try Again</Button>
          </>
        ) : (
          <>
            <h1 className="text-2xl font-bold">Contest Not Found</h1>
            <p className="text-slate-400">The contest you&apos;re looking for doesn&apos;t exist or has been removed.</p>
          </>
        )}
        <ButtonLink to={paths.contests()} variant="outline">
          Browse Contests
        </ButtonLink>
      </div>
    );
  }

  const isOrganizer = !!user && user._id === contest.organizer._id;
  // Log in (or register) and come back here: the login page returns to `from`.
  const loginRequired = (text: string) =>
    toast.toast({
      type: 'warning',
      title: 'Login Required',
      message: text,
      action: { label: 'Log in', onClick: () => void navigate(paths.login(), { state: { from: location } }) },
    });
  const canSubmit = contest.isAcceptingEntries && !isOrganizer && !restricted && !myEntry;
  const canComment = contest.isVotingActive && contest.settings.allowComments;

  const openSubmit = () => (user ? setModal({ kind: 'submit' }) : loginRequired(LOGIN_REQUIRED.submit));
  const openComment = () => (user ? setModal({ kind: 'comment' }) : loginRequired(LOGIN_REQUIRED.comment));

  const onVoted = (entryId: string, result: TCastResult) => {
    // The server's counters, not a local +1: a paid vote of 3 adds 15 to the weighted count.
    patchEntry(entryId, (e) => ({ ...e, votesCount: result.entry.votesCount, weightedVotes: result.entry.weightedVotes }));
    void refreshLeaderboard(queryClient, id);
    void refreshContests(queryClient);
  };

  const toggleEntryLike = async (entry: TEntry): Promise<boolean> => {
    if (!user) {
      loginRequired(LOGIN_REQUIRED.likeEntries);
      return false;
    }
    try {
      const result = await likeEntry({ entryId: entry._id, like: !entry.likedByMe });
      patchEntry(entry._id, (e) => ({ ...e, likesCount: result.likesCount, likedByMe: result.action === 'liked' }));
      toast.success(result.action === 'liked' ? 'Entry liked!' : 'Entry unliked!');
      return true;
    } catch {
      toast.error('Error', 'Failed to like entry. Please try again.');
      return false;
    }
  };

  const toggleCommentLike = async (comment: TComment): Promise<boolean> => {
    if (!user) {
      loginRequired(LOGIN_REQUIRED.likeComments);
      return false;
    }
    try {
      const result = await likeComment({ commentId: comment._id, like: !comment.likedByMe });
      const liked = result.action === 'liked';
      patchContestComment(queryClient, id, comment._id, (c) => ({
        ...c,
        likedByMe: liked,
        likes: result.likesCount,
        stats: { ...c.stats, likes: result.likesCount },
      }));
      toast.success(liked ? 'Comment liked!' : 'Comment unliked!');
      return true;
    } catch {
      toast.error('Error', 'Failed to like comment. Please try again.');
      return false;
    }
  };

  const actions = (
    <>
      {canSubmit && (
        <Button onClick={openSubmit} icon={<Upload className="h-4 w-4" aria-hidden />}>
          Submit Entry
        </Button>
      )}
      {canComment && (
        <Button variant="secondary" onClick={openComment} icon={<MessageSquarePlus className="h-4 w-4" aria-hidden />}>
          Add Comment
        </Button>
      )}
    </>
  );

  const notice = (
    <>
      {restricted && (
        <div role="alert" className="flex gap-3 rounded-xl border border-red-500/40 bg-red-500/10 p-4 text-sm">
          <ShieldAlert className="h-5 w-5 shrink-0 text-red-300" aria-hidden />
          <div>
            <p className="font-semibold text-red-200">Participation Restricted</p>
            <p className="text-red-100/90">You don&apos;t meet the eligibility requirements for this contest.</p>
            <p className="mt-1 text-xs text-red-200/70">{restricted}</p>
          </div>
        </div>
      )}
      {!user && (contest.isAcceptingEntries || contest.isVotingActive) && (
        <p className="rounded-xl border border-slate-800 bg-slate-900/60 p-4 text-sm text-slate-300">
          <Link to={paths.login()} state={{ from: location }} className="font-semibold text-emerald-300 hover:text-emerald-200">
            Log in
          </Link>{' '}
          to {contest.isAcceptingEntries ? 'submit an entry' : 'vote, like and comment'}.
        </p>
      )}
      {myEntry && (
        <div role="status" className="flex gap-3 rounded-xl border border-emerald-500/30 bg-emerald-500/10 p-4 text-sm">
          <CircleCheck className="h-5 w-5 shrink-0 text-emerald-300" aria-hidden />
          <div>
            <p className="font-semibold text-emerald-200">You have entered this contest</p>
            <p className="text-slate-300">
              This contest takes one entry per person. Your entry &ldquo;{myEntry.title}&rdquo; is{' '}
              {myEntry.status === 'pending' ? 'awaiting approval' : myEntry.status}.
            </p>
            <Link
              to={paths.contestEntry(contest._id, myEntry._id)}
              className="mt-1 inline-block font-semibold text-emerald-300 hover:text-emerald-200"
            >
              View your entry
            </Link>
          </div>
        </div>
      )}
      {isOrganizer && contest.isAcceptingEntries && (
        <p className="rounded-xl border border-slate-800 bg-slate-900/60 p-4 text-sm text-slate-300">
          You are the organizer of this contest, so you cannot submit an entry to it.
        </p>
      )}
    </>
  );

  const shareUrl = (entry: TEntry) => `${window.location.origin}${paths.contestEntry(contest._id, entry._id)}`;

  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-8">
      <ContestHeader contest={contest} actions={actions} notice={notice} />

      <section className="space-y-4">
        <Tabs
          label="Contest sections"
          ids={tabIds}
          value={tab}
          onChange={setTab}
          tabs={[
            { id: 'entries', label: `Entries (${entriesTotal})` },
            { id: 'leaderboard', label: 'Leaderboard' },
            { id: 'comments', label: `Comments (${commentsTotal})` },
          ]}
        />

        <TabPanel id="entries" ids={tabIds} active={tab === 'entries'} className="space-y-4">
          <div className="flex justify-end">
            <div className="w-48">
              <SelectField label="Sort entries" value={sort} onChange={(e) => setSort(e.target.value as ContestEntrySort)}>
                {SORTS.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </SelectField>
            </div>
          </div>
          {entriesQuery.isPending ? (
            <Spinner label="Loading entries..." />
          ) : entriesQuery.isError ? (
            <p className="py-10 text-center text-slate-400">Failed to load entries. Please try again.</p>
          ) : entries.length === 0 ? (
            <p className="py-14 text-center text-slate-400">No entries yet - Be the first to submit an entry!</p>
          ) : (
            <>
              <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3" aria-label="Entries">
                {entries.map((entry) => {
                  const isMine = !!user && entry.participant._id === user._id;
                  const canVote = contest.isVotingActive && entry.status === 'approved' && !isMine;
                  const votedHere = myVotes?.votedEntries.find((v) => v.entryId === entry._id)?.votes ?? 0;
                  const left = myVotes ? votesLeftText(myVotes.remaining, contest.votingType) : null;
                  return (
                    <li key={entry._id}>
                      <ContestEntryCard
                        entry={entry}
                        actions={{
                          isMine,
                          canVote,
                          myVotes:
                            canVote && myVotes
                              ? [votedHere > 0 ? `You voted${votedHere > 1 ? ` (${countOf(votedHere, 'vote')})` : ''}` : null, left]
                                  .filter(Boolean)
                                  .join(' · ')
                              : undefined,
                          onVote: () => (user ? setModal({ kind: 'vote', entry }) : loginRequired(LOGIN_REQUIRED.vote)),
                          onLike: () => toggleEntryLike(entry),
                          onShare: () => setModal({ kind: 'share', entry }),
                          onReport: user && !isMine ? () => setModal({ kind: 'report-entry', entry }) : undefined,
                        }}
                      />
                    </li>
                  );
                })}
              </ul>
              {entriesQuery.hasNextPage && (
                <div className="flex justify-center">
                  <Button variant="outline" loading={entriesQuery.isFetchingNextPage} onClick={() => void entriesQuery.fetchNextPage()}>
                    Load more entries
                  </Button>
                </div>
              )}
            </>
          )}
        </TabPanel>

        <TabPanel id="leaderboard" ids={tabIds} active={tab === 'leaderboard'}>
          <LeaderboardTab
            contestId={contest._id}
            userId={user?._id}
            onSelect={(entryId) => {
              setTab('entries');
              window.setTimeout(
                () => document.getElementById(`${CONTEST_ENTRY_ANCHOR_PREFIX}${entryId}`)?.scrollIntoView?.({ behavior: 'smooth' }),
                0,
              );
            }}
          />
        </TabPanel>

        <TabPanel id="comments" ids={tabIds} active={tab === 'comments'}>
          <CommentsTab
            comments={comments}
            loading={commentsQuery.isPending}
            failed={commentsQuery.isError}
            hasMore={!!commentsQuery.hasNextPage}
            loadingMore={commentsQuery.isFetchingNextPage}
            onLoadMore={() => void commentsQuery.fetchNextPage()}
            onLike={toggleCommentLike}
            onReport={user ? (comment) => setModal({ kind: 'report-comment', comment }) : undefined}
          />
        </TabPanel>
      </section>

      <Suspense fallback={null}>
        {modal?.kind === 'submit' && (
          <SubmitEntryDialog contest={contest} onClose={() => setModal(null)} onSubmitted={reloadSoon} onRestricted={setRestricted} />
        )}
        {modal?.kind === 'comment' && <CommentDialog contest={contest} onClose={() => setModal(null)} onPosted={reloadSoon} />}
        {modal?.kind === 'vote' && (
          <VoteDialog
            contest={contest}
            entry={modal.entry}
            onClose={() => setModal(null)}
            onVoted={(result) => onVoted(modal.entry._id, result)}
          />
        )}
        {modal?.kind === 'share' && (
          <ShareDialog
            open
            onClose={() => setModal(null)}
            title="Share Entry"
            subject={modal.entry.title}
            text={`Check out "${modal.entry.title}" by ${modal.entry.participant.fullName} in ${contest.title} on ContestHub`}
            url={shareUrl(modal.entry)}
          />
        )}
        {modal?.kind === 'report-entry' && (
          <ReportDialog
            target={{ kind: 'entry', contestId: contest._id, entryId: modal.entry._id }}
            subject={modal.entry.title}
            onClose={() => setModal(null)}
          />
        )}
        {modal?.kind === 'report-comment' && (
          <ReportDialog
            target={{ kind: 'comment', contestId: contest._id, commentId: modal.comment._id }}
            subject={modal.comment.content.slice(0, 80)}
            onClose={() => setModal(null)}
          />
        )}
      </Suspense>
    </div>
  );
}
