/**
 * Weighs every filed report and hides its item automatically at the threshold (weighting.ts). Runs
 * in the dispatcher's transaction, once per event.
 */
import type { Tx } from '../../db/client.js';
import type { PayloadOf, StoredEvent, Subscriber } from '../../lib/events/index.js';
import { reportFiled } from '../contests/contests.events.js';
import { weighReport } from './weighting.js';

export const reportWeightingSubscriber: Subscriber = {
  name: 'report-weighting',
  events: [reportFiled.name],
  startFrom: 'now',
  async handle(tx: Tx, event: StoredEvent) {
    const p = event.payload as PayloadOf<typeof reportFiled>;
    await weighReport(tx, { reportId: p.reportId, targetType: p.targetType, targetId: p.targetId, reporterId: p.reporterId });
  },
};
