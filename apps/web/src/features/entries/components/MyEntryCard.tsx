import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AlertCircle } from 'lucide-react';
import {
  formatDate,
  formatNaira,
  formatNumber,
  formatVoteCount,
  type TMyEntry,
  ENTRY_TYPE_LABELS,
  entryFeeText,
  paths,
} from '@contesthub/shared';
import { ButtonLink } from '../../../components/ui/button';
import { Badge, Skeleton } from '../../../components/ui/card';
import { CARD_FRAME, CardFact, CardSkeleton } from '../../../components/ui/card-parts';
import { EntryMedia } from './EntryMedia';
import { entryBadge } from '../lib/my-entry-tabs';

type Contest = TMyEntry['contest'];

function prizeText(c: Contest): string {
  switch (c.prizeType) {
    case 'badge':
      return c.badgeTitle || 'Badge';
    case 'cashanditem':
      return `${formatNaira(c.prizeAmount)} + prize items`;
    case 'cash':
      return formatNaira(c.prizeAmount);
  }
}

/** '#2 of 14' among the contest's approved entries; only approved entries are ranked. */
const positionText = (e: TMyEntry) =>
  e.ranking === null ? 'Not ranked' : `#${formatNumber(e.ranking)} of ${formatNumber(e.approvedEntries)}`;

/** One line per figure: long values are cut with an ellipsis. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <CardFact label={label} valueClassName="truncate text-slate-100">
      {children}
    </CardFact>
  );
}

/** One of the user's entries (spec 001 §2 My Entries). */
export function MyEntryCard({ entry }: { entry: TMyEntry }) {
  const titleId = useId();
  const { contest } = entry;
  const badge = entryBadge(entry);
  const contestPath = paths.contest(contest._id);
  const rejected = entry.status === 'rejected' || entry.status === 'disqualified';
  // An approved entry in a voting contest can be seen (and voted for) on the contest page.
  const viewable = entry.status === 'approved' && contest.status === 'voting';

  return (
    <article aria-labelledby={titleId} className={CARD_FRAME}>
      <EntryMedia entry={entry} />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <p className="flex flex-wrap items-center gap-2 text-xs font-medium text-slate-400">
          <Badge tone={badge.tone}>{badge.label}</Badge>
          <span>{ENTRY_TYPE_LABELS[entry.entryType]}</span>
        </p>
        <div className="min-w-0">
          <h3 id={titleId} className="line-clamp-2 break-words text-lg font-semibold leading-snug">
            {entry.title}
          </h3>
          <p className="mt-1 truncate text-sm text-slate-400">
            in{' '}
            <Link
              to={contestPath}
              className="font-medium text-amber-300 hover:text-amber-200 focus-visible:rounded focus-visible:outline-2 focus-visible:outline-emerald-400"
            >
              {contest.title}
            </Link>
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
          <Fact label="Submitted">
            <time dateTime={entry.submittedAt}>{formatDate(entry.submittedAt)}</time>
          </Fact>
          <Fact label="Entry fee">{entryFeeText(contest)}</Fact>
          <Fact label="Prize">
            <span className={contest.prizeType === 'badge' ? undefined : 'text-amber-300'}>{prizeText(contest)}</span>
          </Fact>
          <Fact label="Votes">{formatVoteCount(entry.votesCount)}</Fact>
          <Fact label="Position">{positionText(entry)}</Fact>
        </dl>
        {rejected && (
          <div className="flex gap-2 rounded-lg border border-red-500/30 bg-red-500/10 p-3 text-sm text-red-200">
            <AlertCircle className="mt-0.5 h-4 w-4 shrink-0 text-red-300" aria-hidden />
            <p className="min-w-0 break-words">
              <span className="font-semibold">Reason: </span>
              {entry.rejectionReason || 'No reason was given.'}
            </p>
          </div>
        )}
        <div className="mt-auto flex flex-wrap gap-2 pt-1">
          <ButtonLink to={contestPath} variant="outline" aria-describedby={titleId} className="min-w-0 flex-1">
            View Contest
          </ButtonLink>
          {viewable && (
            <ButtonLink to={paths.contestEntry(contest._id, entry._id)} aria-describedby={titleId} className="min-w-0 flex-1">
              View Entry
            </ButtonLink>
          )}
          {entry.status === 'rejected' && (
            // An appeal is a support ticket about the entry: the contact form opens filled in.
            <ButtonLink to={appealPath(entry.title)} variant="outline" aria-describedby={titleId} className="min-w-0 flex-1">
              Appeal
            </ButtonLink>
          )}
        </div>
      </div>
    </article>
  );
}

export function MyEntryCardSkeleton() {
  return (
    <CardSkeleton>
      <div className="grid grid-cols-2 gap-3">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-9" />
        ))}
      </div>
      <Skeleton className="h-10 w-full" />
    </CardSkeleton>
  );
}

const appealPath = (title: string) =>
  paths.contact({ category: 'Contest Issues', subject: `Appeal: rejected entry "${title}"`.slice(0, 200) });
