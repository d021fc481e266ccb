import type { AppContext, AuthUser } from './context';
import { authorizeGroup, type GroupAccess } from './group-access';
import { forbidden } from './errors';

/**
 * Where a topic or file request acts: the group it names, or the caller's company for common
 * topics and files. Every further id is looked up inside it, so an id from another group or
 * company is simply not found.
 */
export interface ContentScope {
  kind: 'group' | 'common';
  /** Set for group content. */
  groupId: number | null;
  companyId: number;
  userId: number;
  /** The group's write right (administrators hold it), or common_topic_role for common content. */
  canWrite: boolean;
  /** role_admin in the group, or company administrator for common content. */
  isAdmin: boolean;
  autoDeleteDays: number;
}

export type ContentAction = 'read' | 'write' | 'admin';

/** A group's scope after authorising `action`; `writeRight` is the role that writes this content. */
export async function groupContentScope(
  ctx: AppContext,
  user: AuthUser,
  groupId: number,
  action: ContentAction,
  writeRight: 'role_edit_topic' | 'role_edit_shared_folder',
): Promise<{ scope: ContentScope; access: GroupAccess }> {
  const access = await authorizeGroup(ctx, user, groupId, action === 'read' ? 'member' : action === 'write' ? writeRight : 'role_admin');
  return {
    access,
    scope: {
      kind: 'group',
      groupId,
      companyId: user.companyId,
      userId: user.id,
      canWrite: access.role?.[writeRight] ?? false,
      isAdmin: access.role?.role_admin ?? false,
      autoDeleteDays: access.group.auto_delete_day,
    },
  };
}

/** The company's common scope: everyone of the company reads, common_topic_role writes. */
export async function commonContentScope(ctx: AppContext, user: AuthUser, action: ContentAction): Promise<ContentScope> {
  // A bearer-token caller's rights come from the session's own statement (one query less on
  // every common-topic request); a caller authenticated another way has them read here.
  const rights =
    user.commonTopicRole !== undefined
      ? { canWrite: user.commonTopicRole, isAdmin: user.isCompanyAdmin }
      : await readCommonRights(ctx, user);
  const scope: ContentScope = {
    kind: 'common',
    groupId: null,
    companyId: user.companyId,
    userId: user.id,
    ...rights,
    autoDeleteDays: 0,
  };
  if (action === 'write' && !scope.canWrite) throw forbidden();
  if (action === 'admin' && !scope.isAdmin) throw forbidden();
  return scope;
}

async function readCommonRights(ctx: AppContext, user: AuthUser): Promise<{ canWrite: boolean; isAdmin: boolean }> {
  const row = await ctx.db
    .selectFrom('users')
    .select(['common_topic_role', 'is_company_admin'])
    .where('id', '=', user.id)
    .where('company_id', '=', user.companyId)
    .executeTakeFirstOrThrow();
  return { canWrite: row.common_topic_role === 1, isAdmin: row.is_company_admin === 1 };
}
