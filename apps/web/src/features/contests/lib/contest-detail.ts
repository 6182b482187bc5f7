/** Pure rules of the contest page: accepted files, vote weights and cost, labels. */
import { PAID_VOTES_PER_CALL, VOTE_WEIGHTS, type EntryType, type TContest, type VoteType } from '@contesthub/shared';

/** Accepted files by contest entry type (spec 000 §2 Submit-entry modal; audio as the server takes it). */
export const ACCEPTED_FILES: Record<EntryType, { accept: string; text: string }> = {
  photo: { accept: 'image/jpeg,image/png,image/gif,image/webp,.jpg,.jpeg,.png,.gif,.webp', text: 'JPG, PNG, GIF, WEBP' },
  video: { accept: 'video/mp4,video/x-msvideo,video/quicktime,video/webm,.mp4,.avi,.mov,.webm', text: 'MP4, AVI, MOV, WEBM' },
  audio: { accept: 'audio/*,.mp3,.wav,.ogg,.m4a,.aac,.webm', text: 'MP3, WAV, OGG, M4A, AAC, WEBM' },
  article: {
    accept:
      '.pdf,.doc,.docx,.txt,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain',
    text: 'PDF, DOC, DOCX, TXT',
  },
};

/** The vote types a contest takes: free only, paid only, otherwise both. */
export function voteTypesFor(votingType: TContest['votingType']): VoteType[] {
  if (votingType === 'free') return ['free'];
  if (votingType === 'paid') return ['paid'];
  return ['free', 'paid'];
}

export const clampPaidCount = (n: number) =>
  Math.min(PAID_VOTES_PER_CALL.max, Math.max(PAID_VOTES_PER_CALL.min, Number.isFinite(n) ? Math.trunc(n) : PAID_VOTES_PER_CALL.min));

/** Weight per vote, total weight and credit cost of one vote call. */
export function voteMath(voteType: VoteType, count: number, votingFeeAmount: number) {
  const amount = voteType === 'free' ? 1 : clampPaidCount(count);
  const weight = VOTE_WEIGHTS[voteType];
  return { amount, weight, totalWeight: weight * amount, cost: voteType === 'paid' ? votingFeeAmount * amount : 0 };
}

export function votingConfigLabel(votingType: TContest['votingType']): string {
  return votingType === 'free' ? 'Free Voting' : votingType === 'paid' ? 'Paid Voting' : 'Free + Paid Voting';
}

export const PHASE_LABELS: Record<TContest['phase'], string> = {
  draft: 'Draft',
  upcoming: 'Upcoming',
  entries: 'Entry Period',
  awaiting_voting: 'Awaiting Voting',
  voting: 'Voting',
  ended: 'Ended',
  cancelled: 'Cancelled',
};

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A vote-credit amount: whole numbers plain, fractions with up to two decimals. */
export const credits = (n: number) => new Intl.NumberFormat('en-NG', { maximumFractionDigits: 2 }).format(n);

/** The 1 s like animation (spec 000 §2). */
export const LIKE_ANIMATION_MS = 1000;
