/** The spec's words for every entry answer and refusal. */
export const ENTRY_MESSAGES = {
  notFound: 'Entry not found',
  contestNotFound: 'Contest not found',
  submittedLive: 'Your entry has been submitted and is now live!',
  submittedPending: 'Your entry has been submitted and is awaiting approval.',
  profileIncomplete:
    'Please complete your profile before submitting entries. You need to fill in at least 50% of your profile information.',
  ownContest: 'You cannot submit an entry to your own contest',
  wrongType: (type: string) => `This contest only accepts ${type} entries`,
  alreadyEntered: 'You have already submitted an entry to this contest',
  contestFull: 'This contest has reached its maximum number of participants',
  noFile: 'Please upload at least one file',
  notYours: 'You can only change your own entries',
  notEditable: 'Only pending or approved entries can be edited',
  hasVotes: 'Entries that have received votes cannot be deleted',
  hasPaidVotes: 'This entry has paid votes and cannot be deleted until they are refunded',
  isWinner: 'The winning entry of a contest cannot be deleted',
  notApprovedForLikes: 'Only approved entries can be liked',
} as const;
