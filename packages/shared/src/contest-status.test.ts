import { describe, expect, it } from 'vitest';
import { CONTEST_STATUSES, type ContestStatus } from './enums.js';
import { contestActionLabel, contestPhaseLabel, contestStatusText, type ContestDates } from './contest-status.js';

const DAY = 24 * 60 * 60 * 1000;
const dates = {
  entryStartDate: '2026-03-01T09:00:00Z',
  entryEndDate: '2026-03-10T09:00:00Z',
  votingStartDate: '2026-03-10T09:00:00Z',
  votingEndDate: '2026-03-17T09:00:00Z',
};
const contest = (status: ContestStatus): ContestDates => ({ status, ...dates });
const at = (iso: string, plusMs = 0) => new Date(Date.parse(iso) + plusMs);

describe('contestStatusText', () => {
  it('active before the entry start: when it starts', () => {
    expect(contestStatusText(contest('active'), at(dates.entryStartDate, -DAY))).toBe('Starts 1 Mar 2026');
  });

  it('active in the entry window: days left to enter, singular and plural', () => {
    expect(contestStatusText(contest('active'), at(dates.entryStartDate))).toBe('9 days left to enter');
    expect(contestStatusText(contest('active'), at(dates.entryEndDate, -2 * DAY))).toBe('2 days left to enter');
    expect(contestStatusText(contest('active'), at(dates.entryEndDate, -DAY))).toBe('1 day left to enter');
    expect(contestStatusText(contest('active'), at(dates.entryEndDate, -60_000))).toBe('1 day left to enter');
  });

  it('active after the entry end: entry period ended', () => {
    expect(contestStatusText(contest('active'), at(dates.entryEndDate))).toBe('Entry period ended');
    expect(contestStatusText(contest('active'), at(dates.entryEndDate, DAY))).toBe('Entry period ended');
  });

  it('voting: days left to vote, then voting period ended', () => {
    expect(contestStatusText(contest('voting'), at(dates.votingStartDate))).toBe('7 days left to vote');
    expect(contestStatusText(contest('voting'), at(dates.votingEndDate, -DAY))).toBe('1 day left to vote');
    expect(contestStatusText(contest('voting'), at(dates.votingEndDate))).toBe('Voting period ended');
  });

  it('ended, draft and cancelled', () => {
    expect(contestStatusText(contest('ended'), at(dates.votingEndDate, 30 * DAY))).toBe('Ended 17 Mar 2026');
    expect(contestStatusText(contest('draft'))).toBe('Not published yet');
    expect(contestStatusText(contest('cancelled'))).toBe('Contest cancelled');
  });

  it('accepts Date objects as well as strings', () => {
    const withDates: ContestDates = {
      status: 'voting',
      entryStartDate: new Date(dates.entryStartDate),
      entryEndDate: new Date(dates.entryEndDate),
      votingStartDate: new Date(dates.votingStartDate),
      votingEndDate: new Date(dates.votingEndDate),
    };
    expect(contestStatusText(withDates, at(dates.votingEndDate, -3 * DAY))).toBe('3 days left to vote');
  });
});

describe('labels by status', () => {
  it('card action', () => {
    expect(contestActionLabel('active')).toBe('Enter Contest');
    expect(contestActionLabel('voting')).toBe('Vote Now');
    expect(contestActionLabel('ended')).toBe('View Results');
    expect(contestActionLabel('draft')).toBe('View Contest');
    expect(contestActionLabel('cancelled')).toBe('View Contest');
  });

  it('contest page phase line', () => {
    expect(contestPhaseLabel('active')).toBe('Accepting Entries');
    expect(contestPhaseLabel('voting')).toBe('Voting Phase');
    expect(contestPhaseLabel('ended')).toBe('Contest Ended');
    expect(contestPhaseLabel('cancelled')).toBe('Contest Cancelled');
    expect(contestPhaseLabel('draft')).toBe('Not published yet');
  });

  it('has text for every status', () => {
    for (const status of CONTEST_STATUSES) {
      expect(contestStatusText(contest(status), at(dates.entryStartDate))).toBeTruthy();
      expect(contestPhaseLabel(status)).toBeTruthy();
    }
  });
});
