import type { EntryStatus } from '@contesthub/shared';
import { Badge } from '../../../components/ui/card';

const STATUS: Record<EntryStatus, { label: string; tone: 'amber' | 'green' | 'red' | 'violet' }> = {
  pending: { label: 'Pending', tone: 'amber' },
  approved: { label: 'Approved', tone: 'green' },
  rejected: { label: 'Rejected', tone: 'red' },
  disqualified: { label: 'Disqualified', tone: 'violet' },
};

/** The entry statuses the review screen shows (spec 001 §2: pending, approved, rejected, disqualified). */
export function EntryStatusBadge({ status }: { status: EntryStatus }) {
  const s = STATUS[status];
  return <Badge tone={s.tone}>{s.label}</Badge>;
}
