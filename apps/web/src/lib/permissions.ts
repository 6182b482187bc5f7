/**
 * What the signed-in user may do, by the permission names the server's policy uses
 * (packages/shared/src/permissions.ts): the web hides what the server would refuse.
 */
import { hasPermission, type Permission } from '@contesthub/shared';
import { useAuth } from './auth';

export function useCan(): (permission: Permission) => boolean {
  const { user } = useAuth();
  return (permission) => hasPermission(user, permission);
}
