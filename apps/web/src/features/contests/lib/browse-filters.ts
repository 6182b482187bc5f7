/**
 * The browse filters (spec 000 §2 Contest browse, §9 filter options) and their home in the URL.
 * The URL is the source of truth: the page reads the filters from the path and query, and every
 * change navigates. Prize type lives in the path (the spec's aliases /contests/cash-prize,
 * /contests/items-prize, /contests/hybrid-prize, /contests/open-contest), because Items Prize and
 * Hybrid Prize send the same wire value (hybrid = cash plus items = `cashanditem`) and a query value
 * alone could not tell the two options apart. A `prizeType` query parameter (a wire value) still
 * works and wins over the path.
 */
import {
  BROWSE_CATEGORIES,
  CONTEST_CATEGORIES,
  ENTRY_TYPES,
  PAGE_SIZES,
  SEARCH_MIN_LENGTH,
  type ContestCategory,
  type EntryType,
  type PrizeType,
  paths,
} from '@contesthub/shared';

export const SEARCH_TOO_SHORT = 'Search query must be at least 2 characters long';

export type PrizeFilter = 'cash' | 'items' | 'hybrid' | 'open';

export const PRIZE_FILTERS: ReadonlyArray<{ key: PrizeFilter; label: string; value: PrizeType; path: string }> = [
  { key: 'cash', label: 'Cash Prize', value: 'cash', path: paths.cashPrizeContests() },
  { key: 'items', label: 'Items Prize', value: 'cashanditem', path: paths.itemsPrizeContests() },
  { key: 'hybrid', label: 'Hybrid Prize', value: 'cashanditem', path: paths.hybridPrizeContests() },
  { key: 'open', label: 'Open Contest', value: 'badge', path: paths.openContests() },
];

export const BROWSE_STATUSES = [
  { value: 'active', label: 'Active' },
  { value: 'voting', label: 'Voting' },
  { value: 'ended', label: 'Ended' },
] as const;
export type BrowseStatus = (typeof BROWSE_STATUSES)[number]['value'];

/** Each sort is sent as its own value (the original sent 'entries' and 'prize' as newest). */
export const BROWSE_SORTS = [
  { value: 'newest', label: 'Newest' },
  { value: 'deadline', label: 'Ending Soon' },
  { value: 'entries', label: 'Most Entries' },
  { value: 'prize', label: 'Biggest Prize' },
  { value: 'votes', label: 'Most Votes' },
] as const;
export type BrowseSort = (typeof BROWSE_SORTS)[number]['value'];
export const DEFAULT_SORT: BrowseSort = 'newest';

export interface BrowseFilters {
  /** The search text as in the URL (trimmed); sent only from 2 characters on. */
  search: string;
  category: ContestCategory | '';
  prize: PrizeFilter | '';
  entryType: EntryType | '';
  status: BrowseStatus | '';
  sortBy: BrowseSort;
}

export const EMPTY_FILTERS: BrowseFilters = { search: '', category: '', prize: '', entryType: '', status: '', sortBy: DEFAULT_SORT };

/** GET /contests query (without page). */
export interface ContestListParams {
  search?: string;
  category?: ContestCategory;
  prizeType?: PrizeType;
  entryType?: EntryType;
  status?: BrowseStatus;
  sortBy: BrowseSort;
  limit: number;
}

const normalise = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** The prize filter a path alias presets, if any. */
export function presetPrize(pathname: string): PrizeFilter | '' {
  const path = normalise(pathname);
  return PRIZE_FILTERS.find((p) => p.path === path)?.key ?? '';
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | '' =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : '';

function prizeFromQuery(value: string | null, preset: PrizeFilter | ''): PrizeFilter | '' {
  if (!value) return '';
  if (value === 'cashanditem') return preset === 'hybrid' ? 'hybrid' : 'items';
  const byWire = PRIZE_FILTERS.find((p) => p.value === value);
  if (byWire) return byWire.key;
  return oneOf(['cash', 'items', 'hybrid', 'open'], value);
}

/** The filters a location asks for; unknown values are ignored rather than sent. */
export function readFilters(pathname: string, params: URLSearchParams): BrowseFilters {
  const preset = presetPrize(pathname);
  return {
    search: (params.get('search') ?? '').trim(),
    category: oneOf(CONTEST_CATEGORIES, params.get('category')),
    prize: prizeFromQuery(params.get('prizeType'), preset) || preset,
    entryType: oneOf(ENTRY_TYPES, params.get('entryType')),
    status: oneOf(
      BROWSE_STATUSES.map((s) => s.value),
      params.get('status'),
    ),
    sortBy:
      oneOf(
        BROWSE_SORTS.map((s) => s.value),
        params.get('sortBy'),
      ) || DEFAULT_SORT,
  };
}

export const searchIsValid = (search: string) => search.trim().length >= SEARCH_MIN_LENGTH;

/** The API query for the filters: every chosen filter is sent, the search only once long enough. */
export function listParams(f: BrowseFilters): ContestListParams {
  return {
    ...(searchIsValid(f.search) ? { search: f.search.trim() } : {}),
    ...(f.category ? { category: f.category } : {}),
    ...(f.prize ? { prizeType: PRIZE_FILTERS.find((p) => p.key === f.prize)!.value } : {}),
    ...(f.entryType ? { entryType: f.entryType } : {}),
    ...(f.status ? { status: f.status } : {}),
    sortBy: f.sortBy,
    limit: PAGE_SIZES.browse,
  };
}

export const hasActiveFilters = (f: BrowseFilters) =>
  !!(f.search || f.category || f.prize || f.entryType || f.status) || f.sortBy !== DEFAULT_SORT;

/** The choices a phone's filter sheet holds (everything but the search, which stays on the page). */
export type SheetFilters = Omit<BrowseFilters, 'search'>;

/** How many of the sheet's choices differ from the defaults (the count on the phone's Filters button). */
export const activeFilterCount = (f: SheetFilters) =>
  [f.category, f.prize, f.entryType, f.status].filter(Boolean).length + (f.sortBy !== DEFAULT_SORT ? 1 : 0);

/**
 * Where the filters live: the prize alias path (or the current path when it presets nothing, so
 * /categories stays /categories) and the other filters as query parameters, defaults left out.
 */
export function filtersLocation(f: BrowseFilters, currentPath: string): { pathname: string; search: string } {
  const prize = PRIZE_FILTERS.find((p) => p.key === f.prize);
  const pathname = prize ? prize.path : presetPrize(currentPath) ? paths.contests() : normalise(currentPath);
  const q = new URLSearchParams();
  if (f.search) q.set('search', f.search);
  if (f.category) q.set('category', f.category);
  if (f.entryType) q.set('entryType', f.entryType);
  if (f.status) q.set('status', f.status);
  if (f.sortBy !== DEFAULT_SORT) q.set('sortBy', f.sortBy);
  const search = q.toString();
  return { pathname, search: search ? `?${search}` : '' };
}

/** Category options: the browse list, plus the URL's category when it is a valid one not listed. */
export function categoryOptions(current: ContestCategory | ''): Array<{ label: string; value: string }> {
  const options: Array<{ label: string; value: string }> = BROWSE_CATEGORIES.map((c) => ({ label: c.label, value: c.value }));
  if (current && !options.some((o) => o.value === current)) {
    options.push({ label: current.replace(/\b\w/g, (ch) => ch.toUpperCase()), value: current });
  }
  return options;
}
