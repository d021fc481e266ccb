import { describe, expect, it } from 'vitest';
import { i18n } from '@portal/i18n';
import { chatTitle } from './title';

const u = (id: number, name: string) => ({ id, name, avatar: null, user_active_status: 0, pivot: { favorite: 0 } });

describe('chat title (spec section 9)', () => {
  const t = i18n.getFixedT('ja');
  const en = i18n.getFixedT('en');
  it('is the given name, else at most two other names then "with N others"', () => {
    expect(chatTitle({ name: '企画', user_group_chat: [u(1, 'A'), u(2, 'B')] }, 1, t)).toBe('企画');
    expect(chatTitle({ name: '', user_group_chat: [u(1, 'A'), u(2, 'B')] }, 1, t)).toBe('B');
    expect(chatTitle({ name: '', user_group_chat: [u(1, 'A'), u(2, 'B'), u(3, 'C')] }, 1, t)).toBe('B、C');
    expect(chatTitle({ name: '', user_group_chat: [u(1, 'A'), u(2, 'B'), u(3, 'C'), u(4, 'D'), u(5, 'E')] }, 1, t)).toBe('B、C 他2名');
    expect(chatTitle({ name: '', user_group_chat: [u(1, 'A'), u(2, 'B'), u(3, 'C'), u(4, 'D')] }, 1, en)).toBe('B, C and 1 other');
    expect(chatTitle({ name: '', user_group_chat: [u(1, 'A'), u(2, 'B'), u(3, 'C'), u(4, 'D'), u(5, 'E')] }, 1, en)).toBe(
      'B, C and 2 others',
    );
  });
});
