import { describe, expect, it } from 'vitest';
import { inviteIconUrl } from './inviteIcon';

const ICON = '/service/api/v1/members/me/groups/3/images/icon/0123456789abcdef0123456789abcdef.png';

describe('inviteIconUrl', () => {
  it('points at the public icon of the link, keyed by the stored file name', () => {
    expect(inviteIconUrl('ab/c d', ICON)).toBe('/service/api/v1/invite-members/ab%2Fc%20d/icon?v=0123456789abcdef0123456789abcdef.png');
    expect(inviteIconUrl('tok', null)).toBeNull();
    expect(inviteIconUrl('', ICON)).toBeNull();
    // Only the portal's own stored icons have a public copy.
    expect(inviteIconUrl('tok', 'https://cdn.example.jp/icon.png')).toBeNull();
  });
});
