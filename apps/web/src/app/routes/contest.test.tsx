import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  pageOf,
  type TComment,
  type TCommentLikeResult,
  type TCommentPage,
  type TContest,
  type TContestAnswer,
  type TEntry,
  type TEntryList,
  type TLeaderboard,
  type TLeaderboardRow,
  type TSubmitEntryResult,
} from '@contesthub/shared';
import { castResultDto, commentDto, contestDto, contestVoteStatsDto, entryDto, inDays } from '../../test/fixtures';
import { fail, fakeServer, meDto, ok, renderAt } from '../../test/harness';
// Loaded up front so the lazy route resolves at once.
import './contest';

const CID = '11111111-1111-4111-8111-111111111111';
const EID = '22222222-2222-4222-8222-222222222222';

/** A contest with free and paid voting (20 credits a vote, up to 10) and one entry. */
const contest = (over: Partial<TContest> = {}): TContest =>
  contestDto({
    _id: CID,
    entriesCount: 1,
    votingType: 'both',
    votingFeeAmount: 20,
    maxVotesPerUser: 10,
    stats: { totalEntries: 1, totalVotes: 12, totalParticipants: 1, totalVoters: 4 },
    ...over,
  });

const voting = (over: Partial<TContest> = {}) =>
  contest({ status: 'voting', phase: 'voting', isAcceptingEntries: false, isVotingActive: true, ...over });

/** Tunde Bello's approved photo, first with 4 votes (12 weighted), submitted yesterday. */
const entry = (over: Partial<TEntry> = {}): TEntry =>
  entryDto({
    _id: EID,
    title: 'Third Mainland Bridge',
    description: 'Long exposure.',
    media: [{ url: '/media/e1.webp', thumbnailUrl: '/media/e1-t.webp', kind: 'image', mimeType: 'image/webp', size: 1000 }],
    votesCount: 4,
    weightedVotes: 12,
    likesCount: 2,
    commentsCount: 3,
    likedByMe: false,
    contest: { ...entryDto().contest, _id: CID },
    ranking: 1,
    createdAt: inDays(-1),
    submittedAt: inDays(-1),
    ...over,
  });

const entriesPage = (entries: TEntry[]): TEntryList => ({
  entries,
  total: entries.length,
  totalPages: 1,
  pagination: pageOf({ page: 1, limit: 24 }, entries.length),
});
const commentsPage = (comments: TComment[] = []): TCommentPage => ({
  comments,
  pagination: pageOf({ page: 1, limit: 20 }, comments.length),
});
/** Bola's anonymous comment on this contest. */
const anonymousComment = (over: Partial<TComment> = {}): TComment =>
  commentDto({
    author: { fullName: 'Anonymous' },
    settings: { isAnonymous: true },
    contestId: CID,
    contest: { _id: CID, title: 'Lagos at Night' },
    ...over,
  });

configure({ asyncUtilTimeout: 5000 });

let server: ReturnType<typeof fakeServer>;
function serveContest(c: TContest, entries: TEntry[] = [entry()]) {
  server.serve(`GET /contests/${CID}`, ok({ contest: c } satisfies TContestAnswer));
  server.serve(`GET /entries/contest/${CID}`, ok(entriesPage(entries)));
  server.serve(`GET /comments/contest/${CID}`, ok(commentsPage()));
  server.serve(`GET /votes/contest/${CID}/stats`, ok(contestVoteStatsDto({ contestId: CID })));
}
const dialog = () => screen.getByRole('dialog');

beforeEach(() => {
  server = fakeServer();
  server.serve('GET /auth/me', ok(meDto({ profileCompletion: 80, voteCredits: 50 })));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('Contest detail page', { timeout: 20_000 }, () => {
  it('shows the not-found state with a way back to the contests', async () => {
    server.serve(`GET /contests/${CID}`, fail(404, 'NOT_FOUND', 'Contest not found'));
    renderAt(`/contest/${CID}`, { signedIn: false });
    const heading = await screen.findByRole('heading', { name: 'Contest Not Found' });
    expect(screen.getByText("The contest you're looking for doesn't exist or has been removed.")).toBeTruthy();
    expect(within(heading.parentElement!).getByRole('link', { name: 'Browse Contests' }).getAttribute('href')).toBe('/contests');
  });

  it('toasts a load failure that is not a 404', async () => {
    server.serve(`GET /contests/${CID}`, fail(500, 'SERVER_ERROR', 'boom'));
    renderAt(`/contest/${CID}`, { signedIn: false });
    expect(await screen.findByText('Failed to load contest data. Please try again.', { selector: 'p, div, span' })).toBeTruthy();
  });

  it('scrolls to the entry a link points at (#entry-<id>)', async () => {
    const scrolled: string[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id);
    };
    try {
      serveContest(voting());
      renderAt(`/contest/${CID}#entry-${EID}`);
      await waitFor(() => expect(scrolled).toEqual([`entry-${EID}`]));
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('renders the header facts, prize, organizer and timeline', async () => {
    serveContest(contest());
    renderAt(`/contest/${CID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lagos at Night' })).toBeTruthy();
    expect(screen.getByTestId('prize-cash').textContent).toBe('₦50,000');
    expect(screen.getByTestId('phase-line').textContent).toBe('Accepting Entries');
    expect(screen.getByText('Contest Creator')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Kemi Ade/ }).getAttribute('href')).toBe('/profile/u7');
    expect(screen.getByText('Free + Paid Voting')).toBeTruthy();
    expect(screen.getByText('Max 10 votes per user')).toBeTruthy();
    expect(screen.queryByText('Original work only')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'See More Details' }));
    expect(screen.getByText('Original work only')).toBeTruthy();
    expect(screen.getByText('#night')).toBeTruthy();
    // Real comment count on the card, weighted votes.
    expect(await screen.findByText('3 comments')).toBeTruthy();
    expect(screen.getByTestId('entry-votes').textContent).toContain('12 votes');
  });

  it('shows Submit Entry while accepting entries and asks a visitor to log in', async () => {
    serveContest(contest());
    renderAt(`/contest/${CID}`, { signedIn: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Submit Entry' }));
    expect(await screen.findByText('Please log in to submit an entry.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Comment' })).toBeNull();
    // No voting yet: no Vote button on the cards.
    await screen.findByText('Third Mainland Bridge');
    expect(screen.queryByRole('button', { name: 'Vote' })).toBeNull();
  });

  it('hides Submit Entry from the organizer', async () => {
    server.serve('GET /auth/me', ok(meDto({ _id: 'u7', profileCompletion: 90 })));
    serveContest(contest());
    renderAt(`/contest/${CID}`);
    expect(await screen.findByText(/You are the organizer of this contest/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit Entry' })).toBeNull();
  });

  it('shows Add Comment and Vote during voting, and the login texts for a visitor', async () => {
    serveContest(voting());
    renderAt(`/contest/${CID}`, { signedIn: false });
    expect(await screen.findByRole('button', { name: 'Add Comment' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit Entry' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Vote' }));
    expect(await screen.findByText('Please log in to vote for entries.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Like Third Mainland Bridge' }));
    expect(await screen.findByText('Please log in to like entries.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Comment' }));
    expect(await screen.findByText('Please log in to comment.')).toBeTruthy();
  });

  it("offers Log in on 'Login Required', which opens the login page remembering the contest", async () => {
    serveContest(voting());
    const { location } = renderAt(`/contest/${CID}`, { signedIn: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Vote' }));
    const toast = (await screen.findByText('Please log in to vote for entries.')).closest('[data-toast-type]') as HTMLElement;
    fireEvent.click(within(toast).getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(location()).toBe('/login'));
    // A page change ends the warning it answered.
    await waitFor(() => expect(screen.queryByText('Please log in to vote for entries.')).toBeNull());
  });

  it('shows the Participation Restricted notice when the server refuses on contest requirements', async () => {
    serveContest(contest());
    server.serve(
      'POST /entries',
      fail(403, 'FORBIDDEN', 'You do not meet the contest requirements: this contest is open to female entrants only'),
    );
    renderAt(`/contest/${CID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Submit Entry' }));
    await screen.findByRole('dialog'); // the dialog's code loads on first use
    fireEvent.change(within(dialog()).getByLabelText(/Title/), { target: { value: 'My photo' } });
    fireEvent.change(within(dialog()).getByLabelText(/Description/), { target: { value: 'Shot at dusk' } });
    const input = dialog().querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.jpg', { type: 'image/jpeg' })] } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Submit Entry' }));
    expect(await screen.findByText('Contest Requirements')).toBeTruthy();
    expect(await screen.findByText('Participation Restricted')).toBeTruthy();
    expect(screen.getByText("You don't meet the eligibility requirements for this contest.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit Entry' })).toBeNull();
  });
});

describe('Submit-entry modal', { timeout: 20_000 }, () => {
  it('reads Complete Profile Required under 50% and links to the profile', async () => {
    server.serve('GET /auth/me', ok(meDto({ profileCompletion: 33 })));
    serveContest(contest());
    renderAt(`/contest/${CID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Submit Entry' }));
    await screen.findByRole('dialog'); // the dialog's code loads on first use
    const submit = within(dialog()).getByRole('button', { name: 'Complete Profile Required' });
    expect(within(dialog()).getByRole('link', { name: 'Complete your profile' }).getAttribute('href')).toBe('/dashboard/profile');
    fireEvent.click(submit);
    expect(await screen.findByText('Profile Incomplete')).toBeTruthy();
    expect(server.last('POST', '/entries')).toBeUndefined();
  });

  it('validates, accepts only the contest type, removes files and submits multipart', async () => {
    serveContest(contest());
    server.serve(
      'POST /entries',
      ok(
        { entry: entry({ status: 'pending' }), status: 'pending', requiresApproval: true } satisfies TSubmitEntryResult,
        'Your entry has been submitted and is awaiting approval.',
        201,
      ),
    );
    renderAt(`/contest/${CID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Submit Entry' }));
    await screen.findByRole('dialog'); // the dialog's code loads on first use
    expect(within(dialog()).getByTestId('entry-type').textContent).toBe('Photo');
    const input = dialog().querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toContain('image/jpeg');
    expect(input.multiple).toBe(true);

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Submit Entry' }));
    expect(await within(dialog()).findByText('Title is required')).toBeTruthy();
    expect(within(dialog()).getByText('Description is required')).toBeTruthy();
    expect(within(dialog()).getByText('Please upload at least one file')).toBeTruthy();

    fireEvent.change(within(dialog()).getByLabelText(/Title/), { target: { value: 'Bridge' } });
    fireEvent.change(within(dialog()).getByLabelText(/Description/), { target: { value: 'At night' } });
    fireEvent.change(input, {
      target: { files: [new File(['a'], 'a.jpg', { type: 'image/jpeg' }), new File(['b'], 'b.png', { type: 'image/png' })] },
    });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Remove b.png' }));
    expect(within(dialog()).queryByText('b.png')).toBeNull();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Submit Entry' }));

    expect(await screen.findByText('Entry Submitted!')).toBeTruthy();
    expect(screen.getByText('Your entry has been submitted and is awaiting approval.')).toBeTruthy();
    const form = server.last('POST', '/entries')!.body as FormData;
    expect(form.get('contestId')).toBe(CID);
    expect(form.get('entryType')).toBe('photo');
    expect(form.get('settings')).toBe('{"allowSharing":true}');
    expect(form.getAll('files').map((f) => (f as File).name)).toEqual(['a.jpg']);
  });
});

describe('Vote modal', { timeout: 20_000 }, () => {
  it('shows weight and cost, says before sending when credits are short (with Buy credits), then votes with an Idempotency-Key', async () => {
    serveContest(voting());
    server.serve(
      'POST /votes',
      ok(
        castResultDto({
          vote: {
            ...castResultDto().vote,
            entryId: EID,
            contestId: CID,
            voteType: 'paid',
            amount: 2,
            weight: 5,
            weightedTotal: 10,
            creditsSpent: 40,
          },
          entry: { _id: EID, votesCount: 6, weightedVotes: 22 },
          remaining: { freeVotes: 1, totalVotes: 8 },
        }),
        'Vote cast',
        201,
      ),
    );
    renderAt(`/contest/${CID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Vote' }));
    await screen.findByRole('dialog'); // the dialog's code loads on first use
    expect(within(dialog()).getByTestId('vote-weight').textContent).toBe('1x');
    expect(within(dialog()).getByTestId('vote-total-weight').textContent).toBe('1');
    await waitFor(() => expect(within(dialog()).getByTestId('vote-balance').textContent).toBe('50 vote credits'));

    fireEvent.click(within(dialog()).getByRole('radio', { name: /Paid Vote/ }));
    fireEvent.change(within(dialog()).getByLabelText('Number of votes'), { target: { value: '3' } });
    expect(within(dialog()).getByTestId('vote-weight').textContent).toBe('5x');
    expect(within(dialog()).getByTestId('vote-total-weight').textContent).toBe('15');
    expect(within(dialog()).getByTestId('vote-cost').textContent).toBe('60 vote credits');
    expect(within(dialog()).getByText('Not enough vote credits: these votes cost 60 credits and you have 50 credits.')).toBeTruthy();
    expect(within(dialog()).getByRole('button', { name: 'Cast 3 Votes' }).hasAttribute('disabled')).toBe(true);
    expect(within(dialog()).getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe('/dashboard/vote-credits');
    expect(server.last('POST', '/votes')).toBeUndefined();

    fireEvent.change(within(dialog()).getByLabelText('Number of votes'), { target: { value: '11' } });
    expect(within(dialog()).getByText('Paid votes must be between 1 and 10')).toBeTruthy();

    fireEvent.change(within(dialog()).getByLabelText('Number of votes'), { target: { value: '2' } });
    expect(within(dialog()).getByTestId('vote-cost').textContent).toBe('40 vote credits');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cast 2 Votes' }));

    expect(await screen.findByText('Vote Cast!')).toBeTruthy();
    expect(screen.getByText('Your vote has been successfully cast.')).toBeTruthy();
    expect(server.last('POST', '/votes')!.body).toEqual({ entryId: EID, contestId: CID, voteType: 'paid', amount: 2 });
    const call = vi.mocked(fetch).mock.calls.find(([url, init]) => String(url).startsWith('/api/votes') && init?.method === 'POST');
    const key = new Headers(call?.[1]?.headers).get('idempotency-key');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    // The server's weighted total, not a local +1.
    await waitFor(() => expect(screen.getByTestId('entry-votes').textContent).toContain('22 votes'));
  });

  it('reuses the Idempotency-Key when retrying after a lost answer', async () => {
    serveContest(voting({ votingType: 'free' }));
    server.serve(
      'POST /votes',
      fail(503, 'SERVER_ERROR', 'Service unavailable'),
      fail(400, 'BAD', 'You have used all your free votes for this contest'),
    );
    renderAt(`/contest/${CID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Vote' }));
    await screen.findByRole('dialog'); // the dialog's code loads on first use
    expect(within(dialog()).queryByRole('radio', { name: /Paid Vote/ })).toBeNull();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cast Vote' }));
    expect(await screen.findByText('Vote Failed')).toBeTruthy();
    await waitFor(() => expect(within(dialog()).getByRole('button', { name: 'Cast Vote' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cast Vote' }));
    expect(await within(dialog()).findByText('You have used all your free votes for this contest')).toBeTruthy();
    const keys = vi
      .mocked(fetch)
      .mock.calls.filter(([url, init]) => String(url).startsWith('/api/votes') && init?.method === 'POST')
      .map(([, init]) => new Headers(init?.headers).get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });
});

describe('What the voter has left', { timeout: 20_000 }, () => {
  it('starts on Paid when no free vote is left, says so on Free, and the cards show the votes left and cast', async () => {
    const other = entry({ _id: '33333333-3333-4333-8333-333333333333', title: 'Lekki Toll Gate at Dusk' });
    serveContest(voting(), [entry(), other]);
    server.serve(
      `GET /votes/contest/${CID}/stats`,
      ok(
        contestVoteStatsDto({
          contestId: CID,
          me: { votesCast: 1, freeVotesUsed: 1, remaining: { freeVotes: 0, totalVotes: 9 }, votedEntries: [{ entryId: EID, votes: 1 }] },
        }),
      ),
    );
    renderAt(`/contest/${CID}`);
    const mine = await screen.findByRole('article', { name: 'Third Mainland Bridge' });
    await waitFor(() => expect(within(mine).getByTestId('entry-my-votes').textContent).toBe('You voted · 9 votes left'));
    expect(within(screen.getByRole('article', { name: 'Lekki Toll Gate at Dusk' })).getByTestId('entry-my-votes').textContent).toBe(
      '9 votes left',
    );

    fireEvent.click(within(mine).getByRole('button', { name: 'Vote' }));
    expect((within(dialog()).getByRole('radio', { name: /Paid Vote/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog()).getByRole('radio', { name: /Free Vote/ }));
    expect(within(dialog()).getByText('You have no free votes left in this contest. Choose Paid Vote to vote with credits.')).toBeTruthy();
    expect(within(dialog()).getByRole('button', { name: 'Cast Vote' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows an entrant of a one-entry contest their entry instead of Submit Entry', async () => {
    serveContest(contest());
    server.serve(
      'GET /entries/my-entries',
      ok({ ...entriesPage([entry({ status: 'pending' })]), entries: [{ ...entry({ status: 'pending' }), approvedEntries: 1 }] }),
    );
    renderAt(`/contest/${CID}`);
    expect(await screen.findByText('You have entered this contest')).toBeTruthy();
    expect(screen.getByText(/Your entry “Third Mainland Bridge” is awaiting approval/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View your entry' }).getAttribute('href')).toBe(`/contest/${CID}#entry-${EID}`);
    expect(screen.queryByRole('button', { name: 'Submit Entry' })).toBeNull();
    expect(server.last('GET', '/entries/my-entries')?.query).toContain(`contestId=${CID}`);
  });
});

describe('Comment modal', { timeout: 20_000 }, () => {
  it('requires non-blank content, counts to 1000 and posts with anonymous off', async () => {
    serveContest(voting());
    server.serve(`POST /comments`, ok(commentDto({ content: 'Great contest', contestId: CID, isMine: true }), 'Comment posted', 201));
    renderAt(`/contest/${CID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Add Comment' }));
    await screen.findByRole('dialog'); // the dialog's code loads on first use
    expect(within(dialog()).getByText('Comments are moderated.')).toBeTruthy();
    expect((within(dialog()).getByRole('checkbox', { name: 'Post anonymously' }) as HTMLInputElement).checked).toBe(false);
    const box = within(dialog()).getByLabelText(/Comment/, { selector: 'textarea' });
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Post Comment' }));
    expect(await within(dialog()).findByText('Comment content is required')).toBeTruthy();

    fireEvent.change(box, { target: { value: 'x'.repeat(1001) } });
    expect(within(dialog()).getByTestId('comment-counter').textContent).toBe('1001/1000');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Post Comment' }));
    expect(await within(dialog()).findByText('Comment cannot exceed 1000 characters')).toBeTruthy();

    fireEvent.change(box, { target: { value: ' Great contest ' } });
    expect(within(dialog()).getByTestId('comment-counter').textContent).toBe('15/1000');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Post Comment' }));
    expect(await screen.findByText('Comment Posted!')).toBeTruthy();
    expect(server.last('POST', '/comments')!.body).toEqual({ contestId: CID, content: 'Great contest', settings: { isAnonymous: false } });
  });

  it('lists comments with Anonymous authors and toggles a like', async () => {
    serveContest(voting());
    server.serve(`GET /comments/contest/${CID}`, ok(commentsPage([anonymousComment()])));
    server.serve(
      'POST /comments/cm1/like',
      ok({
        comment: anonymousComment({ likes: 2, likedByMe: true, stats: { likes: 2 } }),
        likesCount: 2,
        action: 'liked',
      } satisfies TCommentLikeResult),
    );
    renderAt(`/contest/${CID}`);
    fireEvent.click(await screen.findByRole('tab', { name: 'Comments (1)' }));
    expect(await screen.findByText('Lovely shots')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Like comment by Anonymous' }));
    expect(await screen.findByText('Comment liked!')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unlike comment by Anonymous' }).textContent).toContain('2');
  });
});

describe('Leaderboard tab', { timeout: 20_000 }, () => {
  const row = (rank: number, votes: number, participantId: string, title: string): TLeaderboardRow => ({
    rank,
    votes,
    votesCount: votes,
    entry: {
      _id: `e${rank}`,
      title,
      entryType: 'photo',
      thumbnailUrl: null,
      createdAt: inDays(-1),
      participant: { _id: participantId, fullName: `Person ${rank}`, username: `p${rank}`, profilePicture: null, verified: false },
    },
  });

  it('ranks with the top three highlighted, marks my entry and returns to the entries on click', async () => {
    serveContest(voting());
    server.serve(
      `GET /entries/contest/${CID}/leaderboard`,
      ok({
        leaderboard: [row(1, 25, 'u9', 'Gold'), row(2, 10, 'u1', 'Silver'), row(3, 5, 'u3', 'Bronze'), row(4, 1, 'u4', 'Fourth')],
      } satisfies TLeaderboard),
    );
    renderAt(`/contest/${CID}`);
    fireEvent.click(await screen.findByRole('tab', { name: 'Leaderboard' }));
    const board = await screen.findByRole('list', { name: 'Leaderboard' });
    const items = within(board).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(within(items[0]!).getByLabelText('First place')).toBeTruthy();
    expect(within(items[1]!).getByLabelText('Second place')).toBeTruthy();
    expect(within(items[2]!).getByLabelText('Third place')).toBeTruthy();
    expect(within(items[1]!).getByText('Your Entry')).toBeTruthy();
    expect(within(items[0]!).queryByText('Your Entry')).toBeNull();
    expect(within(items[0]!).getByText('25 votes')).toBeTruthy();
    expect(within(items[3]!).getByText('1 vote')).toBeTruthy();
    fireEvent.click(within(items[0]!).getByRole('button'));
    await waitFor(() => expect(screen.getByRole('tab', { name: /Entries/ }).getAttribute('aria-selected')).toBe('true'));
  });

  it('says so when there are no approved entries', async () => {
    serveContest(voting(), []);
    server.serve(`GET /entries/contest/${CID}/leaderboard`, ok({ leaderboard: [] } satisfies TLeaderboard));
    renderAt(`/contest/${CID}`);
    expect(await screen.findByText('No entries yet - Be the first to submit an entry!')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Leaderboard' }));
    expect(await screen.findByText('No approved entries yet')).toBeTruthy();
  });
});
