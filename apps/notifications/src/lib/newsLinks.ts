import { NewsTargetType, type NewsItem } from '@portal/api-client/core';

/** Where a news item's target type leads (section 3 target types); null for NO_LINK. */
export function newsHref(n: Pick<NewsItem, 'target_type' | 'target_id'>): string | null {
  const g = n.target_id;
  switch (n.target_type) {
    case NewsTargetType.GROUP_TOP:
      return g ? `/group/${g}` : null;
    case NewsTargetType.GROUP_APPROVE:
      return g ? `/group/${g}/members/join-request` : null;
    case NewsTargetType.GROUP_SETTING:
      return g ? `/group/${g}/setting/information` : null;
    case NewsTargetType.GROUP_SHARED_FOLDER:
      return g ? `/group/${g}/shared-folder` : null;
    case NewsTargetType.MY_CALENDAR:
      return '/calendar/list';
    default:
      return null;
  }
}

/** A system item's parameters (JSON in content); a malformed one renders with none. */
export function systemParams(content: string): Record<string, string> {
  try {
    const v: unknown = JSON.parse(content);
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      return Object.fromEntries(Object.entries(v).filter(([, x]) => typeof x === 'string')) as Record<string, string>;
    }
  } catch {
    // fall through
  }
  return {};
}
