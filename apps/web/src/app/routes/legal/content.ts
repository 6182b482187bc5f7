/**
 * Policy text for the ContestHub Privacy Policy and Terms of Service pages.
 *
 * Each section carries a URL-anchor `id` so pages can link directly to a
 * section (for example `/terms#community-guidelines`).
 */

export interface LegalSection {
  id: string;
  title: string;
  paragraphs: string[];
  bullets?: string[];
  /** Ends with the support channels as bullets: email, and WhatsApp when one is configured. */
  contactChannels?: true;
}

export const PRIVACY_LAST_UPDATED = '22 November 2026';
export const TERMS_LAST_UPDATED = '22 November 2026';

export const PRIVACY_SECTIONS: LegalSection[] = [
  {
    id: 'introduction',
    title: 'Introduction',
    paragraphs: [
      'ContestHub ("ContestHub", "we", "us" or "our") is a contest platform built for Nigeria\'s creative community. Organizers use ContestHub to run photo, video, audio and write-up contests; participants submit entries; and members of the public vote for the entries they like best. This Privacy Policy explains what personal data we collect when you use ContestHub, why we collect it, who we share it with, how long we keep it and the choices and rights you have.',
      'We process personal data in line with the Nigeria Data Protection Act 2023 (NDPA) and the Nigeria Data Protection Regulation (NDPR), together with any guidance issued by the Nigeria Data Protection Commission (NDPC). For the purposes of those laws, ContestHub is the data controller for the personal data described in this policy.',
      'This policy applies to our website, our installable web app and any related services we provide. Please read it together with our Terms of Service. By creating an account or using ContestHub, you acknowledge that your personal data will be handled as described here.',
    ],
  },
  {
    id: 'information-we-collect',
    title: 'Information We Collect',
    paragraphs: [
      'We collect personal data in three ways: information you give us directly, information collected automatically when you use the platform, and information you share when you contact support.',
      'We collect some information automatically when you use the platform, such as your device and browser type, IP address, pages and contests you view, votes you cast, the date and time of your activity, and error logs. We use this information to keep the service running, to detect fraudulent voting and to understand how the platform is used.',
      'If you contact support by email or WhatsApp, we keep a record of the conversation, including your phone number or email address and any files you send, so that we can resolve your request and refer back to it if the issue comes up again.',
      'Most of the data we hold is information you give us directly when you register, complete your profile, create or enter a contest, vote, fund your wallet or request a payout. Depending on how you use ContestHub, this may include:',
    ],
    bullets: [
      'Account and identity details: your name, email address, phone number, date of birth and gender.',
      'Profile details: your location, profile picture and bio.',
      'Financial details: your bank account details and bank verification number (BVN), which we need before we can pay out prizes or wallet withdrawals.',
      'Contest activity: the contests you create, the entries you submit (photos, videos, audio files and written work, with their titles and descriptions), the votes you cast and any comments or reports you make.',
      'Payment information: records of wallet top-ups, vote-credit purchases, paid entries, subscriptions, withdrawals and transfers, including amounts, dates, payment references and the last digits and type of the card used.',
    ],
  },
  {
    id: 'how-we-use-your-information',
    title: 'How We Use Your Information',
    paragraphs: [
      'We use your personal data only where we have a lawful basis to do so under the NDPA. In most cases we process your data because it is necessary to provide the service you signed up for (performance of a contract). We also process data to meet legal obligations (for example, financial record-keeping and anti-fraud requirements), for our legitimate interests in running a fair and secure platform, and, where required, on the basis of your consent.',
      'We do not sell your personal data. We will not use your data for purposes that are incompatible with those listed below without first telling you and, where the law requires it, asking for your consent.',
      'In particular, we use your information to:',
    ],
    bullets: [
      'Create and manage your account, verify your email address or phone number and keep you signed in.',
      'Run contests: display entries, count votes, announce results and show your public profile alongside your entries.',
      'Process wallet top-ups, vote-credit purchases, paid entries, subscriptions and withdrawals.',
      'Verify the identity and bank details of winners before releasing prizes from escrow.',
      'Detect and prevent fraud, vote manipulation, fake accounts, spam and other abuse of the platform.',
      'Send you service messages, such as receipts, contest updates, results, security alerts and changes to our policies.',
      'Send you news about new contests and features, where you have chosen to receive them. You can opt out at any time from your notification settings or by using the unsubscribe link in any marketing email.',
      'Respond to support requests, investigate reports and resolve disputes.',
      'Meet our legal, tax and regulatory obligations and enforce our Terms of Service.',
    ],
  },
  {
    id: 'payments-and-financial-data',
    title: 'Payments and Financial Data',
    paragraphs: [
      "Card payments on ContestHub are processed by Paystack, a licensed payment provider. When you fund your naira wallet, buy vote credits, pay an entry fee or pay for a subscription, you enter your card details on Paystack's secure payment page or form. ContestHub does not store your full card number or CVV. Paystack shares with us the information we need to confirm the payment, such as the payment reference, amount, status, card type and the last four digits of the card.",
      'Cash prizes are held in escrow until the contest has ended and the winner has been verified. Before we release a prize or process a wallet withdrawal, we ask for your bank account details and your bank verification number (BVN). We use your BVN only to confirm your identity and to check that the bank account you provide belongs to you. We share it only with our payment and verification partners for that purpose, and access to it within ContestHub is restricted to staff who need it to process payouts or investigate fraud.',
      'We keep records of every transaction on the platform, including fees charged, so that we can give you accurate receipts and statements, handle disputes and meet our legal obligations.',
    ],
  },
  {
    id: 'sharing-and-disclosure',
    title: 'Sharing and Disclosure',
    paragraphs: [
      'Some information is public by design. Your display name, profile picture, bio, the entries you submit to public contests and the vote counts for those entries can be seen by anyone who visits the contest. Organizers can see the entries submitted to their contests and the details participants provide as part of an entry. Please think carefully before including personal information in an entry, bio or comment.',
      'If ContestHub is involved in a merger, acquisition or sale of assets, personal data may be transferred as part of that transaction. We will make sure the recipient is bound to protect your data in line with this policy, and we will let you know before your data becomes subject to a different privacy policy.',
      'Some of our service providers may store or process data outside Nigeria. Where this happens, we transfer data only in the ways permitted by the NDPA, for example to countries or organisations that provide an adequate level of protection, or on the basis of appropriate contractual safeguards.',
      'Apart from the public information described above, we share personal data with third parties only where it is necessary, and we require them to protect it and use it only for the purpose we give them. These third parties are:',
    ],
    bullets: [
      'Paystack and other payment and banking partners, to process payments, transfers and withdrawals.',
      'Identity and bank verification partners, to verify your BVN and bank account before a payout.',
      'Hosting, storage, email, SMS and messaging providers that help us run the platform and contact you.',
      'Contest organizers, who receive the details needed to run their contest and, for item prizes, to deliver the prize to the winner.',
      'Law enforcement agencies, regulators or courts, where we are required to do so by law or where disclosure is necessary to prevent fraud, protect our users or defend legal claims.',
    ],
  },
  {
    id: 'data-retention',
    title: 'Data Retention',
    paragraphs: [
      'We keep personal data only for as long as we need it for the purposes set out in this policy, or for as long as the law requires us to keep it.',
      'When a retention period ends, we delete the data or anonymise it so that it can no longer be linked to you. If a retention period needs to be extended, for example because the data is the subject of an ongoing dispute, investigation or legal claim, we keep the relevant data until the matter is resolved.',
      'In general, we apply the following retention periods:',
    ],
    bullets: [
      'Account data, including your profile and contact details, is kept while your account is open and for 3 years after your account is closed.',
      'Contest data, including entries, votes, results, prize records and related payment and escrow records, is kept for 7 years so that contest outcomes and payouts can be audited and any later disputes, tax or regulatory queries can be answered.',
      'Support conversations are kept for as long as they are needed to resolve your request and any related dispute, and in any case no longer than the account data period above.',
    ],
  },
  {
    id: 'data-security',
    title: 'Data Security',
    paragraphs: [
      'We use technical and organisational measures designed to protect your personal data from loss, misuse, unauthorised access, disclosure and alteration. These include encrypted connections (HTTPS) between your device and our servers, hashed passwords, access controls that limit who within ContestHub can see personal and financial data, and monitoring for suspicious activity such as automated voting or unusual payment patterns.',
      'Card payments are handled by Paystack, which is responsible for securing card data under the payment card industry standards that apply to it. Prize money is held in escrow and only released to verified bank accounts.',
      'No system is completely secure, so please help us protect your account: use a strong password that you do not use elsewhere, never share your login details or one-time codes, and sign out of shared devices. If you believe your account has been compromised, contact us immediately at support@contesthub.ng or through WhatsApp support.',
      'If a personal data breach occurs that is likely to put your rights and freedoms at risk, we will notify the Nigeria Data Protection Commission within the time required by law and will tell you without undue delay, explaining what happened and what you can do to protect yourself.',
    ],
  },
  {
    id: 'your-rights',
    title: 'Your Rights',
    paragraphs: [
      'The Nigeria Data Protection Act 2023 and the NDPR give you a number of rights over your personal data, which are listed below. You can view and update most of your profile information yourself from your account settings. To exercise any other right, email support@contesthub.ng from the email address linked to your account, or message us through WhatsApp support, and tell us which right you want to exercise. We may ask you to confirm your identity before acting on a request, so that we do not disclose or delete data at the request of someone else.',
      'We will respond within one month of receiving your request. We do not charge a fee for handling requests, unless a request is clearly unfounded or excessive. Some rights are limited by law: for example, we may need to keep transaction and contest records to meet legal obligations or resolve disputes even after you ask us to delete your data, and we will explain this to you if it applies.',
      'If you are not satisfied with how we have handled your personal data or your request, you have the right to lodge a complaint with the Nigeria Data Protection Commission (NDPC). We would, however, appreciate the chance to address your concerns first, so please contact us before you do.',
      'In summary, you have the right to:',
    ],
    bullets: [
      'Access: ask for a copy of the personal data we hold about you and information about how we use it.',
      'Rectification: ask us to correct data that is inaccurate or complete data that is incomplete.',
      'Erasure: ask us to delete your personal data where we no longer have a lawful reason to keep it.',
      'Restriction: ask us to limit how we use your data while a concern you have raised is being checked.',
      'Portability: receive the data you have given us in a structured, commonly used, machine-readable format, or ask us to send it to another organisation where technically possible.',
      'Objection: object to processing based on our legitimate interests, and object at any time to the use of your data for direct marketing.',
      'Withdraw consent: where we rely on your consent, withdraw it at any time. Withdrawing consent does not affect processing that took place before you withdrew it.',
    ],
  },
  {
    id: 'childrens-privacy',
    title: "Children's Privacy",
    paragraphs: [
      'ContestHub is not intended for children under the age of 13. You must be at least 13 years old to create an account, and we do not knowingly collect personal data from children under 13. We ask for your date of birth when you register so that we can apply these age rules.',
      "If you are between 13 and 17 years old, you may use ContestHub only with the consent of your parent or legal guardian, who must agree to these policies on your behalf. Where a user under 18 wins a cash prize, we will ask for the consent and details of a parent or guardian before the prize is paid out, and the payout may be made to the parent or guardian's verified bank account.",
      "If you are a parent or guardian and you believe that a child under 13 has created an account, or that a child under 18 is using ContestHub without your consent, please contact us at support@contesthub.ng. We will investigate and, where appropriate, close the account and delete the child's personal data.",
    ],
  },
  {
    id: 'cookies-and-local-storage',
    title: 'Cookies and Local Storage',
    paragraphs: [
      "ContestHub uses your browser's storage to make the platform work. When you sign in, we store login tokens in your browser's local storage so that you stay signed in between visits and so that your requests to our servers can be authenticated. These tokens are removed when you sign out. We may also store simple preferences, such as your theme or recently viewed contests, on your device.",
      'ContestHub can be installed on your phone or computer as an app. When you install it or visit regularly, a service worker stores parts of the app (such as pages, scripts, icons and images) in a cache on your device. This helps the app load faster, use less mobile data and show some content when your connection is poor. The cache does not contain your password or payment card details.',
      "We do not use advertising cookies or cross-site tracking. Paystack may set its own cookies on its payment pages to process payments securely and prevent fraud; these are governed by Paystack's own privacy policy.",
      'You can clear local storage, cookies and cached files at any time from your browser or device settings, or uninstall the app. If you do, you will be signed out and some features may load more slowly until the cache is rebuilt.',
    ],
  },
  {
    id: 'changes-and-contact',
    title: 'Changes to This Policy and Contact Us',
    paragraphs: [
      'We may update this Privacy Policy from time to time to reflect changes to ContestHub, to the law or to how we handle personal data. The date at the top of this page shows when it was last updated. If we make significant changes, we will let you know by email or through a notice in the app before the changes take effect.',
      'If you have any questions about this policy or about how we handle your personal data, or if you want to exercise any of your rights, you can reach us through:',
    ],
    // Email, and WhatsApp when the server has a number configured (legal-document.tsx).
    contactChannels: true,
  },
];

export const TERMS_SECTIONS: LegalSection[] = [
  {
    id: 'acceptance-of-terms',
    title: 'Acceptance of Terms',
    paragraphs: [
      'These Terms of Service ("Terms") govern your use of ContestHub, a platform where organizers run photo, video, audio and write-up contests, participants submit entries and the public votes for their favourites. In these Terms, "ContestHub", "we", "us" and "our" refer to the operator of the ContestHub platform, and "you" refers to anyone who visits or uses it, whether as an organizer, a participant or a voter.',
      'By creating an account, entering a contest, voting, funding your wallet or otherwise using ContestHub, you agree to be bound by these Terms and by our Privacy Policy. If you do not agree, please do not use the platform.',
      'We may update these Terms from time to time. The date at the top of this page shows when they were last changed. If we make significant changes, we will notify you by email or in the app before they take effect. If you continue to use ContestHub after the changes take effect, you accept the updated Terms.',
    ],
  },
  {
    id: 'eligibility-and-accounts',
    title: 'Eligibility and Accounts',
    paragraphs: [
      'You must be at least 13 years old to use ContestHub. If you are under 18, you may use ContestHub only with the consent of your parent or legal guardian, who accepts these Terms on your behalf and is responsible for your use of the platform. Cash prizes won by users under 18 are paid out only after a parent or guardian has given consent and completed verification.',
      'When you create an account, you must give accurate and complete information, including your real name, email address, phone number and date of birth, and keep it up to date. You are responsible for keeping your login details secure and for all activity that takes place under your account. Tell us immediately at support@contesthub.ng if you think someone else has accessed your account.',
      'Each person may hold only one ContestHub account. You may not create accounts using false identities, create accounts on behalf of other people without their permission, or buy, sell or transfer accounts. Organizers who run contests for a business or organisation may do so from a single account that they are authorised to manage on its behalf.',
      'To receive cash prizes or withdraw money from your wallet, you must have a Nigerian bank account in your own name and complete bank verification number (BVN) verification.',
    ],
  },
  {
    id: 'contests-and-organizer-obligations',
    title: 'Contests and Organizer Obligations',
    paragraphs: [
      "Organizers can create contests in the photo, video, audio and write-up categories, and can offer cash, item, hybrid (cash plus item) or badge prizes. Organizers choose the contest rules, deadlines, entry requirements, whether entries are free or paid, and whether voting is free, paid or hybrid, within the limits set by ContestHub and the organizer's subscription plan.",
      'ContestHub provides the tools that organizers use to run contests, and we may review, pause or remove any contest that breaks these Terms, including the organizer obligations below. Unless a contest page states that ContestHub is the organizer, the organizer, not ContestHub, is responsible for the contest, its rules and any item prizes.',
      'As an organizer, you agree to:',
    ],
    bullets: [
      'Publish clear, honest contest rules, including entry requirements, deadlines, how winners are chosen, the voting model and full details of every prize.',
      'Fund the full value of any cash prize into escrow before the contest goes live. The minimum cash prize is ₦1,000.',
      'Run the contest according to its published rules and not change the rules, prizes or deadlines in a way that disadvantages participants once entries have been submitted.',
      'Deliver item prizes, and the item part of hybrid prizes, to winners promptly and as described.',
      'Judge entries fairly and not favour friends, family, staff or sponsors in ways that are not disclosed in the rules.',
      "Comply with all laws that apply to your contest, including consumer protection, advertising and data protection laws, and use participants' personal data only to run the contest.",
      'Never run fake contests, contests with prizes you cannot or do not intend to give, or contests designed to collect entry fees, votes or personal data under false pretences.',
    ],
  },
  {
    id: 'entries-and-intellectual-property',
    title: 'Entries and Intellectual Property',
    paragraphs: [
      "You may submit photos, videos, audio and written work as contest entries. Each entry must meet the contest's rules and our file limits. On the Free plan, photos can be up to 5MB and videos up to 50MB. On the Basic Premium and Professional plans, photos can be up to 20MB and videos up to 200MB.",
      'You keep ownership of the entries you submit. By submitting an entry, you give ContestHub a non-exclusive, royalty-free, worldwide licence to host, store, reproduce, resize, format and display the entry on the platform, and to show it in previews, contest listings and promotion of the contest or of ContestHub, for as long as the entry remains on the platform and for a reasonable time afterwards. You also give the organizer of that contest permission to display and share your entry in connection with the contest. Any further rights an organizer wants, such as commercial use of winning entries, must be clearly stated in the contest rules before you enter.',
      'The ContestHub name, logo, design, software and all content we create are owned by us or our licensors. You may not copy, modify or reuse them except as allowed by these Terms or with our written permission.',
      'Each time you submit an entry, you confirm that:',
    ],
    bullets: [
      'The entry is your own original work, or you have all the rights and permissions needed to submit it.',
      'You have the consent of any identifiable person who appears in the entry, and of a parent or guardian if that person is under 18.',
      "The entry does not infringe anyone's copyright, trademark, privacy or other rights, and does not include music, footage or images you do not have the right to use.",
      'The entry complies with the contest rules and our Community Guidelines.',
    ],
  },
  {
    id: 'voting-rules-and-fair-play',
    title: 'Voting Rules and Fair Play',
    paragraphs: [
      'Each contest uses one of three voting models chosen by the organizer: free voting, where each signed-in user gets a limited number of free votes per day; paid voting, where votes are cast using vote credits; or hybrid voting, which combines daily free votes with paid vote credits. The voting model and any limits are shown on the contest page.',
      'Votes must reflect the genuine choice of real people, and the practices listed below are not allowed. We monitor voting activity and may investigate any pattern that looks suspicious. If we find that votes were obtained unfairly, we may remove those votes, disqualify the entry or participant, cancel a result, withhold or reclaim a prize, and suspend or close the accounts involved. Participants are responsible for the conduct of people who campaign on their behalf, so disqualification may apply even where a participant says a supporter acted alone. Vote credits used on votes that are removed for fraud are not refunded.',
      'The following are prohibited and will lead to disqualification:',
    ],
    bullets: [
      'Using bots, scripts, automated tools or click farms to cast votes.',
      'Creating or using multiple accounts to vote more than once or to get around daily vote limits.',
      'Buying or selling votes outside the platform, including paying people, offering gifts or trading votes in exchange for voting.',
      'Using stolen cards, chargebacks or any other fraudulent payment to buy vote credits.',
      'Hacking, exploiting bugs or interfering with the voting system in any other way.',
    ],
  },
  {
    id: 'vote-credits-wallet-and-fees',
    title: 'Vote Credits, Wallet and Fees',
    paragraphs: [
      'Your ContestHub wallet holds a naira balance that you can use to pay entry fees, buy vote credits and pay for subscriptions. You can fund your wallet by card through our payment provider, Paystack. Vote credits are used to cast paid votes in contests that allow them. Vote credits have no cash value, cannot be exchanged for money and are not refundable, except where a payment was taken in error or where the law requires otherwise.',
      'Winnings and other withdrawable amounts in your wallet can be withdrawn to a verified Nigerian bank account in your name. You can also transfer vote credits to other ContestHub users.',
      'We may change our fees from time to time. We will give notice of any change before it takes effect, and changes will not apply to payments you have already made.',
      'The following fees apply on ContestHub. The exact amount of any fee is shown before you confirm a payment, withdrawal or transfer:',
    ],
    bullets: [
      'Transaction fee: between 7% and 10% of the amount paid, charged only on paid entries and paid votes. Free entries and free votes carry no transaction fee.',
      'Payment-provider fees: the processing fees charged by Paystack or our other payment partners apply in addition to the transaction fee.',
      'Escrow fee: 5% of the cash prize, deducted when the prize is paid out, so the winner receives 95% of the advertised cash prize.',
      'Withdrawal fee: ₦100 per withdrawal from your wallet to your bank account.',
      'Vote-credit transfer fee: ₦100 per recipient each time you transfer vote credits to another user.',
    ],
  },
  {
    id: 'prizes-escrow-and-payouts',
    title: 'Prizes, Escrow and Payouts',
    paragraphs: [
      'Cash prizes, and the cash part of hybrid prizes, are held in escrow by ContestHub from the time the organizer funds them until the winner has been confirmed and verified. The minimum cash prize for any contest is ₦1,000, and an escrow fee of 5% of the cash prize is deducted at payout, so the winner receives 95% of the cash prize. Holding prizes in escrow means that winners can be confident the prize money exists before they enter.',
      "When a contest ends and the results are final, winners must provide their Nigerian bank account details and complete bank verification number (BVN) verification. The name on the bank account must match the verified identity of the winner, or of the winner's parent or guardian where the winner is under 18. Once verification is complete, we release the prize from escrow and transfer it to the winner's bank account. Bank transfers normally arrive within 24 to 48 hours, although bank delays outside our control can occasionally take longer.",
      'We may delay or withhold a payout while a dispute, fraud investigation or report about the contest or the winning entry is under review. If a winner is disqualified, the prize is handled according to the contest rules, for example by awarding it to the next eligible entry. If a contest is cancelled before winners are chosen, the escrowed prize is returned to the organizer, less any fees already incurred.',
      "Item prizes are supplied and delivered by the organizer, who must deliver them as described on the contest page. Badge prizes are digital awards displayed on the winner's ContestHub profile and have no cash value. Winners are responsible for any taxes that apply to prizes they receive.",
    ],
  },
  {
    id: 'subscriptions-and-free-trial',
    title: 'Subscriptions and Free Trial',
    paragraphs: [
      'ContestHub offers three plans: Free, Basic Premium and Professional. Paid plans unlock additional features, such as larger upload limits (photos up to 20MB and videos up to 200MB, compared with 5MB and 50MB on the Free plan) and additional tools for organizers. The current features and prices of each plan are shown on our pricing page.',
      'New users receive a 7-day free trial of Basic Premium. You can use all Basic Premium features during the trial. When the trial ends, your account returns to the Free plan unless you choose to subscribe to a paid plan. Each person can receive the free trial only once.',
      'Paid subscriptions are billed in naira in advance for each billing period and can be paid from your wallet or by card. You can cancel at any time from your account settings; your plan stays active until the end of the period you have already paid for and then returns to the Free plan. Subscription fees already paid are not refunded for partly used periods, except where a payment was taken in error or where the law requires otherwise.',
      'If you move to a lower plan, features and limits from the higher plan stop applying. Entries you have already submitted remain on the platform, but new uploads must meet the limits of your current plan.',
    ],
  },
  {
    id: 'community-guidelines',
    title: 'Community Guidelines and Prohibited Content',
    paragraphs: [
      "ContestHub is a place for Nigeria's creatives to share their work, compete fairly and support one another. These Community Guidelines apply to everything you post on ContestHub, including entries, contest pages, profile pictures, bios and comments, and to how you treat other users on and off the platform when it relates to ContestHub.",
      'Users can report any contest, entry, comment or profile that they believe breaks these guidelines using the report option in the app, or by contacting support. Reports are reviewed by our moderators, who may remove content, disqualify entries, cancel contests, or warn, suspend or ban accounts depending on how serious the breach is and whether it has happened before.',
      'We expect everyone to follow these rules:',
    ],
    bullets: [
      'Be respectful: criticise work, not people, and treat other creators, organizers and voters with courtesy, even when you disagree.',
      "Stay on topic: submit entries that match the contest's category, theme and rules, and keep comments relevant to the contest or entry.",
      'Post only your own work, or work you have the right to share, and credit collaborators where the rules allow it.',
      'No spam: no repeated or unsolicited promotional posts, chain messages, misleading links or mass tagging to beg for votes.',
      'No hate speech: no content that attacks or demeans people based on ethnicity, tribe, religion, nationality, gender, sexual orientation, disability or any similar characteristic.',
      "No harassment or bullying: no threats, insults, intimidation, doxxing (sharing someone's private information) or targeted abuse of other users, including rival participants.",
      'No violence: no content that threatens, promotes or glorifies violence, self-harm or terrorism, and no graphic violent content.',
      'No sexually explicit content, and no content that sexualises anyone under 18.',
      "No copyright violation: no entries that copy other people's photos, videos, music, audio or writing without permission.",
      'No fake contests: no contests with prizes that do not exist, cannot be delivered, or are used only to collect entry fees, votes or personal data.',
      'No scams or fraud: no impersonating other people, organizers or ContestHub staff, no phishing for login details or BVNs, and no requests for payments outside the platform.',
      'No illegal content or activity under Nigerian law.',
    ],
  },
  {
    id: 'reporting-moderation-and-disputes',
    title: 'Reporting, Moderation and Disputes',
    paragraphs: [
      'If you see content or behaviour that breaks these Terms or our Community Guidelines, please report it using the report option on the contest, entry, comment or profile, or contact us by email at support@contesthub.ng or through WhatsApp support. Please give as much detail as you can, including links and screenshots. Making false or malicious reports is itself a breach of these Terms.',
      'Our moderators review reports and may remove content, hide entries while a report is investigated, remove fraudulent votes or take action against accounts. Where content is removed or an account is restricted, we will tell the affected user why, unless doing so would compromise an investigation or break the law.',
      'If you have a dispute about a contest, for example about the result, the conduct of an organizer or participant, a payment or a prize, contact support with the details. We aim to resolve disputes within 48 hours of receiving all the information we need. While a dispute is open, we may pause the contest result or hold the related prize in escrow. Our decision on disputes about contests run on ContestHub is final as far as the platform is concerned, but it does not affect any rights you have under Nigerian law.',
    ],
  },
  {
    id: 'termination-and-suspension',
    title: 'Termination and Suspension',
    paragraphs: [
      'You can close your account at any time from your account settings or by contacting support. Before closing your account, please withdraw any withdrawable balance from your wallet. Closing your account does not cancel contests or prizes that are already under way, and organizers remain responsible for any contest they have launched.',
      'We may suspend or permanently ban an account, remove content or disqualify entries if you break these Terms or our Community Guidelines, if we are required to do so by law, or if your use of ContestHub puts other users, the platform or us at risk. Examples include vote fraud, running fake contests, scams, repeated copyright violations, hate speech and harassment. Depending on the seriousness of the breach, we may first give you a warning.',
      'When we suspend or ban an account, we will send an email to the address linked to the account stating the reason for the action and how long it will last. If you believe we have made a mistake, you can reply to that email or contact support@contesthub.ng to ask us to review the decision.',
      'If your account is banned for fraud, we may withhold or reverse any prizes, winnings or wallet balance connected to the fraud, and we may report the matter to the relevant authorities. Any legitimate balance that is not connected to a breach will be paid out to your verified bank account, less applicable fees, where the law allows. Sections of these Terms that by their nature should continue after your account ends, including those on intellectual property, fees, liability and governing law, continue to apply.',
    ],
  },
  {
    id: 'liability-and-disclaimers',
    title: 'Liability and Disclaimers',
    paragraphs: [
      'We work hard to keep ContestHub available, secure and accurate, but the platform is provided "as is" and "as available". We do not guarantee that it will always be uninterrupted or error-free, or that any contest will attract a particular number of entries or votes. From time to time, we may need to carry out maintenance or updates that make parts of the platform temporarily unavailable.',
      'Organizers are responsible for their contests, their rules and any item prizes, and users are responsible for the content they post. ContestHub does not endorse user content and is not responsible for the accuracy of contest descriptions written by organizers, the quality or delivery of item prizes, or the conduct of users on or off the platform, although we will act on reports as described in these Terms.',
      'To the fullest extent permitted by Nigerian law, ContestHub will not be liable for any indirect or consequential loss, loss of profits, loss of opportunity or loss of data arising from your use of the platform, or for delays or failures caused by events outside our reasonable control, such as bank or payment-provider outages, network failures or actions of public authorities. Where we are liable to you, our total liability is limited to the total fees you have paid to ContestHub in the 12 months before the event that gave rise to the claim. Nothing in these Terms limits any liability that cannot be limited under Nigerian law, including liability for fraud.',
      "You agree to compensate ContestHub for any losses, claims or costs that arise because you breached these Terms, infringed someone else's rights or broke the law while using the platform.",
    ],
  },
  {
    id: 'governing-law-and-contact',
    title: 'Governing Law and Contact',
    paragraphs: [
      'These Terms, and any dispute or claim arising out of or in connection with them or your use of ContestHub, are governed by the laws of the Federal Republic of Nigeria.',
      'If you have a complaint, please contact us first so that we can try to resolve it informally. If we cannot resolve it together, either party may refer the matter to the courts of competent jurisdiction in Nigeria. Nothing in this section affects any rights you have as a consumer under Nigerian law.',
      'If any part of these Terms is found to be invalid or unenforceable, the rest of the Terms will continue to apply. If we do not enforce any part of these Terms straight away, that does not mean we have given up our right to enforce it later.',
      'If you have any questions about these Terms, you can reach us through:',
    ],
    // Email, and WhatsApp when the server has a number configured (legal-document.tsx).
    contactChannels: true,
  },
];
