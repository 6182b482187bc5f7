/**
 * The pieces every contest card is made of (browse and home cards, My Contests cards): cover with
 * the status badge, category line, title and status text, and the prize. Each card adds its own
 * figures and actions (the frame, figures and skeleton are components/ui/card-parts).
 */
import { useState, type ReactNode } from 'react';
import { Award, Clock, Image as ImageIcon, Trophy } from 'lucide-react';
import { contestStatusText, formatNaira, type TContest, ENTRY_TYPE_LABELS } from '@contesthub/shared';
import { Badge } from '../../../components/ui/card';
import { CARD_SIZES, imageSetProps, ResponsiveImage, type ImageLoading } from '../../../components/ui/responsive-image';
import { CONTEST_STATUS_BADGE, prizeItemsSummary } from '../lib/contest-text';

/** The cover, or a gradient when there is none or it fails to load. */
function Cover({ contest, loading }: { contest: Pick<TContest, 'coverImage' | 'coverImageSet'>; loading: ImageLoading }) {
  const [failed, setFailed] = useState(false);
  const src = contest.coverImage;
  if (!src || failed) {
    return (
      <div
        data-testid="cover-fallback"
        className="grid aspect-video w-full place-items-center bg-gradient-to-br from-emerald-900/60 via-slate-900 to-amber-900/40"
      >
        {failed ? (
          <ImageIcon className="h-10 w-10 text-emerald-400/50" aria-hidden />
        ) : (
          <Trophy className="h-10 w-10 text-emerald-400/60" aria-hidden />
        )}
      </div>
    );
  }
  return (
    <ResponsiveImage
      {...imageSetProps(src, contest.coverImageSet)}
      sizes={CARD_SIZES}
      loading={loading}
      alt=""
      onError={() => setFailed(true)}
      className="aspect-video w-full object-cover"
    />
  );
}

/** The cover with the status badge over its corner; `loading` by the card's place in its grid (cardLoading). */
export function ContestCardCover({
  contest,
  loading = 'lazy',
}: {
  contest: Pick<TContest, 'coverImage' | 'coverImageSet' | 'status'>;
  loading?: ImageLoading;
}) {
  const status = CONTEST_STATUS_BADGE[contest.status];
  return (
    <div className="relative">
      {/* Keyed by the address, so a new cover gets a fresh load (and a fresh failure state). */}
      <Cover key={contest.coverImage ?? ''} contest={contest} loading={loading} />
      <Badge tone={status.tone} className="absolute left-3 top-3 bg-slate-950/80 backdrop-blur">
        {status.label}
      </Badge>
    </div>
  );
}

/** Category and entry type (and `extraMeta`), the title that names the card, and the status text. */
export function ContestCardHeading({ contest, titleId, extraMeta }: { contest: TContest; titleId: string; extraMeta?: ReactNode }) {
  return (
    <>
      <p className="flex flex-wrap items-center gap-x-2 text-xs font-medium text-slate-400">
        <span className="capitalize text-emerald-300">{contest.displayCategory}</span>
        <span aria-hidden>·</span>
        <span>{ENTRY_TYPE_LABELS[contest.entryType]}</span>
        {extraMeta && (
          <>
            <span aria-hidden>·</span>
            <span>{extraMeta}</span>
          </>
        )}
      </p>
      <h3 id={titleId} className="line-clamp-2 break-words text-lg font-semibold leading-snug text-slate-100">
        {contest.title}
      </h3>
      <p className="inline-flex items-center gap-1.5 text-sm text-slate-300">
        <Clock className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
        {contestStatusText(contest)}
      </p>
    </>
  );
}

/** The prize: a badge's title, or the cash amount with up to two prize items and '+N more'. */
export function ContestPrize({ contest }: { contest: Pick<TContest, 'prizeType' | 'prizeAmount' | 'prizeItems' | 'badgeTitle'> }) {
  if (contest.prizeType === 'badge') {
    return (
      <span className="inline-flex min-w-0 items-center gap-1">
        <Award className="h-4 w-4 shrink-0 text-amber-300" aria-hidden />
        <span className="break-words">{contest.badgeTitle || 'Badge'}</span>
      </span>
    );
  }
  const items = contest.prizeType === 'cashanditem' ? prizeItemsSummary(contest.prizeItems) : null;
  return (
    <span className="block min-w-0">
      <span className="break-words text-amber-300">{formatNaira(contest.prizeAmount)}</span>
      {items && (
        <span className="block break-words text-xs font-normal text-slate-300" title={contest.prizeItems.join(', ')}>
          + {items.shown.length ? items.shown.join(', ') : 'prize items'}
          {items.more && <span className="ml-1 text-slate-400">{items.more}</span>}
        </span>
      )}
    </span>
  );
}
