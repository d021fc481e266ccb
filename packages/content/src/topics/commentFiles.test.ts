import { describe, expect, it } from 'vitest';
import { LIMITS } from '@portal/api-client/core';
import { commentHtml, commentImageUploadUrl, commentPostUrl, fitCommentFiles } from './commentFiles';
import { COMMON_SCOPE as commonScope, groupScope } from './scope';

const file = (name: string, size: number) => Object.defineProperty(new File(['x'], name), 'size', { value: size });

describe('comment files', () => {
  it('posts to the group’s add-new-comment or the common post-comment; images upload with comment=1', () => {
    expect(commentPostUrl(groupScope(3))).toBe('/service/api/v1/members/me/groups/3/topics/add-new-comment');
    expect(commentPostUrl(commonScope)).toBe('/service/api/v1/members/me/common-topics/post-comment');
    expect(commentImageUploadUrl(groupScope(3))).toBe('/service/api/v1/members/me/upload-file-by-tiny?group_id=3&comment=1');
    expect(commentImageUploadUrl(commonScope)).toBe('/service/api/v1/members/me/upload-file-by-tiny?comment=1');
  });

  it('keeps files within the size and the 30-file bound, saying what it refused', () => {
    const MB = 1024 * 1024;
    const r = fitCommentFiles([file('a.pdf', MB), file('big.pdf', 3 * MB), file('b.pdf', 10)], LIMITS.maxFilesPerUpload - 1, 2);
    expect(r.accepted.map((f) => f.name)).toEqual(['a.pdf']);
    expect(r.tooLarge.map((f) => f.name)).toEqual(['big.pdf']);
    expect(r.overCount).toBe(1);
  });

  it('puts inserted images after the text, one a line', () => {
    expect(commentHtml('見て', ['/i/1', '/i/2'])).toBe('見て<p><img src="/i/1" alt=""></p><p><img src="/i/2" alt=""></p>');
    expect(commentHtml('', [])).toBe('');
  });
});
