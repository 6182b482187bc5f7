/**
 * The staff pages of the dashboard and the permission each needs: one list for the router (which
 * guards them) and the sidebar (which shows them). Named permissions, not roles, so a moderator
 * sees exactly the pages their permissions open.
 */
import type { Permission } from '@contesthub/shared';
import { paths } from '@contesthub/shared';

const d = paths.dashboard;

export interface StaffPage {
  path: string;
  title: string;
  description: string;
  permission: Permission;
}

export const STAFF_PAGES: StaffPage[] = [
  {
    path: d.admin(),
    title: 'Admin Tools',
    description: 'Users, moderation, system monitoring and financial reports.',
    permission: 'roles.manage',
  },
  {
    path: d.adminAnalytics(),
    title: 'Admin Analytics',
    description: 'Platform-wide analytics and exports.',
    permission: 'analytics.platform',
  },
  {
    path: d.contestManagement(),
    title: 'Contest Management',
    description: 'Pending entries, voting monitor, prizes and contest settings.',
    permission: 'contests.manage_any',
  },
  {
    path: d.security(),
    title: 'Security & Fraud Prevention',
    description: 'Fraud detection, verification, disputes and security logs.',
    permission: 'system.monitor',
  },
];
