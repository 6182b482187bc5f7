/**
 * The one policy: who may do what to which thing. Routes declare who may call them at all
 * (`config.access`); everything that depends on the thing itself (its owner, its state) is decided
 * here, with the shared permission names (packages/shared/src/permissions.ts), instead of role and
 * ownership checks written inline in the services.
 *
 *   can(actor, 'votes.remove')                                  a permission of the actor's role
 *   can(actor, 'contest.manage', { organizerId })               an action on a subject
 *   authorize(actor, 'contest.manage', contest)                 the same, or 403
 */
import { hasPermission, type Actor, type Permission } from '@contesthub/shared';
import { AppError } from './errors.js';

export type { Actor } from '@contesthub/shared';

interface ContestSubject {
  organizerId: string;
  status: string;
}

/** Every action on a subject, with the subject it needs. */
interface Rules {
  /** A draft exists only for its organizer and staff; every other state is public. */
  'contest.view': ContestSubject;
  /** Edit, end, cancel, delete; review its entries. */
  'contest.manage': Pick<ContestSubject, 'organizerId'>;
  /** Who voted, one vote at a time, and what a contest's votes cost (creditsSpent). */
  'contest.see_votes': Pick<ContestSubject, 'organizerId'>;
  /** One vote: its voter, the contest's organizer, admins. */
  'vote.view': { voterId: string; organizerId: string };
  /**
   * Credits spent on votes are private: the contest's organizer, admins, and the voter for their own
   * votes (`voterId` of a single vote or of a voter's own summary).
   */
  'votes.see_credits': { organizerId: string; voterId?: string | undefined };
  /** An entry that is approved in a contest that is not a draft is public; otherwise its participant, the organizer, staff. */
  'entry.view': { status: string; participantId: string; organizerId: string; contestStatus: string };
  /** Approve, reject: the contest's organizer or an admin. */
  'entry.review': Pick<ContestSubject, 'organizerId'>;
  /** Hide, restore, approve a flagged comment: moderators, and the organizer for their contest's comments. */
  'comment.moderate': { organizerId: string };
  /** Delete: the author, the contest's organizer, moderators. */
  'comment.delete': { authorId: string; organizerId: string };
  /** Who wrote an anonymous comment: the author and admins. */
  'comment.see_author': { authorId: string; isAnonymous: boolean };
}

export type Action = keyof Rules;

const owns = (actor: Actor | undefined, userId: string) => actor !== undefined && actor.userId === userId;

const RULES: { [A in Action]: (actor: Actor | undefined, s: Rules[A]) => boolean } = {
  'contest.view': (a, c) => c.status !== 'draft' || owns(a, c.organizerId) || hasPermission(a, 'content.view_all'),
  'contest.manage': (a, c) => owns(a, c.organizerId) || hasPermission(a, 'contests.manage_any'),
  'contest.see_votes': (a, c) => owns(a, c.organizerId) || hasPermission(a, 'votes.read_all'),
  'vote.view': (a, v) => owns(a, v.voterId) || owns(a, v.organizerId) || hasPermission(a, 'votes.read_all'),
  'votes.see_credits': (a, s) =>
    owns(a, s.organizerId) || (s.voterId !== undefined && owns(a, s.voterId)) || hasPermission(a, 'votes.read_all'),
  'entry.view': (a, e) =>
    (e.status === 'approved' && e.contestStatus !== 'draft') ||
    owns(a, e.participantId) ||
    owns(a, e.organizerId) ||
    hasPermission(a, 'content.view_all'),
  'entry.review': (a, c) => owns(a, c.organizerId) || hasPermission(a, 'contests.manage_any'),
  'comment.moderate': (a, c) => owns(a, c.organizerId) || hasPermission(a, 'comments.moderate'),
  'comment.delete': (a, c) => owns(a, c.authorId) || owns(a, c.organizerId) || hasPermission(a, 'comments.moderate'),
  'comment.see_author': (a, c) => !c.isAnonymous || owns(a, c.authorId) || hasPermission(a, 'comments.reveal_anonymous'),
};

export function can(actor: Actor | undefined, permission: Permission): boolean;
export function can<A extends Action>(actor: Actor | undefined, action: A, subject: Rules[A]): boolean;
export function can(actor: Actor | undefined, what: Permission | Action, subject?: unknown): boolean {
  if (what in RULES) return (RULES[what as Action] as (a: Actor | undefined, s: unknown) => boolean)(actor, subject);
  return hasPermission(actor, what as Permission);
}

/** `can`, or a 403 (with `message` when given). */
export function authorize(actor: Actor | undefined, permission: Permission, message?: string): void;
export function authorize<A extends Action>(actor: Actor | undefined, action: A, subject: Rules[A], message?: string): void;
export function authorize(actor: Actor | undefined, what: Permission | Action, subjectOrMessage?: unknown, message?: string): void {
  const allowed = what in RULES ? can(actor, what as Action, subjectOrMessage as never) : can(actor, what as Permission);
  if (allowed) return;
  const text = what in RULES ? message : (subjectOrMessage as string | undefined);
  throw AppError.forbidden(text);
}
