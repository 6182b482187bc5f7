/** Who may see and who may manage a contest: the policy's rules (lib/policy.ts), with the contests' words. */
import type { Actor } from '@contesthub/shared';
import { authorize, can } from '../../lib/policy.js';
import { CONTEST_MESSAGES } from './contests.messages.js';
import type { ContestRow } from './contests.repository.js';

/** The one contest-visibility rule (policy: drafts exist only for their organizer and staff). */
export const canSee = (row: ContestRow, viewer: Actor | undefined): boolean => can(viewer, 'contest.view', row);

export function assertCanManage(row: ContestRow, actor: Actor): void {
  authorize(actor, 'contest.manage', row, CONTEST_MESSAGES.notOwner);
}
