import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { FilterX, Plus, Search, SearchX, SlidersHorizontal } from 'lucide-react';
import { formatNumber, ENTRY_TYPE_LABELS, paths } from '@contesthub/shared';
import { useToast } from '../../components/ui/toast';
import { Button, ButtonLink } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { SelectField } from '../../components/ui/field';
import { ListFooter } from '../../components/ui/list-footer';
import { cn } from '../../lib/cn';
import { PHONE_QUERY, useMediaQuery } from '../../lib/use-media-query';
import { useContests } from '../../features/contests/api/get-contests';
import { ContestCard, ContestCardSkeleton } from '../../features/contests/components/ContestCard';
import { cardLoading } from '../../components/ui/responsive-image';
import {
  BROWSE_SORTS,
  BROWSE_STATUSES,
  EMPTY_FILTERS,
  PRIZE_FILTERS,
  SEARCH_TOO_SHORT,
  activeFilterCount,
  categoryOptions,
  filtersLocation,
  hasActiveFilters,
  listParams,
  readFilters,
  searchIsValid,
  type BrowseFilters,
  type SheetFilters,
} from '../../features/contests/lib/browse-filters';

const LOAD_FAILED = 'Failed to load contests.';
const GRID = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

function SearchBox({ value, onSearch }: { value: string; onSearch: (term: string) => void }) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  const [error, setError] = useState<string | null>(null);
  // The URL changed (Clear All, back button): show its search text.
  if (shown !== value) {
    setShown(value);
    setDraft(value);
    setError(null);
  }
  const urlError = value && !searchIsValid(value) ? SEARCH_TOO_SHORT : null;
  const message = error ?? urlError;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const term = draft.trim();
    if (term && !searchIsValid(term)) {
      setError(SEARCH_TOO_SHORT);
      return;
    }
    setError(null);
    onSearch(term);
  };

  return (
    <form role="search" onSubmit={submit} noValidate className="space-y-1.5">
      <label htmlFor="contest-search" className="text-sm font-medium text-slate-200">
        Search contests
      </label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
          <input
            id="contest-search"
            type="search"
            value={draft}
            onChange={(e) => {
              setDraft(e.target.value);
              setError(null);
            }}
            placeholder="Title, description or tag"
            aria-invalid={!!message || undefined}
            aria-describedby={message ? 'contest-search-error' : undefined}
            className={cn(
              'h-10 w-full rounded-lg border bg-slate-900 pl-9 pr-3 text-sm text-slate-100 placeholder:text-slate-500 focus:outline-none focus:ring-2',
              message ? 'border-red-500/70 focus:ring-red-500/40' : 'border-slate-700 focus:border-emerald-500 focus:ring-emerald-500/30',
            )}
          />
        </div>
        <Button type="submit">Search</Button>
      </div>
      {message && (
        <p id="contest-search-error" role="alert" className="text-sm text-red-400">
          {message}
        </p>
      )}
    </form>
  );
}

/** The five choices (category, prize type, entry type, status, sort): inline on wide screens, in the sheet on a phone. */
function FilterFields({ filters, onChange }: { filters: SheetFilters; onChange: (patch: Partial<SheetFilters>) => void }) {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
      <SelectField
        label="Category"
        value={filters.category}
        onChange={(e) => onChange({ category: e.target.value as BrowseFilters['category'] })}
      >
        <option value="">All categories</option>
        {categoryOptions(filters.category).map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </SelectField>
      <SelectField label="Prize type" value={filters.prize} onChange={(e) => onChange({ prize: e.target.value as BrowseFilters['prize'] })}>
        <option value="">All prize types</option>
        {PRIZE_FILTERS.map((p) => (
          <option key={p.key} value={p.key}>
            {p.label}
          </option>
        ))}
      </SelectField>
      <SelectField
        label="Entry type"
        value={filters.entryType}
        onChange={(e) => onChange({ entryType: e.target.value as BrowseFilters['entryType'] })}
      >
        <option value="">All entry types</option>
        {Object.entries(ENTRY_TYPE_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <SelectField label="Status" value={filters.status} onChange={(e) => onChange({ status: e.target.value as BrowseFilters['status'] })}>
        <option value="">All statuses</option>
        {BROWSE_STATUSES.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </SelectField>
      <div className="col-span-2 lg:col-span-1">
        <SelectField
          label="Sort by"
          value={filters.sortBy}
          onChange={(e) => onChange({ sortBy: e.target.value as BrowseFilters['sortBy'] })}
        >
          {BROWSE_SORTS.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </SelectField>
      </div>
    </div>
  );
}

interface FiltersProps {
  filters: BrowseFilters;
  onChange: (patch: Partial<BrowseFilters>) => void;
  onClear: () => void;
}

/** Wide screens: the search and every filter in view, each change applied at once. */
function Filters({ filters, onChange, onClear }: FiltersProps) {
  const active = hasActiveFilters(filters);
  return (
    <Card className="space-y-4 p-4 sm:p-5">
      <SearchBox value={filters.search} onSearch={(search) => onChange({ search })} />
      <FilterFields filters={filters} onChange={onChange} />
      <div className="flex justify-end">
        <Button variant="ghost" size="sm" onClick={onClear} disabled={!active} icon={<FilterX className="h-4 w-4" aria-hidden />}>
          Clear All
        </Button>
      </div>
    </Card>
  );
}

const sheetPart = ({ search: _, ...rest }: BrowseFilters): SheetFilters => rest;
const EMPTY_SHEET = sheetPart(EMPTY_FILTERS);

/**
 * A phone: the search stays on the page and the other filters fold into a bottom sheet behind a
 * Filters button (with the number of active ones), so the first contests show in the first screen.
 * The sheet holds a draft: Apply Filters applies it, Clear All resets it, Escape or Close drop it.
 */
function PhoneFilters({ filters, onChange }: Omit<FiltersProps, 'onClear'>) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<SheetFilters>(EMPTY_SHEET);
  const formId = useId();
  const applyRef = useRef<HTMLButtonElement>(null);
  const count = activeFilterCount(filters);
  const draftChanged = activeFilterCount(draft) > 0;

  const openSheet = () => {
    setDraft(sheetPart(filters));
    setOpen(true);
  };
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setOpen(false);
    onChange(draft);
  };

  return (
    <div className="space-y-3">
      <SearchBox value={filters.search} onSearch={(search) => onChange({ search })} />
      <Button
        variant="outline"
        onClick={openSheet}
        aria-label={count > 0 ? `Filters, ${count} active` : undefined}
        aria-haspopup="dialog"
        aria-expanded={open}
        icon={<SlidersHorizontal className="h-4 w-4" aria-hidden />}
      >
        Filters
        {count > 0 && (
          <span
            aria-hidden
            className="grid h-5 min-w-5 place-items-center rounded-full bg-emerald-500 px-1.5 text-xs font-bold text-slate-950"
          >
            {count}
          </span>
        )}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        placement="bottom"
        title="Filters"
        footer={
          <>
            <Button
              variant="outline"
              onClick={() => {
                setDraft(EMPTY_SHEET);
                // Clear All disables itself: focus moves on to the next step instead of the page.
                applyRef.current?.focus();
              }}
              disabled={!draftChanged}
              icon={<FilterX className="h-4 w-4" aria-hidden />}
            >
              Clear All
            </Button>
            <Button ref={applyRef} type="submit" form={formId}>
              Apply Filters
            </Button>
          </>
        }
      >
        <form id={formId} onSubmit={apply} noValidate>
          <FilterFields filters={draft} onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))} />
        </form>
      </Dialog>
    </div>
  );
}

function Shell({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <div>
        <h1 className="text-3xl font-bold sm:text-4xl">Browse Contests</h1>
        <p className="mt-2 text-slate-400">Find a contest for your talent: enter, vote and win.</p>
      </div>
      {children}
    </div>
  );
}

/** /contests and its aliases (spec 000 §2): filters from the URL, pages of 12 with Load More. */
export default function ContestsPage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const resultsId = useId();
  const phone = useMediaQuery(PHONE_QUERY);
  const filters = useMemo(() => readFilters(pathname, params), [pathname, params]);
  const query = useMemo(() => listParams(filters), [filters]);
  const contests = useContests(query);

  const go = (next: BrowseFilters) => navigate(filtersLocation(next, pathname));
  const change = (patch: Partial<BrowseFilters>) => go({ ...filters, ...patch });
  const clear = () => go(EMPTY_FILTERS);

  const toasted = useRef<unknown>(null);
  useEffect(() => {
    if (contests.error && toasted.current !== contests.error) {
      toasted.current = contests.error;
      toast.error('Error', LOAD_FAILED);
    }
  }, [contests.error, toast]);

  const items = contests.data?.pages.flatMap((p) => p.contests) ?? [];
  const total = contests.data?.pages[0]?.pagination.total ?? 0;
  const filtered = hasActiveFilters(filters);

  let body: ReactNode;
  if (contests.isPending) {
    body = (
      <div role="status" aria-label="Loading contests" className={GRID}>
        {Array.from({ length: 8 }, (_, i) => (
          <ContestCardSkeleton key={i} />
        ))}
      </div>
    );
  } else if (contests.isError && !contests.data) {
    body = (
      <Card role="alert" className="py-12 text-center">
        <p className="text-slate-300">{LOAD_FAILED}</p>
        <Button className="mt-6" variant="outline" onClick={() => void contests.refetch()} loading={contests.isFetching}>
          Try Again
        </Button>
      </Card>
    );
  } else if (items.length === 0) {
    body = (
      <Card className="py-14 text-center">
        <SearchX className="mx-auto h-12 w-12 text-slate-400" aria-hidden />
        <h3 className="mt-4 text-xl font-semibold">No contests found</h3>
        <p className="mt-2 text-slate-400">
          {filtered
            ? 'No contest matches these filters. Try different ones, or start your own.'
            : 'There are no contests yet. Be the first to start one.'}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {filtered && (
            <Button variant="outline" onClick={clear} icon={<FilterX className="h-4 w-4" aria-hidden />}>
              Clear Filters
            </Button>
          )}
          <ButtonLink to={paths.create()} variant="accent">
            <Plus className="h-4 w-4" aria-hidden />
            Create a Contest
          </ButtonLink>
        </div>
      </Card>
    );
  } else {
    body = (
      <>
        <ul className={GRID}>
          {items.map((c, i) => (
            <li key={c._id} className="min-w-0">
              <ContestCard contest={c} imageLoading={cardLoading(i)} />
            </li>
          ))}
        </ul>
        <ListFooter list={contests} describedBy={resultsId} endText="That's every contest." />
      </>
    );
  }

  return (
    <Shell>
      {phone ? <PhoneFilters filters={filters} onChange={change} /> : <Filters filters={filters} onChange={change} onClear={clear} />}
      <section aria-labelledby={`${resultsId}-heading`} className="space-y-6">
        <h2 id={`${resultsId}-heading`} className="sr-only">
          Contests
        </h2>
        <p id={resultsId} aria-live="polite" className="text-sm text-slate-400">
          {contests.data && items.length > 0
            ? `Showing ${formatNumber(items.length)} of ${formatNumber(total)} contest${total === 1 ? '' : 's'}`
            : ''}
        </p>
        {body}
      </section>
    </Shell>
  );
}
