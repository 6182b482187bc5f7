import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RedirectIfSignedIn, RequireAdmin, RequireDashboard } from './guards';
import { PublicLayout } from './shell/layouts';
import { DashboardLayout } from './shell/DashboardLayout';

// Every page is its own chunk; the shell loads first and pages stream in.
const HomePage = lazy(() => import('../features/home/pages/HomePage'));
const HowItWorksPage = lazy(() => import('../features/how-it-works/pages/HowItWorksPage'));
const PricingPage = lazy(() => import('../features/pricing/pages/PricingPage'));
const ContactPage = lazy(() => import('../features/support/pages/ContactPage'));
const PrivacyPage = lazy(() => import('../features/legal/pages/PrivacyPage'));
const TermsPage = lazy(() => import('../features/legal/pages/TermsPage'));
const ToasterDemoPage = lazy(() => import('../features/toaster-demo/pages/ToasterDemoPage'));
const LoginPage = lazy(() => import('../features/auth/pages/LoginPage'));
const RegisterPage = lazy(() => import('../features/auth/pages/RegisterPage'));
const VerifyEmailPage = lazy(() => import('../features/auth/pages/VerifyEmailPage'));
const ForgotPasswordPage = lazy(() => import('../features/auth/pages/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/pages/ResetPasswordPage'));
const DashboardHome = lazy(() => import('../features/dashboard/pages/DashboardHome'));
const PublicProfilePage = lazy(() => import('../features/users/pages/PublicProfilePage'));
const ProfileSettingsPage = lazy(() => import('../features/profile/pages/ProfileSettingsPage'));
const SecuritySettingsPage = lazy(() => import('../features/settings/pages/SecuritySettingsPage'));
const ReferralsPage = lazy(() => import('../features/referrals/pages/ReferralsPage'));
const ContestsPage = lazy(() => import('../features/contests/pages/ContestsPage'));
const EntriesPage = lazy(() => import('../features/entries/pages/EntriesPage'));
const ContestDetailPage = lazy(() => import('../features/contest-detail/pages/ContestDetailPage'));
const MyContestsPage = lazy(() => import('../features/my-contests/pages/MyContestsPage'));
const CreateContestPage = lazy(() => import('../features/create-contest/pages/CreateContestPage'));
const EntryReviewPage = lazy(() => import('../features/entry-review/pages/EntryReviewPage'));
const MyEntriesPage = lazy(() => import('../features/my-entries/pages/MyEntriesPage'));
const WalletPage = lazy(() => import('../features/wallet/pages/WalletPage'));
const PaymentVerificationPage = lazy(() => import('../features/payment-verification/pages/PaymentVerificationPage'));
const TransferCreditsPage = lazy(() => import('../features/credit-transfer/pages/TransferCreditsPage'));
const SubscriptionPage = lazy(() => import('../features/subscription/pages/SubscriptionPage'));
const SubscriptionVerificationPage = lazy(() => import('../features/subscription/pages/SubscriptionVerificationPage'));
const ComingSoon = lazy(() => import('../features/placeholders/ComingSoon'));

const soon = (title: string, description: string) => <ComingSoon title={title} description={description} />;

const contestsList = <ContestsPage />;

/** Aliases that show the contests list (spec 000 §2). */
const CONTEST_LIST_PATHS = [
  'contests',
  'categories',
  'leaderboard',
  'browse-contests',
  'contests/cash-prize',
  'contests/items-prize',
  'contests/hybrid-prize',
  'contests/open-contest',
];

const DASHBOARD_CHILDREN: Array<[string, string, string]> = [
  ['entries/:id', 'Entry', 'View one of your entries.'],
  ['analytics', 'Analytics', 'Your contest and engagement analytics with CSV export (premium).'],
  ['community', 'Community', 'Creators, followers and the social feed.'],
  ['leaderboard', 'Leaderboard', 'Top creators by points, wins and earnings.'],
  ['rewards', 'Rewards', 'Rewards for active members of the community.'],
  ['help', 'Help & Support', 'FAQs, tutorials and your support tickets.'],
  ['notifications', 'Notifications', 'Everything that happened to your contests, entries and payments.'],
  ['messages', 'Messages', 'Conversations with other members.'],
];

const ADMIN_CHILDREN: Array<[string, string, string]> = [
  ['admin', 'Admin Tools', 'Users, moderation, system monitoring and financial reports.'],
  ['admin-analytics', 'Admin Analytics', 'Platform-wide analytics and exports.'],
  ['contest-management', 'Contest Management', 'Pending entries, voting monitor, prizes and contest settings.'],
  ['security', 'Security & Fraud Prevention', 'Fraud detection, verification, disputes and security logs.'],
];

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<HomePage />} />
        {CONTEST_LIST_PATHS.map((path) => (
          <Route key={path} path={path} element={contestsList} />
        ))}
        <Route path="entries" element={<EntriesPage />} />
        <Route path="contest/:id" element={<ContestDetailPage />} />
        <Route path="profile/:userId" element={<PublicProfilePage />} />
        <Route path="how-it-works" element={<HowItWorksPage />} />
        <Route path="pricing" element={<PricingPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="help" element={<ContactPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route path="community-guidelines" element={<TermsPage />} />
        <Route path="toaster-demo" element={<ToasterDemoPage />} />
        <Route
          path="login"
          element={
            <RedirectIfSignedIn>
              <LoginPage />
            </RedirectIfSignedIn>
          }
        />
        <Route
          path="register"
          element={
            <RedirectIfSignedIn>
              <RegisterPage />
            </RedirectIfSignedIn>
          }
        />
        {/* Not guarded: a signed-in, unverified user must reach it (the page sends verified users on). */}
        <Route path="verify-email" element={<VerifyEmailPage />} />
        <Route
          path="forgot-password"
          element={
            <RedirectIfSignedIn>
              <ForgotPasswordPage />
            </RedirectIfSignedIn>
          }
        />
        <Route
          path="reset-password"
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
        path="dashboard"
        element={
          <RequireDashboard>
            <DashboardLayout />
          </RequireDashboard>
        }
      >
        <Route index element={<DashboardHome />} />
        <Route path="profile" element={<ProfileSettingsPage />} />
        <Route path="settings" element={<SecuritySettingsPage />} />
        <Route path="referrals" element={<ReferralsPage />} />
        <Route path="contests" element={<MyContestsPage />} />
        <Route path="contests/:contestId/review" element={<EntryReviewPage />} />
        <Route path="entries" element={<MyEntriesPage />} />
        <Route path="create" element={<CreateContestPage />} />
        <Route path="wallet" element={<WalletPage />} />
        {/* The buy-credits entry (spec 001 §2): the wallet opened on its Buy Credits tab. */}
        <Route path="vote-credits" element={<WalletPage defaultTab="credits" />} />
        <Route path="payment-verification" element={<PaymentVerificationPage />} />
        <Route path="vote-credit-transfer" element={<TransferCreditsPage />} />
        <Route path="subscription" element={<SubscriptionPage />} />
        <Route path="subscription-verification" element={<SubscriptionVerificationPage />} />
        {DASHBOARD_CHILDREN.map(([path, title, description]) => (
          <Route key={path} path={path} element={soon(title, description)} />
        ))}
        {ADMIN_CHILDREN.map(([path, title, description]) => (
          <Route key={path} path={path} element={<RequireAdmin>{soon(title, description)}</RequireAdmin>} />
        ))}
        <Route path="*" element={<Navigate to="/dashboard" replace />} />
      </Route>
      <Route path="create" element={<Navigate to="/dashboard/create" replace />} />
    </Routes>
  );
}
