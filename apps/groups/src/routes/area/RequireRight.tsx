import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { GroupRight } from '../../api/group';
import { groupPath, useGroupArea } from './context';

/**
 * Spec section 2 route guard: a missing admin, invite, edit-shared-folder or edit-topic right
 * redirects to the group top page. Rights are loaded before any page renders (GroupLayout), so
 * this decides synchronously and the page never flashes. The server refuses the calls anyway.
 */
export function RequireRight({ right, children }: { right: GroupRight; children: ReactNode }) {
  const area = useGroupArea();
  if (!area.rights[right]) return <Navigate to={groupPath(area.groupId)} replace />;
  return <>{children}</>;
}
