/** Query keys of the vote-credit calls (GET /vote-credits/*). */
export const voteCreditKeys = {
  all: ['vote-credits'] as const,
  packages: () => ['vote-credits', 'packages'] as const,
  transactions: (params: object) => ['vote-credits', 'transactions', params] as const,
  stats: () => ['vote-credits', 'stats'] as const,
};
