import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GroupRow } from './GroupRow';
import { group, renderWidget } from './testing';

describe('GroupRow badge', () => {
  it('says what the unread number counts (it is more than the feed’s unread topics)', () => {
    renderWidget(
      <ul>
        <GroupRow group={group(1, '開発チーム', { unread_count: 5 })} />
      </ul>,
    );
    expect(screen.getByTitle('未読 5 件（トピック・あなたへのコメント・共有フォルダのファイル）').textContent).toBe('5');
  });

  it('has no hint on a muted group or without unread items', () => {
    renderWidget(
      <ul>
        <GroupRow group={group(1, 'A', { unread_count: 5, can_notify: false })} />
        <GroupRow group={group(2, 'B')} />
      </ul>,
    );
    expect(document.querySelector('[title]')).toBeNull();
  });
});
