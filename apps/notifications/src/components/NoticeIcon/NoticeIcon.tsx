import { LikeTargetType } from '@portal/api-client/core';

const svg = {
  width: 18,
  height: 18,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

/** Section 2's icons per kind: clipboard-check for topics, a speech bubble for comments, a folder for files, none for chat. */
export function NoticeIcon({ type }: { type: number }) {
  if (type === LikeTargetType.GROUP_TOPIC || type === LikeTargetType.COMMON_TOPIC) {
    return (
      <svg {...svg} className="pntf-icon">
        <rect x="6" y="4" width="12" height="17" rx="2" />
        <path d="M9 4h6v3H9zM9 14l2 2 4-4" />
      </svg>
    );
  }
  if (type === LikeTargetType.GROUP_TOPIC_COMMENT || type === LikeTargetType.COMMON_TOPIC_COMMENT) {
    return (
      <svg {...svg} className="pntf-icon">
        <path d="M4 5h16v11H9l-5 4z" />
      </svg>
    );
  }
  if (type === LikeTargetType.GROUP_SHARED_FOLDER || type === LikeTargetType.COMMON_SHARED_FOLDER) {
    return (
      <svg {...svg} className="pntf-icon">
        <path d="M3 6h6l2 2h10v11H3z" />
      </svg>
    );
  }
  if (type === LikeTargetType.SAVED_SEARCH) {
    return (
      <svg {...svg} className="pntf-icon">
        <circle cx="11" cy="11" r="6" />
        <path d="M20 20l-4.5-4.5" />
      </svg>
    );
  }
  return null;
}
