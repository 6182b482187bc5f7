/**
 * POST /api/messages/:id/report: the recipient of a message reports it to the moderation queue.
 * The report is filed where every report lives (modules/contests/file-report.ts: one per reporter
 * and item, `report.filed` in its transaction) with the surrounding messages as its context: up to
 * REPORT_CONTEXT_EACH_SIDE before and after the reported one, as they are at that moment (a later
 * deletion does not take them from the moderator).
 */
import { DIRECT_MESSAGE_TEXTS, type TReport, type TReportContext } from '@contesthub/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { createReport, toReportSummary, type ReportSubmitted } from '../contests/file-report.js';
import * as repo from './messages.repository.js';
import { ownMessage } from './read-messages.js';

/** Messages kept on each side of the reported one. */
export const REPORT_CONTEXT_EACH_SIDE = 5;

export async function reportMessage(ctx: AppContext, reporterId: string, messageId: string, body: TReport): Promise<ReportSubmitted> {
  const message = await ownMessage(ctx, reporterId, messageId);
  if (message.senderId === reporterId) throw AppError.badRequest(DIRECT_MESSAGE_TEXTS.ownMessageReport);
  if (message.deletedAt !== null) throw AppError.badRequest(DIRECT_MESSAGE_TEXTS.deletedMessageReport);
  return ctx.db.transaction(async (tx) => {
    const around = await repo.surroundingMessages(tx, message.conversationId, message.seq, REPORT_CONTEXT_EACH_SIDE);
    const context: TReportContext = {
      messages: around.map((m) => ({
        id: m.id,
        senderId: m.senderId,
        content: m.content,
        createdAt: m.createdAt.toISOString(),
        deleted: m.deletedAt !== null,
        reported: m.id === message.id,
      })),
    };
    const row = await createReport(tx, {
      targetType: 'message',
      targetId: message.id,
      contestId: null,
      reporterId,
      reason: body.reason,
      description: body.description,
      context,
    });
    return toReportSummary(row);
  });
}
