import type { ContestStatus } from './enums.js';
import { countOf } from './plural.js';
import { daysUntil, formatDate } from './time.js';

export interface ContestDates {
  status: ContestStatus;
  entryStartDate: string | Date;
  entryEndDate: string | Date;
  votingStartDate: string | Date;
  votingEndDate: string | Date;
}

/** Card status text (spec 000 §4). */
export function contestStatusText(contest: ContestDates, now: Date = new Date()): string {
  switch (contest.status) {
    case 'active': {
      if (now < new Date(contest.entryStartDate)) return `Starts ${formatDate(contest.entryStartDate)}`;
      const left = daysUntil(contest.entryEndDate, now);
      return left > 0 ? `${countOf(left, 'day')} left to enter` : 'Entry period ended';
    }
    case 'voting': {
      const left = daysUntil(contest.votingEndDate, now);
      return left > 0 ? `${countOf(left, 'day')} left to vote` : 'Voting period ended';
    }
    case 'ended':
      return `Ended ${formatDate(contest.votingEndDate)}`;
    case 'draft':
      return 'Not published yet';
    case 'cancelled':
      return 'Contest cancelled';
  }
}

/** Card action label by status (spec 000 §2 Contest browse). */
export function contestActionLabel(status: ContestStatus): string {
  switch (status) {
    case 'active':
      return 'Enter Contest';
    case 'voting':
      return 'Vote Now';
    case 'ended':
      return 'View Results';
    default:
      return 'View Contest';
  }
}

/** Status line on the contest page. */
export function contestPhaseLabel(status: ContestStatus): string {
  switch (status) {
    case 'active':
      return 'Accepting Entries';
    case 'voting':
      return 'Voting Phase';
    case 'ended':
      return 'Contest Ended';
    case 'cancelled':
      return 'Contest Cancelled';
    case 'draft':
      return 'Not published yet';
  }
}
