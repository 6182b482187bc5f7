/**
 * What the demo contests are: every status, wizard category, prize type and entry type, free and
 * paid entry, free/paid/both voting, open and review entry modes. The runner (contests.ts) plays
 * each plan through the real services with the clock moved, so the data is what real use leaves.
 */
import type { ContestCategory, EntryType, PrizeType, VotingType } from '@contesthub/shared';

export type PersonKey =
  | 'admin'
  | 'moderator'
  | 'organizer'
  | 'participant'
  | 'adaeze'
  | 'emeka'
  | 'funmilayo'
  | 'ibrahim'
  | 'ngozi'
  | 'segun'
  | 'zainab'
  | 'tobi';

/** Where the contest stands once seeded. */
export type Phase = 'upcoming' | 'entries' | 'voting' | 'ended' | 'cancelled';

export interface EntryPlan {
  by: PersonKey;
  title: string;
  description: string;
  /** Review-mode contests only: what the organizer decides (default approved). */
  outcome?: 'approved' | 'pending' | 'rejected';
}

export interface ContestPlan {
  /** Stable key: ledger references and idempotency. */
  key: string;
  title: string;
  organizer: PersonKey;
  phase: Phase;
  featured?: boolean;
  category: ContestCategory;
  customCategory?: string;
  description: string;
  tags: string[];
  rules: string[];
  prizeType: PrizeType;
  /** Naira (cash and cashanditem). */
  prizeNaira?: number;
  prizeItems?: string[];
  badgeTitle?: string;
  entryType: EntryType;
  /** Vote credits; 0 or absent: free entry. */
  entryFeeCredits?: number;
  entryReview?: 'open' | 'review';
  votingType: VotingType;
  votingFeeCredits?: number;
  freeVotesPerUser?: number;
  maxVotesPerUser?: number | null;
  maxParticipants?: number;
  restrictions?: {
    ageRestriction?: boolean;
    minAge?: number;
    maxAge?: number;
    locationRestriction?: boolean;
    allowedLocations?: string[];
  };
  entries: EntryPlan[];
  cancelReason?: string;
}

export const CONTEST_PLANS: ContestPlan[] = [
  // ---------------------------------------------------------------- upcoming ('Starts …')
  {
    key: 'nollywood-shorts',
    title: 'Nollywood Short Film Showcase',
    organizer: 'organizer',
    phase: 'upcoming',
    featured: true,
    category: 'video',
    description:
      'Tell a Nigerian story in under three minutes. From Surulere family drama to Enugu campus comedy, show us what the next generation of Nollywood looks like. Shot on a phone is fine: story and craft win.',
    tags: ['nollywood', 'short-film', 'storytelling'],
    rules: [
      'Maximum length is 3 minutes',
      'Original work only; no copyrighted music',
      'English, Pidgin, Yoruba, Igbo or Hausa with subtitles',
    ],
    prizeType: 'cash',
    prizeNaira: 120_000,
    entryType: 'video',
    votingType: 'both',
    votingFeeCredits: 10,
    freeVotesPerUser: 1,
    maxVotesPerUser: 10,
    entries: [],
  },
  {
    key: 'ankara-runway',
    title: 'Ankara Runway Challenge',
    organizer: 'zainab',
    phase: 'upcoming',
    category: 'fashion',
    description:
      'Design, sew and style one Ankara look for the runway. Show the full outfit in good light and tell us the story behind the print. Open to designers aged 18 to 35.',
    tags: ['ankara', 'fashion', 'design'],
    rules: ['One look per designer', 'The outfit must be your own work', 'Photos must show the full outfit'],
    prizeType: 'badge',
    badgeTitle: 'Ankara Trendsetter',
    entryType: 'photo',
    votingType: 'free',
    restrictions: { ageRestriction: true, minAge: 18, maxAge: 35 },
    entries: [],
  },
  {
    key: 'comedy-skits',
    title: 'Naija Comedy Skit Fest',
    organizer: 'segun',
    phase: 'upcoming',
    featured: true,
    category: 'other',
    customCategory: 'Comedy',
    description:
      'Make Naija laugh! Submit a one-minute comedy skit about everyday life: NEPA wahala, danfo conductors, aunties at owambe. Clean jokes only.',
    tags: ['comedy', 'skits', 'pidgin'],
    rules: ['At most 60 seconds', 'No vulgar language', 'No reposting another creator’s skit'],
    prizeType: 'cash',
    prizeNaira: 80_000,
    entryType: 'video',
    entryFeeCredits: 5,
    votingType: 'paid',
    votingFeeCredits: 10,
    maxVotesPerUser: 10,
    entries: [],
  },

  // ---------------------------------------------------------------- active, accepting entries
  {
    key: 'lagos-street',
    title: 'Lagos Street Photography 2026',
    organizer: 'organizer',
    phase: 'entries',
    featured: true,
    category: 'photography',
    description:
      'Capture the energy of Lagos streets: the markets of Balogun, danfos on Third Mainland Bridge, hawkers at Ojuelegba, sunset at Tarkwa Bay. We want real moments, real people and the colour of the city.',
    tags: ['lagos', 'street', 'photography'],
    rules: ['Photos must be taken in Lagos State', 'Light editing only; no composites', 'Ask permission for close-up portraits'],
    prizeType: 'cash',
    prizeNaira: 100_000,
    entryType: 'photo',
    votingType: 'both',
    votingFeeCredits: 10,
    freeVotesPerUser: 1,
    maxVotesPerUser: 10,
    entries: [
      { by: 'segun', title: 'Danfo Rush Hour at Obalende', description: 'Yellow buses and rain at 6pm, everyone heading home.' },
      { by: 'participant', title: 'Balogun Market Colours', description: 'Fabric sellers under umbrellas on a busy Saturday.' },
      { by: 'tobi', title: 'Third Mainland Sunset', description: 'The lagoon glowing orange from the bridge.' },
      { by: 'adaeze', title: 'Ojuelegba Hustle', description: 'Hawkers weaving through traffic with trays of gala and water.' },
      { by: 'emeka', title: 'Fishermen of Makoko', description: 'Early morning canoes on the water community.' },
    ],
  },
  {
    key: 'poetry-slam',
    title: 'Naija Poetry Slam',
    organizer: 'organizer',
    phase: 'entries',
    category: 'writing',
    description:
      'Spoken word and page poetry about home, hope and hustle. Send your poem as a PDF or text file; the organizer reviews every entry before it goes live.',
    tags: ['poetry', 'spoken-word', 'writing'],
    rules: ['One poem per poet, at most 40 lines', 'Original and unpublished work', 'Entries are reviewed before they appear'],
    prizeType: 'badge',
    badgeTitle: 'Slam Champion',
    entryType: 'article',
    entryReview: 'review',
    votingType: 'free',
    entries: [
      {
        by: 'ngozi',
        title: 'Ode to Nsukka Rain',
        description: 'A poem about the first rain of the season on campus.',
        outcome: 'approved',
      },
      { by: 'participant', title: 'Mother Tongue', description: 'On forgetting and finding Igbo again.', outcome: 'pending' },
      { by: 'emeka', title: 'Generator Lullaby', description: 'The sound of a Lagos night, line by line.', outcome: 'pending' },
      { by: 'zainab', title: 'Harmattan Letters', description: 'Letters to a friend across the Sahel.', outcome: 'pending' },
      {
        by: 'tobi',
        title: 'Untitled Draft',
        description: 'A rough draft I will polish later.',
        outcome: 'rejected',
      },
    ],
  },
  {
    key: 'campus-pitch',
    title: 'Campus Startup Pitch Naija',
    organizer: 'ibrahim',
    phase: 'entries',
    category: 'business',
    description:
      'Students, pitch the business that solves a Nigerian problem. Upload a one-page pitch (PDF): problem, solution, market and how you will make money.',
    tags: ['startup', 'pitch', 'students'],
    rules: ['Team of at most 3 students', 'One-page pitch as PDF', 'Include a revenue model'],
    prizeType: 'cash',
    prizeNaira: 50_000,
    entryType: 'article',
    entryFeeCredits: 5,
    votingType: 'paid',
    votingFeeCredits: 10,
    maxVotesPerUser: 10,
    entries: [
      { by: 'funmilayo', title: 'FarmLink: Market Prices by SMS', description: 'Daily crop prices for farmers without smartphones.' },
      { by: 'tobi', title: 'ShareRide Abeokuta', description: 'Keke bookings for campus students.' },
      { by: 'participant', title: 'PadiPay', description: 'Split bills with friends in naira, instantly.' },
    ],
  },
  {
    key: 'code-for-lagos',
    title: 'Code for Lagos: Traffic Solutions',
    organizer: 'admin',
    phase: 'entries',
    featured: true,
    category: 'coding',
    description:
      'An official ContestHub challenge. Propose and prototype software that makes Lagos traffic less painful: route planning for danfos, BRT schedules, parking. Submit a short technical write-up (PDF).',
    tags: ['coding', 'lagos', 'traffic', 'hackathon'],
    rules: ['Write-up of at most 2 pages', 'Link to a public repository if you have one', 'Teams of up to 4'],
    prizeType: 'cashanditem',
    prizeNaira: 100_000,
    prizeItems: ['Laptop', 'Mentorship with a senior engineer'],
    entryType: 'article',
    votingType: 'both',
    votingFeeCredits: 10,
    freeVotesPerUser: 1,
    maxVotesPerUser: 10,
    entries: [
      { by: 'emeka', title: 'DanfoMap', description: 'Crowd-sourced danfo routes with live fares.' },
      { by: 'ibrahim', title: 'BRT Arrival Predictor', description: 'Bus arrival times from GPS pings.' },
    ],
  },
  {
    key: 'yoruba-proverbs',
    title: 'Yoruba Proverbs Illustrated',
    organizer: 'ngozi',
    phase: 'entries',
    category: 'art & design',
    description:
      'Pick a Yoruba proverb and illustrate it: painting, digital art or design. Put the proverb and its meaning in the description.',
    tags: ['illustration', 'yoruba', 'proverbs'],
    rules: ['Include the proverb and its English meaning', 'Original artwork only'],
    prizeType: 'badge',
    badgeTitle: 'Proverb Painter',
    entryType: 'photo',
    votingType: 'free',
    entries: [
      { by: 'funmilayo', title: 'Agbado ti a ba je', description: 'Bright acrylic on canvas about patience.' },
      { by: 'segun', title: 'Igi kan kii se igbo', description: 'One tree does not make a forest: a digital collage.' },
    ],
  },

  // ---------------------------------------------------------------- voting
  {
    key: 'afrobeats-dance',
    title: 'Afrobeats Dance Challenge',
    organizer: 'segun',
    phase: 'voting',
    featured: true,
    category: 'music',
    description:
      'Show us your best Afrobeats moves! Shaku shaku, zanku, legwork or your own style: one short clip, pure vibes. Top dancer wins cash plus a ring light and a studio session.',
    tags: ['afrobeats', 'dance', 'challenge'],
    rules: ['Clip of at most 60 seconds', 'Dance to any Afrobeats song', 'No explicit content'],
    prizeType: 'cashanditem',
    prizeNaira: 150_000,
    prizeItems: ['Ring light', 'Studio session at Surulere Sound'],
    entryType: 'video',
    entryFeeCredits: 20,
    votingType: 'both',
    votingFeeCredits: 10,
    freeVotesPerUser: 2,
    maxVotesPerUser: 10,
    entries: [
      { by: 'tobi', title: 'Zanku on the Rooftop', description: 'Legwork with the Abeokuta skyline behind me.' },
      { by: 'adaeze', title: 'Shaku Shaku Sisters', description: 'My sister and I in perfect sync.' },
      { by: 'participant', title: 'Enugu Groove', description: 'Freestyle to my favourite Afrobeats track.' },
      { by: 'emeka', title: 'Owerri Night Moves', description: 'Late night practice, first take.' },
    ],
  },
  {
    key: 'jollof-cookoff',
    title: 'Jollof Cook-Off',
    organizer: 'funmilayo',
    phase: 'voting',
    featured: true,
    category: 'food',
    description:
      'Who makes the best jollof in Naija? Snap your party jollof (bonus points for the smoky bottom pot) and tell us your secret. Voters decide with paid votes only.',
    tags: ['jollof', 'cooking', 'food'],
    rules: ['Photo of a dish you cooked', 'Share at least one ingredient tip', 'No restaurant photos'],
    prizeType: 'cash',
    prizeNaira: 75_000,
    entryType: 'photo',
    entryFeeCredits: 10,
    votingType: 'paid',
    votingFeeCredits: 10,
    maxVotesPerUser: 10,
    entries: [
      { by: 'adaeze', title: 'Smoky Party Jollof', description: 'Firewood, tatashe and a lot of patience.' },
      { by: 'ibrahim', title: 'Kano Spicy Jollof', description: 'With yaji and fried plantain.' },
      { by: 'participant', title: 'Coconut Jollof Rice', description: 'Coconut milk for a creamy finish.' },
      { by: 'ngozi', title: 'Sunday Jollof and Chicken', description: 'The Sunday lunch classic.' },
    ],
  },
  {
    key: 'gospel-highlife',
    title: 'Naija Gospel & Highlife Vocals',
    organizer: 'organizer',
    phase: 'voting',
    category: 'music',
    description:
      'Sing a verse and chorus of a gospel or highlife song, a cappella or with one instrument. Entries are reviewed before they go live.',
    tags: ['highlife', 'gospel', 'vocals'],
    rules: ['At most 2 minutes of audio', 'Live vocals, no autotune', 'Covers allowed; name the song'],
    prizeType: 'badge',
    badgeTitle: 'Golden Voice',
    entryType: 'audio',
    entryReview: 'review',
    votingType: 'free',
    freeVotesPerUser: 1,
    maxVotesPerUser: 1,
    entries: [
      { by: 'emeka', title: 'Osondi Owendi (Cover)', description: 'A tribute to Osadebe, voice and guitar.', outcome: 'approved' },
      { by: 'zainab', title: 'Amazing Grace in Hausa', description: 'A cappella, recorded at home.', outcome: 'approved' },
      { by: 'participant', title: 'Sweet Mother', description: 'Prince Nico Mbarga classic, my way.', outcome: 'approved' },
      { by: 'tobi', title: 'Morning Praise', description: 'A short worship medley.', outcome: 'pending' },
    ],
  },
  {
    key: 'eko-marathon',
    title: 'Eko Marathon Moments',
    organizer: 'segun',
    phase: 'voting',
    category: 'sports',
    description: 'Photos from the Lagos City Marathon: the runners, the crowd, the finish line at Eko Atlantic.',
    tags: ['marathon', 'lagos', 'sports'],
    rules: ['Photos from this year’s race', 'No drone photos'],
    prizeType: 'badge',
    badgeTitle: 'Eko Sprint Star',
    entryType: 'photo',
    votingType: 'free',
    entries: [
      { by: 'funmilayo', title: 'Finish Line Tears', description: 'A first-time marathoner crossing the line.' },
      { by: 'ibrahim', title: 'Water Station Heroes', description: 'Volunteers handing out sachet water.' },
      { by: 'tobi', title: 'Eko Bridge at Dawn', description: 'Thousands of runners on the bridge.' },
    ],
  },
  {
    key: 'adire-showcase',
    title: 'Adire Art & Design Showcase',
    organizer: 'ngozi',
    phase: 'voting',
    category: 'art & design',
    description: 'Adire, the indigo resist-dyed cloth of Abeokuta, reimagined. Show your adire pattern, print or digital design.',
    tags: ['adire', 'textile', 'design'],
    rules: ['Original designs only', 'Tell us the technique you used'],
    prizeType: 'cash',
    prizeNaira: 30_000,
    entryType: 'photo',
    votingType: 'both',
    votingFeeCredits: 10,
    freeVotesPerUser: 1,
    maxVotesPerUser: 10,
    entries: [
      { by: 'tobi', title: 'Indigo Waves', description: 'Tie-dye adire from Itoku market.' },
      { by: 'zainab', title: 'Geometric Eleko', description: 'Cassava-paste resist, hand painted.' },
      { by: 'adaeze', title: 'Digital Adire', description: 'A vector pattern inspired by adire oniko.' },
    ],
  },
  {
    key: 'kano-durbar',
    title: 'Kano Durbar Photo Story',
    organizer: 'ibrahim',
    phase: 'voting',
    category: 'photography',
    description: 'The horses, the riders and the colour of the Durbar festival. Tell the story in one photograph.',
    tags: ['durbar', 'kano', 'culture'],
    rules: ['One photo per person', 'Respect the riders: no flash'],
    prizeType: 'cash',
    prizeNaira: 40_000,
    entryType: 'photo',
    votingType: 'free',
    entries: [
      { by: 'zainab', title: 'Riders of the Emir', description: 'Horsemen in full regalia at the palace.' },
      { by: 'segun', title: 'Drummers at Sallah', description: 'The rhythm before the procession.' },
      { by: 'emeka', title: 'Dust and Gold', description: 'A charge across the square.' },
    ],
  },

  // ---------------------------------------------------------------- ended (winner paid or badge awarded)
  {
    key: 'owambe-lookbook',
    title: 'Owambe Fashion Lookbook',
    organizer: 'organizer',
    phase: 'ended',
    category: 'fashion',
    description: 'Aso-ebi, gele and agbada: show your best owambe look. The winner takes home the cash prize.',
    tags: ['owambe', 'aso-ebi', 'fashion'],
    rules: ['Photo of an outfit you wore', 'No professional studio shoots'],
    prizeType: 'cash',
    prizeNaira: 50_000,
    entryType: 'photo',
    votingType: 'both',
    votingFeeCredits: 10,
    freeVotesPerUser: 1,
    maxVotesPerUser: 10,
    entries: [
      { by: 'adaeze', title: 'Emerald Gele Queen', description: 'Aso-ebi for my cousin’s wedding in Awka.' },
      { by: 'segun', title: 'Agbada Swag', description: 'Three-piece agbada in royal blue.' },
      { by: 'participant', title: 'Coral Beads and Lace', description: 'Traditional wedding guest look.' },
      { by: 'zainab', title: 'Abaya Elegance', description: 'Embroidered abaya with gold trim.' },
    ],
  },
  {
    key: 'flash-fiction',
    title: 'Naija Flash Fiction Prize',
    organizer: 'ibrahim',
    phase: 'ended',
    category: 'writing',
    description: 'A complete story in 500 words or fewer, set anywhere in Nigeria. Cash plus a signed book bundle for the winner.',
    tags: ['fiction', 'writing', 'short-story'],
    rules: ['At most 500 words', 'Set in Nigeria', 'One story per writer'],
    prizeType: 'cashanditem',
    prizeNaira: 40_000,
    prizeItems: ['Signed book bundle'],
    entryType: 'article',
    entryFeeCredits: 5,
    votingType: 'free',
    freeVotesPerUser: 1,
    maxVotesPerUser: 1,
    entries: [
      { by: 'ngozi', title: 'The Last Danfo to Oshodi', description: 'A conductor, a stranger and a missing bag.' },
      { by: 'participant', title: 'Mama’s Pepper Soup', description: 'A recipe that carries a family secret.' },
      { by: 'emeka', title: 'Power Holding', description: 'A street waits for light.' },
    ],
  },
  {
    key: 'harmattan-portraits',
    title: 'Harmattan Portraits',
    organizer: 'organizer',
    phase: 'ended',
    category: 'photography',
    description: 'Portraits in the hazy Harmattan light. The winner earns the Harmattan Master badge.',
    tags: ['portrait', 'harmattan', 'photography'],
    rules: ['Portraits only', 'Natural light'],
    prizeType: 'badge',
    badgeTitle: 'Harmattan Master',
    entryType: 'photo',
    votingType: 'free',
    entries: [
      { by: 'participant', title: 'Grandpa in the Haze', description: 'My grandfather on his veranda in Enugu.' },
      { by: 'tobi', title: 'Dusty Road Smile', description: 'A girl on her way to school.' },
      { by: 'funmilayo', title: 'Market Woman, Bodija', description: 'Morning light through the dust.' },
    ],
  },
  {
    key: 'podcast-pitch',
    title: 'Lagos Podcast Pitch',
    organizer: 'ibrahim',
    phase: 'ended',
    category: 'other',
    customCategory: 'Podcasting',
    description: 'Record a one-minute trailer for the Nigerian podcast you want to make.',
    tags: ['podcast', 'audio', 'storytelling'],
    rules: ['At most 60 seconds', 'Clean audio, no background music required'],
    prizeType: 'cash',
    prizeNaira: 25_000,
    entryType: 'audio',
    votingType: 'free',
    entries: [
      { by: 'segun', title: 'Gidi Money Talk', description: 'Personal finance for young Lagosians.' },
      { by: 'adaeze', title: 'Igbo Kwenu Stories', description: 'Folktales retold for a new generation.' },
    ],
  },

  // ---------------------------------------------------------------- cancelled (refunds)
  {
    key: 'ph-freestyle',
    title: 'Port Harcourt Football Freestyle',
    organizer: 'organizer',
    phase: 'cancelled',
    category: 'sports',
    description:
      'Show off your football freestyle skills in one photo sequence. (Cancelled: the sponsor pulled out; everyone was refunded.)',
    tags: ['football', 'freestyle', 'port-harcourt'],
    rules: ['Photos of your own tricks', 'No professional players'],
    prizeType: 'cash',
    prizeNaira: 60_000,
    entryType: 'photo',
    entryFeeCredits: 10,
    votingType: 'both',
    votingFeeCredits: 10,
    freeVotesPerUser: 1,
    maxVotesPerUser: 10,
    entries: [
      { by: 'emeka', title: 'Around the World', description: 'Five in a row at Liberation Stadium.' },
      { by: 'participant', title: 'Rainbow Flick', description: 'Finally landed it!' },
    ],
    cancelReason: 'The sponsor withdrew; every entry fee and paid vote has been refunded.',
  },
  {
    key: 'calabar-carnival',
    title: 'Calabar Carnival Costume Design',
    organizer: 'zainab',
    phase: 'cancelled',
    category: 'other',
    customCategory: 'Carnival',
    description: 'Design a costume for the Calabar Carnival band of your choice. (Cancelled before entries opened.)',
    tags: ['carnival', 'calabar', 'costume'],
    rules: ['Sketch or photo of the costume'],
    prizeType: 'badge',
    badgeTitle: 'Carnival Star',
    entryType: 'photo',
    votingType: 'free',
    entries: [],
    cancelReason: 'Postponed to next year with the carnival dates.',
  },
];

/** Pool of comments (the runner picks them in turn). */
export const COMMENT_LINES = [
  'This is beautiful! Well done 👏🏾',
  'Omo, the talent in this contest is too much.',
  'When will the results be announced?',
  'I love how this captures home. Naija to the world!',
  'Can entries from outside Lagos join?',
  'The colours on this one are amazing.',
  'E choke! Best one so far.',
  'Good luck to everyone, may the best entry win.',
  'Abeg vote for this one, it deserves it.',
  'This reminds me of my childhood in Ibadan.',
] as const;
