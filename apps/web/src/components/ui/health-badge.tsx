import { AlertTriangle, CheckCircle2, XOctagon } from 'lucide-react';
import type { HealthStatus } from '@contesthub/shared';
import { Badge, type BadgeTone } from './card';

const LOOK: Record<HealthStatus, { tone: BadgeTone; icon: typeof CheckCircle2 }> = {
  healthy: { tone: 'green', icon: CheckCircle2 },
  warning: { tone: 'amber', icon: AlertTriangle },
  critical: { tone: 'red', icon: XOctagon },
};

/**
 * A health badge (spec 002 §2.1: healthy, warning, critical): the word itself, with an icon and a
 * colour, so it never rests on colour alone. `label` names the figure for screen readers.
 */
export function HealthBadge({ status, label }: { status: HealthStatus; label?: string }) {
  const { tone, icon: Icon } = LOOK[status];
  return (
    <Badge tone={tone} data-status={status}>
      <Icon className="h-3.5 w-3.5" aria-hidden />
      {label && <span className="sr-only">{label}: </span>}
      {status}
    </Badge>
  );
}
