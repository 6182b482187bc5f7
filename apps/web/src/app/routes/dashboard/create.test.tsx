import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TContestAnswer, TPublicUser, TWallet, TWalletAnswer } from '@contesthub/shared';
import { fail, fakeServer, meDto, ok, renderAt } from '../../../test/harness';
// Loaded up front so the lazy route resolves at once.
import './create';
import { contestDto, walletDto } from '../../../test/fixtures';

const CREATED = 'Contest created successfully! Your contest is now live.';
const wallet = (balance: number): TWallet => walletDto({ balance, voteCredits: 0 });
/** What POST /contests answers: the new contest. */
const created: TContestAnswer = { contest: contestDto() };

let server: ReturnType<typeof fakeServer>;
function start(user: Partial<TPublicUser> = {}, balanceKobo = 10_000_000) {
  server.serve('GET /auth/me', ok(meDto({ profileCompletion: 100, voteCredits: 1000, ...user })));
  server.serve('GET /wallet', ok({ wallet: wallet(balanceKobo) } satisfies TWalletAnswer));
  return renderAt('/dashboard/create');
}

beforeEach(() => {
  server = fakeServer();
  URL.createObjectURL = vi.fn(() => 'blob:cover-preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const field = (label: RegExp | string) => screen.getByLabelText(label);
const type = (label: RegExp | string, value: string) => fireEvent.change(field(label), { target: { value } });
const button = (name: RegExp | string) => screen.getByRole('button', { name });
const heading = () => screen.getByRole('heading', { level: 3 });
const nextButton = () => button('Next') as HTMLButtonElement;

async function fillBasics() {
  await screen.findByRole('heading', { name: 'Step 1: Basic Info' });
  type(/Contest title/, '  Lagos at Night ');
  type(/Description/, 'Photos of the city after dark.');
  fireEvent.change(field(/Category/), { target: { value: 'photography' } });
}

describe('Create Contest wizard', () => {
  it('enables Next only once the step is valid and shows what is missing', async () => {
    start();
    await screen.findByRole('heading', { name: 'Step 1: Basic Info' });
    expect(nextButton().disabled).toBe(true);
    // The wallet is read only once the prize step opens.
    expect(server.calls.some((c) => c.path === '/wallet')).toBe(false);
    expect(button('Previous')).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Create Contest' })).toBeNull();

    type(/Contest title/, 'Lagos at Night');
    expect(nextButton().disabled).toBe(true);
    fireEvent.click(button("What's missing?"));
    expect(screen.getByText('Description is required')).toBeTruthy();
    expect(screen.getByText('Category is required')).toBeTruthy();

    type(/Description/, 'Photos of the city after dark.');
    fireEvent.change(field(/Category/), { target: { value: 'other' } });
    expect(nextButton().disabled).toBe(true);
    expect(screen.getByText('Please enter a custom category')).toBeTruthy();
    type(/Custom category/, 'Night life');
    type(/Maximum participants/, '0');
    expect(screen.getByText('Max participants must be at least 1')).toBeTruthy();
    expect(nextButton().disabled).toBe(true);
    type(/Maximum participants/, '');
    expect(nextButton().disabled).toBe(false);

    fireEvent.click(nextButton());
    expect(heading().textContent).toBe('Step 2: Prize');
    expect(document.activeElement).toBe(heading());
    expect(await screen.findByText('₦100,000')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Wizard progress' }).getAttribute('aria-valuenow')).toBe('2');
    // Cash prize with nothing typed yet: Next waits for the amount.
    expect(nextButton().disabled).toBe(true);
    fireEvent.click(button('Previous'));
    expect(heading().textContent).toBe('Step 1: Basic Info');
    expect((field(/Custom category/) as HTMLInputElement).value).toBe('Night life');
  });

  it('jumps to any step, judges each step on its own and submits only when all six validate', async () => {
    start();
    await screen.findByRole('heading', { name: 'Step 1: Basic Info' });
    fireEvent.click(button('Step 4: Timeline'));
    expect(heading().textContent).toBe('Step 4: Timeline');
    expect(screen.getByRole('progressbar', { name: 'Wizard progress' }).getAttribute('aria-valuenow')).toBe('4');
    expect(button('Step 4: Timeline').getAttribute('aria-current')).toBe('step');
    expect((field(/Entry start date/) as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(nextButton().disabled).toBe(false);

    type(/Voting start date/, (field(/Entry start date/) as HTMLInputElement).value);
    expect(screen.getByText('Voting cannot start before entries close')).toBeTruthy();
    expect(nextButton().disabled).toBe(true);

    // Step 1 is still empty, yet step 2's own rule applies.
    fireEvent.click(button('Step 2: Prize'));
    fireEvent.click(field('Badge'));
    expect(nextButton().disabled).toBe(true);
    type(/Badge title/, 'Night Owl');
    expect(nextButton().disabled).toBe(false);

    fireEvent.click(button('Step 6: Restrictions'));
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    fireEvent.click(button('Create Contest'));
    expect(await screen.findByText('Please complete step 1 before submitting.')).toBeTruthy();
    expect(screen.getByText('Validation Error')).toBeTruthy();
    expect(heading().textContent).toBe('Step 1: Basic Info');
    expect(screen.getByText('Title is required')).toBeTruthy();

    await fillBasics();
    fireEvent.click(button('Step 6: Restrictions'));
    fireEvent.click(button('Create Contest'));
    expect(await screen.findByText('Please complete step 4 before submitting.')).toBeTruthy();
    expect(heading().textContent).toBe('Step 4: Timeline');
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('refuses paid voting under 10 vote credits with Invalid Voting Fee', async () => {
    start({ voteCredits: 600 });
    await fillBasics();
    fireEvent.click(button('Step 2: Prize'));
    fireEvent.click(field('Badge'));
    type(/Badge title/, 'Night Owl');
    fireEvent.click(button('Step 5: Voting'));
    fireEvent.click(field('Paid'));
    type(/Voting fee/, '9');
    expect(nextButton().disabled).toBe(true);
    fireEvent.click(button('Step 6: Restrictions'));
    fireEvent.click(button('Create Contest'));
    expect(await screen.findByText('Invalid Voting Fee')).toBeTruthy();
    expect(heading().textContent).toBe('Step 5: Voting');
    expect(screen.getAllByText('Paid voting requires a minimum of 10 vote credits.').length).toBe(2);
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('refuses a badge contest without 500 vote credits', async () => {
    start({ voteCredits: 120 });
    await fillBasics();
    fireEvent.click(nextButton());
    fireEvent.click(field('Badge'));
    type(/Badge title/, 'Night Owl');
    const cost = screen.getByTestId('badge-cost');
    expect(within(cost).getByText('120')).toBeTruthy();
    expect(within(cost).getByText(/380 more needed/)).toBeTruthy();
    expect(within(cost).getByRole('link', { name: 'Buy vote credits' }).getAttribute('href')).toBe('/dashboard/vote-credits');

    fireEvent.click(nextButton());
    expect(await screen.findByText('Insufficient Vote Credits')).toBeTruthy();
    expect(screen.getByText(/You need 380 more vote credits to create a badge contest/)).toBeTruthy();
    expect(heading().textContent).toBe('Step 2: Prize');
  });

  it('refuses a cash prize the wallet cannot cover and colours the balance', async () => {
    start({}, 2_000_000); // ₦20,000
    await fillBasics();
    fireEvent.click(nextButton());
    await screen.findByText('₦20,000');

    type(/Prize amount/, 'abc50,000');
    expect((field(/Prize amount/) as HTMLInputElement).value).toBe('50,000');
    const cover = screen.getByTestId('wallet-cover');
    expect(cover.dataset.tone).toBe('red');
    expect(within(cover).getByText(/₦30,000 more needed/)).toBeTruthy();
    expect(within(cover).getByText(/winner receives 95%/)).toBeTruthy();
    expect(within(cover).getByText('₦47,500')).toBeTruthy();

    fireEvent.click(nextButton());
    expect(await screen.findByText('Insufficient Balance')).toBeTruthy();
    expect(screen.getByText(/You need ₦30,000 more in your wallet to fund this prize/)).toBeTruthy();
    expect(heading().textContent).toBe('Step 2: Prize');

    type(/Prize amount/, '20000');
    expect(screen.getByTestId('wallet-cover').dataset.tone).toBe('amber');
    type(/Prize amount/, '19000');
    expect(screen.getByTestId('wallet-cover').dataset.tone).toBe('green');
    type(/Prize amount/, '500');
    expect(screen.getByText('Minimum cash prize is ₦1,000')).toBeTruthy();
    expect(nextButton().disabled).toBe(true);

    fireEvent.click(field('Cash and items'));
    type(/Prize amount/, '15000');
    expect(nextButton().disabled).toBe(true);
    type(/Prize items/, 'Canon camera');
    fireEvent.click(button('Add prize item'));
    expect(button('Remove prize item Canon camera')).toBeTruthy();
    expect(nextButton().disabled).toBe(false);
    fireEvent.click(nextButton());
    expect(heading().textContent).toBe('Step 3: Entry');
  });

  it('shows a wallet load failure with a retry', async () => {
    server.serve('GET /auth/me', ok(meDto({ profileCompletion: 100 })));
    server.serve(
      'GET /wallet',
      fail(500, 'INTERNAL_ERROR', 'Something went wrong. Please try again later'),
      ok({ wallet: wallet(500_000) } satisfies TWalletAnswer),
    );
    renderAt('/dashboard/create');
    await fillBasics();
    fireEvent.click(nextButton());
    expect(await screen.findByText('Failed to load wallet')).toBeTruthy();
    fireEvent.click(button('Try Again'));
    expect(await screen.findByText('₦5,000')).toBeTruthy();
  });

  it.each([
    [{ monthlyContestCount: 0 }, 'note', '3 of 3 free contests left this month'],
    [{ monthlyContestCount: 2 }, 'alert', '1 of 3 free contest left this month'],
    [{ monthlyContestCount: 3 }, 'alert', 'Monthly contest limit reached'],
  ] as const)('free-tier banner %o', async (over, role, text) => {
    start(over);
    const banner = (await screen.findByText(text)).closest('[data-level]') as HTMLElement;
    expect(banner.getAttribute('role')).toBe(role);
    expect(banner.dataset.level).toBe(role === 'note' ? 'info' : over.monthlyContestCount === 3 ? 'limit' : 'warning');
    expect(within(banner).getByRole('link').getAttribute('href')).toBe('/dashboard/subscription');
  });

  it.each([{ subscriptionTier: 'basic_premium' as const }, { role: 'admin' as const, monthlyContestCount: 3 }])(
    'shows no free-tier banner for %o',
    async (over) => {
      start(over);
      await screen.findByRole('heading', { name: 'Step 1: Basic Info' });
      expect(document.querySelector('[data-level]')).toBeNull();
      expect(screen.queryByText(/free contests? left/)).toBeNull();
    },
  );

  it('creates the contest with the exact payload, once, then opens My Contests', async () => {
    const view = start({}, 10_000_000);
    await fillBasics();
    fireEvent.click(nextButton());

    await screen.findByText('₦100,000');
    type(/Prize amount/, '50000');
    expect(screen.getByTestId('wallet-cover').dataset.tone).toBe('green');
    fireEvent.click(nextButton());

    fireEvent.click(field('Paid'));
    type(/Entry fee amount/, '2.5');
    fireEvent.change(field(/Entry type/), { target: { value: 'video' } });
    fireEvent.click(field('Review'));
    fireEvent.click(nextButton());

    type(/Entry start date/, '2030-03-01');
    type(/Entry end date/, '2030-03-10');
    type(/Voting start date/, '2030-03-11');
    type(/Voting end date/, '2030-03-20');
    fireEvent.click(nextButton());

    fireEvent.click(field('Both'));
    expect(nextButton().disabled).toBe(true);
    type(/Voting fee/, '5');
    expect(screen.getByText('Paid voting requires a minimum of 10 vote credits.')).toBeTruthy();
    type(/Voting fee/, '20');
    type(/Maximum votes per user/, '5');
    type(/Free votes per user/, '6');
    expect(screen.getByText('Free votes per user cannot exceed max votes per user')).toBeTruthy();
    type(/Free votes per user/, '2');
    fireEvent.click(nextButton());

    expect(heading().textContent).toBe('Step 6: Restrictions');
    fireEvent.click(screen.getByRole('switch', { name: 'Age restriction' }));
    type(/Minimum age/, '18');
    type(/Maximum age/, '35');
    fireEvent.click(screen.getByRole('switch', { name: 'Location restriction' }));
    fireEvent.click(field('Lagos'));
    fireEvent.click(field('FCT'));
    type(/^Rules/, 'Original work only');
    fireEvent.click(button('Add rule'));
    type(/^Tags/, 'Night Life');
    fireEvent.click(button('Add tag'));
    expect(screen.getByText('Tags can contain lowercase letters, numbers and hyphens only')).toBeTruthy();
    type(/^Tags/, 'Street-Photo');
    fireEvent.keyDown(field(/^Tags/), { key: 'Enter' });
    expect(button('Remove tag street-photo')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Allow comments' }));

    server.serve('POST /contests', ok(created, CREATED, 201));
    const create = button('Create Contest');
    fireEvent.click(create);
    fireEvent.click(create);

    expect(await screen.findByText(CREATED)).toBeTruthy();
    await waitFor(() => expect(view.location()).toBe('/dashboard/contests'));
    const posts = server.calls.filter((c) => c.method === 'POST' && c.path === '/contests');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({
      title: 'Lagos at Night',
      description: 'Photos of the city after dark.',
      category: 'photography',
      maxParticipants: null,
      prizeType: 'cash',
      prizeAmount: 5_000_000,
      prizeItems: [],
      entryFee: 'paid',
      entryFeeAmount: 2.5,
      entryType: 'video',
      entryReview: 'review',
      entryStartDate: new Date(2030, 2, 1, 0, 0, 0).toISOString(),
      entryEndDate: new Date(2030, 2, 10, 23, 59, 59).toISOString(),
      votingStartDate: new Date(2030, 2, 11, 0, 0, 0).toISOString(),
      votingEndDate: new Date(2030, 2, 20, 23, 59, 59).toISOString(),
      votingType: 'both',
      votingFeeAmount: 20,
      freeVotesPerUser: 2,
      maxVotesPerUser: 5,
      restrictions: {
        ageRestriction: true,
        minAge: 18,
        maxAge: 35,
        locationRestriction: true,
        allowedLocations: ['Lagos', 'FCT'],
        genderRestriction: false,
        allowedGenders: [],
      },
      rules: ['Original work only'],
      tags: ['street-photo'],
      settings: { allowMultipleEntries: false, requireApproval: true, showVoteCount: true, allowComments: false },
    });
    expect(posts[0]!.auth).toBe('Bearer tok');
    // The user (credits, monthly count) is read again after the contest is created.
    await waitFor(() => expect(server.calls.filter((c) => c.path === '/auth/me').length).toBeGreaterThan(1));
  });

  describe('server refusals', () => {
    async function submitBadgeContest() {
      await fillBasics();
      fireEvent.click(button('Step 2: Prize'));
      fireEvent.click(field('Badge'));
      type(/Badge title/, 'Night Owl');
      fireEvent.click(button('Step 6: Restrictions'));
      fireEvent.click(button('Create Contest'));
    }

    it("maps 'Insufficient vote credits' to its toast", async () => {
      start({ voteCredits: 600 });
      server.serve(
        'POST /contests',
        fail(400, 'INSUFFICIENT_CREDITS', 'Insufficient vote credits. You need 500 vote credits to create a badge contest.'),
      );
      await submitBadgeContest();
      expect(await screen.findByText('Insufficient Vote Credits')).toBeTruthy();
      expect(screen.getByText('You need 500 vote credits to create a badge contest.')).toBeTruthy();
      expect(heading().textContent).toBe('Step 2: Prize');
      expect(server.last('POST', '/contests')?.body).toMatchObject({ prizeType: 'badge', badgeTitle: 'Night Owl', prizeAmount: 0 });
    });

    it("maps a 'wallet' message to Insufficient Funds with the server's words", async () => {
      start({}, 10_000_000);
      const message = 'Insufficient wallet balance. You need ₦50,000 in your wallet to fund this prize.';
      server.serve('POST /contests', fail(400, 'INSUFFICIENT_BALANCE', message));
      await fillBasics();
      fireEvent.click(nextButton());
      await screen.findByText('₦100,000');
      type(/Prize amount/, '50000');
      fireEvent.click(button('Step 6: Restrictions'));
      fireEvent.click(button('Create Contest'));
      expect(await screen.findByText('Insufficient Funds')).toBeTruthy();
      expect(screen.getByText(message)).toBeTruthy();
      expect(heading().textContent).toBe('Step 2: Prize');
    });

    it('shows anything else as Creation Failed, and lets the organizer retry', async () => {
      start({ voteCredits: 600 });
      const limit = 'You have reached your limit of 3 contests this month. Upgrade to Premium for unlimited contests.';
      server.serve('POST /contests', fail(403, 'FORBIDDEN', limit), ok(created, CREATED, 201));
      await submitBadgeContest();
      expect(await screen.findByText('Creation Failed')).toBeTruthy();
      expect(screen.getByText(limit)).toBeTruthy();
      expect(screen.getByRole('heading', { level: 3 }).textContent).toBe('Step 6: Restrictions');
      fireEvent.click(button('Create Contest'));
      expect(await screen.findByText(CREATED)).toBeTruthy();
      expect(server.calls.filter((c) => c.method === 'POST' && c.path === '/contests')).toHaveLength(2);
    });

    it('puts server field errors on their fields and opens the first step with one', async () => {
      const view = start({ voteCredits: 600 });
      server.serve(
        'POST /contests',
        fail(400, 'VALIDATION_ERROR', 'Entry end date must be in the future', {
          errors: { entryEndDate: 'Entry end date must be in the future', tags: 'You can add up to 10 tags' },
        }),
      );
      await submitBadgeContest();
      expect(await screen.findByText('Creation Failed')).toBeTruthy();
      expect(heading().textContent).toBe('Step 4: Timeline');
      const end = field(/Entry end date/);
      expect(end.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(end.getAttribute('aria-describedby')!)?.textContent).toBe('Entry end date must be in the future');
      expect(view.location()).toBe('/dashboard/create');
    });
  });

  describe('cover image', () => {
    it('refuses a non-image or an image over 5 MB', async () => {
      start();
      await screen.findByRole('heading', { name: 'Step 1: Basic Info' });
      const input = field(/Cover image/);
      fireEvent.change(input, { target: { files: [new File(['%PDF'], 'brief.pdf', { type: 'application/pdf' })] } });
      expect(screen.getByText('Please select an image file')).toBeTruthy();
      const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
      fireEvent.change(input, { target: { files: [big] } });
      expect(screen.getByText('Please select an image smaller than 5MB')).toBeTruthy();
      expect(screen.queryByAltText('Cover image preview')).toBeNull();
    });

    it('previews the cover and sends the contest as multipart with JSON object fields', async () => {
      const view = start({ voteCredits: 600 });
      await fillBasics();
      const image = new File(['png-bytes'], 'night.png', { type: 'image/png' });
      fireEvent.change(field(/Cover image/), { target: { files: [image] } });
      expect((await screen.findByAltText('Cover image preview')).getAttribute('src')).toBe('blob:cover-preview');
      fireEvent.click(button('Remove cover image'));
      expect(screen.queryByAltText('Cover image preview')).toBeNull();
      fireEvent.change(field(/Cover image/), { target: { files: [image] } });
      await screen.findByAltText('Cover image preview');

      fireEvent.click(button('Step 2: Prize'));
      fireEvent.click(field('Badge'));
      type(/Badge title/, 'Night Owl');
      fireEvent.click(button('Step 6: Restrictions'));
      type(/^Tags/, 'night');
      fireEvent.click(button('Add tag'));
      server.serve('POST /contests', ok(created, CREATED, 201));
      fireEvent.click(button('Create Contest'));
      await waitFor(() => expect(view.location()).toBe('/dashboard/contests'));

      const body = server.last('POST', '/contests')?.body;
      expect(body).toBeInstanceOf(FormData);
      const form = body as FormData;
      expect(form.get('title')).toBe('Lagos at Night');
      expect(form.get('prizeType')).toBe('badge');
      expect(form.get('badgeTitle')).toBe('Night Owl');
      expect(form.get('prizeAmount')).toBe('0');
      expect(form.get('maxParticipants')).toBe('null');
      expect(JSON.parse(form.get('tags') as string)).toEqual(['night']);
      expect(JSON.parse(form.get('restrictions') as string)).toMatchObject({ ageRestriction: false, allowedLocations: [] });
      expect(JSON.parse(form.get('settings') as string)).toEqual({
        allowMultipleEntries: false,
        requireApproval: false,
        showVoteCount: true,
        allowComments: true,
      });
      const file = form.get('coverImage') as File;
      expect(file.name).toBe('night.png');
      expect([...form.keys()].at(-1)).toBe('coverImage');
    });
  });
});
