/** The User Verification and Security Logs tabs of the Security & Fraud page. */
import {
  pageOf,
  pageOffset,
  type TSecurityLogPage,
  type TSecurityLogQuery,
  type TUserVerificationPage,
  type TUserVerificationQuery,
} from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import * as repo from './fraud.repository.js';

const iso = (d: Date | string) => new Date(d).toISOString();

/** GET /api/admin-tools/users/verification */
export async function listUserVerification(ctx: AppContext, q: TUserVerificationQuery): Promise<TUserVerificationPage> {
  const { rows, total } = await repo.userVerification(ctx.db, { search: q.search, state: q.state, limit: q.limit, offset: pageOffset(q) });
  return {
    users: rows.map((u) => ({
      _id: u.id,
      fullName: u.full_name,
      email: u.email,
      role: u.role,
      status: u.status,
      emailVerified: u.is_verified,
      emailVerifiedAt: u.email_verified_at ? iso(u.email_verified_at) : null,
      hasPhone: u.has_phone,
      twoFactorEnabled: u.two_factor_enabled,
      bankAccountVerified: u.bank_verified_at !== null,
      bankName: u.bank_name,
      createdAt: iso(u.created_at),
    })),
    pagination: pageOf(q, total),
  };
}

/** GET /api/admin-tools/security-logs */
export async function listSecurityLogs(ctx: AppContext, q: TSecurityLogQuery): Promise<TSecurityLogPage> {
  const { rows, total } = await repo.securityLog(ctx.db, { type: q.type, limit: q.limit, offset: pageOffset(q) });
  return {
    entries: rows.map((r) => ({
      id: r.id,
      type: r.type,
      at: iso(r.at),
      user: r.user_id && r.full_name && r.email ? { _id: r.user_id, fullName: r.full_name, email: r.email } : null,
      summary: r.summary,
      ip: r.ip,
    })),
    pagination: pageOf(q, total),
  };
}
