import { lazy, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { paths } from '@contesthub/shared';
import { RedirectIfSignedIn, RequireDashboard, RequirePermission } from './guards';
import { STAFF_PAGES } from './staff-pages';
import { PublicLayout } from './shell/layouts';
import { ToastsFollowPage } from './shell/ToastsFollowPage';
import { DashboardLayout } from './shell/DashboardLayout';

// Every page is its own chunk; the shell loads first and pages stream in.
const HomePage = lazy(() => import('./routes/home'));
const HowItWorksPage = lazy(() => import('./routes/how-it-works'));
const PricingPage = lazy(() => import('./routes/pricing'));
const ContactPage = lazy(() => import('./routes/contact'));
const PrivacyPage = lazy(() => import('./routes/legal/privacy'));
const TermsPage = lazy(() => import('./routes/legal/terms'));
const ToasterDemoPage = lazy(() => import('./routes/toaster-demo'));
const LoginPage = lazy(() => import('./routes/auth/login'));
const RegisterPage = lazy(() => import('./routes/auth/register'));
const VerifyEmailPage = lazy(() => import('./routes/auth/verify-email'));
const ForgotPasswordPage = lazy(() => import('./routes/auth/forgot-password'));
const ResetPasswordPage = lazy(() => import('./routes/auth/reset-password'));
const DashboardHome = lazy(() => import('./routes/dashboard/home'));
const PublicProfilePage = lazy(() => import('./routes/profile'));
const ProfileSettingsPage = lazy(() => import('./routes/dashboard/profile'));
const SecuritySettingsPage = lazy(() => import('./routes/dashboard/settings'));
const ReferralsPage = lazy(() => import('./routes/dashboard/referrals'));
const ContestsPage = lazy(() => import('./routes/contests'));
const EntriesPage = lazy(() => import('./routes/entries'));
const ContestDetailPage = lazy(() => import('./routes/contest'));
const MyContestsPage = lazy(() => import('./routes/dashboard/contests'));
const CreateContestPage = lazy(() => import('./routes/dashboard/create'));
const EntryReviewPage = lazy(() => import('./routes/dashboard/contest-review'));
const MyEntriesPage = lazy(() => import('./routes/dashboard/entries'));
const WalletPage = lazy(() => import('./routes/dashboard/wallet'));
const PaymentVerificationPage = lazy(() => import('./routes/dashboard/payment-verification'));
const TransferCreditsPage = lazy(() => import('./routes/dashboard/vote-credit-transfer'));
const SubscriptionPage = lazy(() => import('./routes/dashboard/subscription'));
const SubscriptionVerificationPage = lazy(() => import('./routes/dashboard/subscription-verification'));
const NotificationsPage = lazy(() => import('./routes/dashboard/notifications'));
const MessagesPage = lazy(() => import('./routes/dashboard/messages'));
const AdminToolsPage = lazy(() => import('./routes/dashboard/admin'));
const SecurityPage = lazy(() => import('./routes/dashboard/security'));
const ComingSoon = lazy(() => import('./routes/coming-soon'));
const ContestManagementPage = lazy(() => import('./routes/dashboard/contest-management'));

const soon = (title: string, description: string) => <ComingSoon title={title} description={description} />;

const contestsList = <ContestsPage />;

/** Aliases that show the contests list (spec 000 §2). */
const CONTEST_LIST_PATHS = [
  paths.contests,
  paths.categories,
  paths.leaderboard,
  paths.browseContests,
  paths.cashPrizeContests,
  paths.itemsPrizeContests,
  paths.hybridPrizeContests,
  paths.openContests,
].map((p) => p.pattern);

const d = paths.dashboard;

/** The staff pages built so far (the others show Coming Soon), guarded by their permission in STAFF_PAGES. */
const STAFF_PAGE_ELEMENTS: Record<string, ReactNode> = {
  [d.admin()]: <AdminToolsPage />,
  [d.contestManagement()]: <ContestManagementPage />,
  [d.security()]: <SecurityPage />,
};

const DASHBOARD_CHILDREN: Array<[string, string, string]> = [
  [d.entry.pattern, 'Entry', 'View one of your entries.'],
  [d.analytics.pattern, 'Analytics', 'Your contest and engagement analytics with CSV export (premium).'],
  [d.community.pattern, 'Community', 'Creators, followers and the social feed.'],
  [d.leaderboard.pattern, 'Leaderboard', 'Top creators by points, wins and earnings.'],
  [d.rewards.pattern, 'Rewards', 'Rewards for active members of the community.'],
  [d.help.pattern, 'Help & Support', 'FAQs, tutorials and your support tickets.'],
];

/** The route table: every pattern comes from the route catalogue (packages/shared/src/paths.ts). */
export function AppRoutes() {
  return (
    <>
      <ToastsFollowPage />
      <Routes>
        <Route element={<PublicLayout />}>
          <Route index element={<HomePage />} />
          {CONTEST_LIST_PATHS.map((path) => (
            <Route key={path} path={path} element={contestsList} />
          ))}
          <Route path={paths.entries.pattern} element={<EntriesPage />} />
          <Route path={paths.contest.pattern} element={<ContestDetailPage />} />
          <Route path={paths.profile.pattern} element={<PublicProfilePage />} />
          <Route path={paths.howItWorks.pattern} element={<HowItWorksPage />} />
          <Route path={paths.pricing.pattern} element={<PricingPage />} />
          <Route path={paths.contact.pattern} element={<ContactPage />} />
          <Route path={paths.help.pattern} element={<ContactPage />} />
          <Route path={paths.privacy.pattern} element={<PrivacyPage />} />
          <Route path={paths.terms.pattern} element={<TermsPage />} />
          <Route path={paths.communityGuidelines.pattern} element={<TermsPage />} />
          <Route path={paths.toasterDemo.pattern} element={<ToasterDemoPage />} />
          <Route
            path={paths.login.pattern}
            element={
              <RedirectIfSignedIn>
                <LoginPage />
              </RedirectIfSignedIn>
            }
          />
          <Route
            path={paths.register.pattern}
            element={
              <RedirectIfSignedIn>
                <RegisterPage />
              </RedirectIfSignedIn>
            }
          />
          {/* Not guarded: a signed-in, unverified user must reach it (the page sends verified users on). */}
          <Route path={paths.verifyEmail.pattern} element={<VerifyEmailPage />} />
          <Route
            path={paths.forgotPassword.pattern}
            element={
              <RedirectIfSignedIn>
                <ForgotPasswordPage />
              </RedirectIfSignedIn>
            }
          />
          <Route
            path={paths.resetPassword.pattern}
            element={
              <RedirectIfSignedIn>
                <ResetPasswordPage />
              </RedirectIfSignedIn>
            }
          />
          {/* Any unknown path shows home. */}
          <Route path="*" element={<HomePage />} />
        </Route>

        <Route
          path={d.home.pattern}
          element={
            <RequireDashboard>
              <DashboardLayout />
            </RequireDashboard>
          }
        >
          <Route index element={<DashboardHome />} />
          <Route path={d.profile.pattern} element={<ProfileSettingsPage />} />
          <Route path={d.settings.pattern} element={<SecuritySettingsPage />} />
          <Route path={d.referrals.pattern} element={<ReferralsPage />} />
          <Route path={d.contests.pattern} element={<MyContestsPage />} />
          <Route path={d.contestReview.pattern} element={<EntryReviewPage />} />
          <Route path={d.entries.pattern} element={<MyEntriesPage />} />
          <Route path={d.create.pattern} element={<CreateContestPage />} />
          <Route path={d.wallet.pattern} element={<WalletPage />} />
          {/* The buy-credits entry (spec 001 §2): the wallet opened on its Buy Credits tab. */}
          <Route path={d.voteCredits.pattern} element={<WalletPage defaultTab="credits" />} />
          <Route path={paths.paymentVerification.pattern} element={<PaymentVerificationPage />} />
          <Route path={d.voteCreditTransfer.pattern} element={<TransferCreditsPage />} />
          <Route path={d.subscription.pattern} element={<SubscriptionPage />} />
          <Route path={paths.subscriptionVerification.pattern} element={<SubscriptionVerificationPage />} />
          <Route path={d.notifications.pattern} element={<NotificationsPage />} />
          <Route path={d.messages.pattern} element={<MessagesPage />} />
          {DASHBOARD_CHILDREN.map(([path, title, description]) => (
            <Route key={path} path={path} element={soon(title, description)} />
          ))}
          {STAFF_PAGES.map(({ path, title, description, permission }) => (
            <Route
              key={path}
              path={path}
              element={
                <RequirePermission permission={permission}>{STAFF_PAGE_ELEMENTS[path] ?? soon(title, description)}</RequirePermission>
              }
            />
          ))}
          <Route path="*" element={<Navigate to={d.home()} replace />} />
        </Route>
        <Route path={paths.create.pattern} element={<Navigate to={d.create()} replace />} />
      </Routes>
    </>
  );
}
