import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RedirectIfSignedIn, RequireAdmin, RequireDashboard } from './guards';
import { PublicLayout } from './shell/layouts';
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
const ComingSoon = lazy(() => import('./routes/coming-soon'));

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
