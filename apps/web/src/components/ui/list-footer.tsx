import type { ReactNode } from 'react';
import { Button } from './button';

/** What ListFooter reads from a TanStack infinite query (pass the query result as is). */
export interface PagedList {
  data?: { pages: readonly unknown[] } | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The one footer of a paged list: a Load More button (busy while the next page loads) while the
 * server has another page; once more than one page has been loaded and none is left, an
 * end-of-list line instead. Nothing for a list that fits on one page.
 */
export function ListFooter({
  list,
  label = 'Load More',
  endText = "You've reached the end of the list.",
  describedBy,
}: {
  list: PagedList;
  /** The button's text, e.g. 'Load More Entries'. */
  label?: string;
  endText?: ReactNode;
  /** Id of the element that says what is loaded (e.g. "Showing 12 of 30 contests"). */
  describedBy?: string;
}) {
  const pages = list.data?.pages.length ?? 0;
  if (list.hasNextPage) {
    return (
      <div className="flex justify-center">
        <Button
          variant="outline"
          size="lg"
          onClick={() => void list.fetchNextPage()}
          loading={list.isFetchingNextPage}
          aria-describedby={describedBy}
        >
          {label}
        </Button>
      </div>
    );
  }
  if (pages < 2) return null;
  return <p className="text-center text-sm text-slate-400">{endText}</p>;
}
