/**
 * The staff pages of the dashboard and the permission each needs: one list for the router (which
 * guards them) and the sidebar (which shows them). Named permissions, not roles, so a moderator
 * sees exactly the pages their permissions open.
 */
import { BarChart3, ShieldAlert, Users, Wrench, type LucideIcon } from 'lucide-react';
import type { Permission } from '@contesthub/shared';
import { paths } from '@contesthub/shared';

const d = paths.dashboard;

export interface StaffPage {
  path: string;
  title: string;
  /** The sidebar's label, when shorter than the title. */
  navLabel?: string;
  icon: LucideIcon;
  description: string;
  permission: Permission;
}

export const STAFF_PAGES: StaffPage[] = [
  {
    path: d.admin(),
    title: 'Admin Tools',
    description: 'Users, moderation, system monitoring and financial reports.',
    permission: 'users.moderate',
    icon: Wrench,
  },
  {
    path: d.adminAnalytics(),
    title: 'Admin Analytics',
    description: 'Platform-wide analytics and exports.',
    permission: 'analytics.platform',
    icon: BarChart3,
  },
  {
    path: d.contestManagement(),
    title: 'Contest Management',
    description: 'Pending entries, voting monitor, prizes and contest settings.',
    permission: 'contests.manage_any',
    icon: Users,
  },
  {
    path: d.security(),
    title: 'Security & Fraud Prevention',
    navLabel: 'Security & Fraud',
    icon: ShieldAlert,
    description: 'Fraud detection, verification, disputes and security logs.',
    permission: 'votes.review',
  },
];
