import { REPORT_REASON_LABELS, type ReportReason, type ReportTargetType, type TModerationReport } from '@contesthub/shared';
import type { BadgeTone } from '../../../components/ui/card';

type ReportStatus = TModerationReport['status'];

export const TYPE_LABELS: Record<ReportTargetType, string> = {
  contest: 'Contest',
  entry: 'Entry',
  comment: 'Comment',
  user: 'User',
  message: 'Message',
};

export const STATUS_LABELS: Record<ReportStatus, string> = {
  pending: 'Pending',
  under_review: 'Under review',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
};

export const STATUS_TONES: Record<ReportStatus, BadgeTone> = {
  pending: 'amber',
  under_review: 'sky',
  resolved: 'green',
  dismissed: 'neutral',
};

export const reasonLabel = (reason: string) => REPORT_REASON_LABELS[reason as ReportReason] ?? reason;

/** Resolve and Dismiss are offered on open reports only (spec 002 §4). */
export const isOpen = (r: Pick<TModerationReport, 'status'>) => r.status === 'pending' || r.status === 'under_review';

/** The reporter's name, or 'Unknown' (spec 002 §2.1). */
export const reporterName = (r: TModerationReport) => r.reporter?.fullName ?? 'Unknown';
