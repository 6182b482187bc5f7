/** A user row with its counts → the Admin Tools user (spec 002 §3). */
import type { TAdminUser } from '@contesthub/shared';
import type { AdminUserListRow } from './admin-users.repository.js';

export const toAdminUser = ({ user, contestsCreated, entriesSubmitted, violations }: AdminUserListRow): TAdminUser => ({
  id: user.id,
  fullName: user.fullName,
  username: user.username,
  email: user.email,
  role: user.role,
  status: user.status,
  isVerified: user.isVerified,
  banReason: user.banReason,
  createdAt: user.createdAt.toISOString(),
  lastLogin: user.lastLoginAt?.toISOString() ?? null,
  contestsCreated,
  entriesSubmitted,
  violations,
});
