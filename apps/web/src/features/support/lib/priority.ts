/** The badge tone of each ticket priority (the ticket created, the response-time table). */
export const PRIORITY_TONE = { low: 'neutral', medium: 'sky', high: 'amber', critical: 'red' } as const;
