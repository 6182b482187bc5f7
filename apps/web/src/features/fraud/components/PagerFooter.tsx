import type { TPagination } from '@contesthub/shared';
import { Pagination } from '../../../components/ui/pagination';

/** The page numbers under a card's list (nothing for one page). */
export function PagerFooter({
  pagination,
  onChange,
  label,
  busy,
}: {
  pagination: TPagination | undefined;
  onChange: (page: number) => void;
  label: string;
  busy: boolean;
}) {
  if (!pagination || pagination.totalPages <= 1) return null;
  return (
    <div className="border-t border-slate-800 p-4">
      <Pagination page={pagination.page} pages={pagination.totalPages} onChange={onChange} label={label} disabled={busy} />
    </div>
  );
}
