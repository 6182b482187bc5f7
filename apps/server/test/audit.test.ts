/**
 * The staff audit log (issue 15): staff actions are appended with actor, target, reason, before/after,
 * address and request id; the database refuses to change or remove a row; the hash chain names the
 * first row someone tampered with (with the triggers dropped, as only the database owner could); the
 * list and its CSV export are for holders of audit.read only.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAuditLogPage } from '@contesthub/shared';
import { queryRows } from '../src/db/client.js';
import { appendAudit, verifyAuditChain } from '../src/modules/audit/audit.js';
import { apiCall, createSignedInUser, createTestApp, type ApiArgs, type LoginResult, type TestApp, type TestUser } from './helpers.js';

let t: TestApp;
let admin: TestUser & LoginResult;
let moderator: TestUser & LoginResult;
let member: TestUser & LoginResult;
const call = <T = unknown>(...args: ApiArgs) => apiCall<T>(t.app, ...args);

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  admin = await createSignedInUser(t.app, { role: 'admin' });
  moderator = await createSignedInUser(t.app, { role: 'moderator' });
  member = await createSignedInUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const rawExecute = (query: ReturnType<typeof sql>) => t.ctx.db.execute(query);
/** The id of the audit row about `targetId`. */
async function idOf(targetId: string): Promise<string> {
  const rows = await queryRows<{ id: string }>(t.ctx.db, sql`select id::text as id from audit_log where target_id = ${targetId}`);
  return rows[0]!.id;
}

describe('the audit log', () => {
  it('records a staff action with its actor, address and request id, and lists it to staff only', async () => {
    const sent = await call('POST', '/api/admin-tools/announcements', admin.token, {
      title: 'Audit me',
      message: 'Maintenance tonight.',
      audience: 'professional',
    });
    expect(sent.status).toBe(201);
    const announcementId = (sent.body as { data: { announcementId: string } }).data.announcementId;

    const listed = await call<TAuditLogPage>('GET', '/api/admin-tools/audit-log?action=announcement.send', moderator.token);
    expect(listed.status).toBe(200);
    const row = listed.body.data!.entries.find((e) => e.targetId === announcementId)!;
    expect(row).toMatchObject({
      action: 'announcement.send',
      targetType: 'announcement',
      actor: { id: admin.user.id, role: 'admin', email: admin.email },
      after: { title: 'Audit me', audience: 'professional', priority: 'medium' },
    });
    expect(row.ip).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(row.requestId).toBeTruthy();
    expect(row.rowHash).toMatch(/^[0-9a-f]{64}$/);

    const byActor = await call<TAuditLogPage>('GET', `/api/admin-tools/audit-log?actor=${moderator.user.id}`, admin.token);
    expect(byActor.body.data!.entries.every((e) => e.actor?.id === moderator.user.id)).toBe(true);

    expect((await call('GET', '/api/admin-tools/audit-log', member.token)).status).toBe(403);
    expect((await call('GET', '/api/admin-tools/audit-log')).status).toBe(401);
    expect((await call('GET', '/api/admin-tools/audit-log?action=user.delete_everything', admin.token)).status).toBe(400);
    // A moderator may read the log but not send announcements.
    expect(
      (await call('POST', '/api/admin-tools/announcements', moderator.token, { title: 'x', message: 'y', audience: 'everyone' })).status,
    ).toBe(403);
  });

  it('exports CSV with a byte-order mark, CRLF lines and formula-looking text escaped, and logs the export', async () => {
    await t.ctx.db.transaction((tx) =>
      appendAudit(
        tx,
        { userId: admin.user.id, role: 'admin', ip: '10.0.0.1', requestId: 'req-1' },
        {
          action: 'user.ban',
          targetType: 'user',
          targetId: member.user.id,
          reason: '=HYPERLINK("http://evil.example","click")',
          before: { status: 'active' },
          after: { status: 'banned' },
        },
      ),
    );
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin-tools/audit-log/export?action=user.ban',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-[0-9TZ-]+\.csv"$/);
    const body = res.body;
    expect(body.startsWith('\uFEFF')).toBe(true);
    const lines = body.slice(1).split('\r\n');
    expect(lines[0]).toBe('id,time,actor id,actor name,actor role,action,target type,target id,reason,before,after,ip,request id,row hash');
    const ban = lines.find((l) => l.includes('user.ban'))!;
    expect(ban).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(ban).toContain('"{""status"":""active""}"');

    const exports = await call<TAuditLogPage>('GET', `/api/admin-tools/audit-log?action=export.csv&actor=${admin.user.id}`, admin.token);
    expect(exports.body.data!.entries[0]).toMatchObject({ targetType: 'audit_log', after: { filter: { action: 'user.ban' } } });
    expect((await call('GET', '/api/admin-tools/audit-log/export', member.token)).status).toBe(403);
  });

  it('refuses to change or remove a row, and the chain names the first row tampered with', async () => {
    for (let i = 0; i < 3; i++) {
      await t.ctx.db.transaction((tx) =>
        appendAudit(
          tx,
          { userId: moderator.user.id, role: 'moderator', ip: null, requestId: null },
          {
            action: 'content.hide',
            targetType: 'comment',
            targetId: `c-${i}`,
            reason: `spam ${i}`,
          },
        ),
      );
    }
    const before = await verifyAuditChain(t.ctx.db);
    expect(before).toMatchObject({ ok: true, brokenAt: null });
    expect(before.examined).toBeGreaterThanOrEqual(5);

    await expect(rawExecute(sql`update audit_log set reason = 'nothing to see' where target_id = 'c-1'`)).rejects.toThrow();
    await expect(rawExecute(sql`delete from audit_log where target_id = 'c-1'`)).rejects.toThrow();
    expect((await verifyAuditChain(t.ctx.db)).ok).toBe(true);

    // Someone with the owner's powers drops the guard and edits a row: the verifier names it.
    const editedId = await idOf('c-1');
    await rawExecute(sql`alter table audit_log disable trigger audit_log_no_update_delete`);
    await rawExecute(sql`update audit_log set reason = 'nothing to see' where target_id = 'c-1'`);
    const edited = await verifyAuditChain(t.ctx.db);
    expect(edited.ok).toBe(false);
    expect(edited.brokenAt).toMatchObject({ id: editedId, problem: expect.stringContaining('changed') });

    // Restored and removed instead: the row after the gap is named.
    await rawExecute(sql`update audit_log set reason = 'spam 1' where target_id = 'c-1'`);
    expect((await verifyAuditChain(t.ctx.db)).ok).toBe(true);
    const nextId = await idOf('c-2');
    await rawExecute(sql`delete from audit_log where target_id = 'c-1'`);
    await rawExecute(sql`alter table audit_log enable trigger audit_log_no_update_delete`);
    const cut = await verifyAuditChain(t.ctx.db);
    expect(cut.brokenAt).toMatchObject({ id: nextId, problem: expect.stringContaining('removed') });
  });

  // The command an operator runs (npm run audit:verify), against this test's PostgreSQL database.
  it.runIf(!!process.env.TEST_DATABASE_URL)('npm run audit:verify names the broken row and exits 1', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${t.database.name}`;
    const run = () =>
      spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/audit-verify.ts'], {
        cwd: path.resolve(import.meta.dirname, '../../..'),
        env: { ...process.env, DATABASE_URL: url.toString() },
        encoding: 'utf8',
        timeout: 60_000,
      });
    const broken = run();
    expect(broken.status, broken.stderr).toBe(1);
    expect(broken.stdout).toMatch(/^The audit chain is broken at row \d+: its link does not match the row before it/m);
  });
});
