import type { ReactNode } from 'react';
import {
  contestStatusText,
  countOf,
  ENTRY_TYPE_LABELS,
  entryFeeText,
  formatDateTime,
  formatNaira,
  formatNumber,
  type TContest,
} from '@contesthub/shared';
import { Button } from '../../../components/ui/button';
import { Badge } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { DIALOG_SIZES, imageSetProps, ResponsiveImage } from '../../../components/ui/responsive-image';
import { PHASE_LABELS, VOTING_TYPE_LABELS, prizeHeadline, votingFeeText, winnerShare } from '../lib/contest-labels';
import { CONTEST_STATUS_BADGE } from '../lib/contest-text';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-2 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-xs font-medium text-slate-400 sm:text-sm">{label}</dt>
      <dd className="min-w-0 break-words text-sm text-slate-100">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-1">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-emerald-300">{title}</h3>
      <dl className="divide-y divide-slate-800">{children}</dl>
    </section>
  );
}

const yesNo = (v: boolean) => (v ? 'Yes' : 'No');
const list = (items: readonly string[], none = 'None') => (items.length ? items.join(', ') : none);

/** Every field of one of my contests (spec 001 §2 View). */
export function ContestDetailsDialog({ contest: c, onClose }: { contest: TContest; onClose: () => void }) {
  const status = CONTEST_STATUS_BADGE[c.status];
  const r = c.restrictions;
  return (
    <Dialog
      open
      onClose={onClose}
      title={c.title}
      description="Contest details"
      className="max-w-2xl"
      footer={
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="space-y-5">
        {c.coverImage && (
          <ResponsiveImage
            {...imageSetProps(c.coverImage, c.coverImageSet)}
            sizes={DIALOG_SIZES}
            alt=""
            className="aspect-video w-full rounded-xl object-cover"
          />
        )}
        <Section title="Overview">
          <Row label="Status">
            <span className="flex flex-wrap items-center gap-2">
              <Badge tone={status.tone}>{status.label}</Badge>
              <span className="text-slate-300">{PHASE_LABELS[c.phase]}</span>
            </span>
            <span className="mt-1 block text-slate-400">{contestStatusText(c)}</span>
            {c.cancelReason && <span className="mt-1 block text-slate-400">Reason: {c.cancelReason}</span>}
          </Row>
          <Row label="Category">
            <span className="capitalize">{c.displayCategory}</span>
          </Row>
          <Row label="Description">
            <span className="whitespace-pre-line">{c.description}</span>
          </Row>
          <Row label="Created">{formatDateTime(c.createdAt)}</Row>
        </Section>

        <Section title="Prize">
          <Row label="Prize">{prizeHeadline(c)}</Row>
          {c.prizeType === 'cashanditem' && <Row label="Prize items">{list(c.prizeItems)}</Row>}
          {c.prizeType !== 'badge' && <Row label="Winner receives">{formatNaira(winnerShare(c.prizeAmount))} (95%)</Row>}
          {c.winner && (
            <Row label="Winner">
              {c.winner.participant.fullName} — {c.winner.title}
            </Row>
          )}
        </Section>

        <Section title="Entries">
          <Row label="Entry type">{ENTRY_TYPE_LABELS[c.entryType]}</Row>
          <Row label="Entry fee">{entryFeeText(c)}</Row>
          <Row label="Entry review">{c.entryReview === 'review' ? 'Entries need your approval' : 'Open (entries go live at once)'}</Row>
          <Row label="Max participants">{c.maxParticipants == null ? 'Unlimited' : formatNumber(c.maxParticipants)}</Row>
          <Row label="Entries received">{formatNumber(c.entriesCount)}</Row>
          <Row label="Entry period">
            {formatDateTime(c.entryStartDate)} – {formatDateTime(c.entryEndDate)}
          </Row>
        </Section>

        <Section title="Voting">
          <Row label="Voting type">{VOTING_TYPE_LABELS[c.votingType]}</Row>
          <Row label="Voting fee">{votingFeeText(c)}</Row>
          {c.votingType === 'both' && <Row label="Free votes per user">{formatNumber(c.freeVotesPerUser)}</Row>}
          <Row label="Max votes per user">{c.maxVotesPerUser == null ? 'Unlimited' : formatNumber(c.maxVotesPerUser)}</Row>
          <Row label="Voting period">
            {formatDateTime(c.votingStartDate)} – {formatDateTime(c.votingEndDate)}
          </Row>
          <Row label="Votes">
            {formatNumber(c.stats.totalVotes)} from {countOf(c.stats.totalVoters, 'voter')}
          </Row>
        </Section>

        <Section title="Restrictions and settings">
          <Row label="Age">{r.ageRestriction ? `${r.minAge ?? 1} to ${r.maxAge ?? 100} years` : 'Any age'}</Row>
          <Row label="Locations">{r.locationRestriction ? list(r.allowedLocations) : 'Anywhere'}</Row>
          <Row label="Genders">
            <span className="capitalize">{r.genderRestriction ? list(r.allowedGenders) : 'Any'}</span>
          </Row>
          <Row label="Multiple entries">{yesNo(c.settings.allowMultipleEntries)}</Row>
          <Row label="Show vote count">{yesNo(c.settings.showVoteCount)}</Row>
          <Row label="Comments">{yesNo(c.settings.allowComments)}</Row>
          <Row label="Tags">{list(c.tags)}</Row>
          <Row label="Rules">
            {c.rules.length ? (
              <ol className="list-decimal space-y-1 pl-5">
                {c.rules.map((rule, i) => (
                  <li key={i}>{rule}</li>
                ))}
              </ol>
            ) : (
              'None'
            )}
          </Row>
        </Section>
      </div>
    </Dialog>
  );
}
