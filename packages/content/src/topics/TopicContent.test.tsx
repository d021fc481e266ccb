import { render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inlineImageUrl } from '@portal/api-client';
import { api } from '@portal/api-client/browser';
import { TopicContent } from './TopicContent';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn() } }));
const request = vi.mocked(api.request);

let created: string[];
let revoked: string[];
beforeEach(() => {
  request.mockReset();
  request.mockImplementation(async (_m, path) => {
    if (path.endsWith('/404')) throw new Error('gone');
    return new Response(new Blob([`bytes of ${path}`], { type: 'image/png' }));
  });
  created = [];
  revoked = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
    created.push(`blob:test/${created.length + 1}`);
    return created.at(-1)!;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((u) => void revoked.push(u));
});
afterEach(() => vi.restoreAllMocks());

const images = (root: HTMLElement) => [...root.querySelectorAll('img')];

describe('TopicContent', () => {
  it('shows each inline image from an object URL fetched once with the token, and revokes them on unmount', async () => {
    const html = `<p>図<img src="${inlineImageUrl(1)}" alt="一"><img src="${inlineImageUrl(2)}"></p><p><img src="${inlineImageUrl(1)}"></p>`;
    const view = render(<TopicContent html={html} />);
    // Before the bytes arrive no image has a src the browser would request without the token.
    expect(images(view.container).map((i) => i.getAttribute('src'))).toEqual([null, null, null]);
    await waitFor(() => expect(images(view.container).every((i) => i.getAttribute('src')?.startsWith('blob:test/'))).toBe(true));
    const [a, b, c] = images(view.container).map((i) => i.getAttribute('src'));
    expect(a).toBe(c);
    expect(b).not.toBe(a);
    expect(request.mock.calls.map(([m, p]) => [m, p])).toEqual([
      ['GET', '/members/me/inline-images/1'],
      ['GET', '/members/me/inline-images/2'],
    ]);
    expect(images(view.container)[0]!.alt).toBe('一');
    view.unmount();
    expect(revoked.sort()).toEqual([...created].sort());
  });

  it('marks an image that cannot be loaded and leaves the text alone', async () => {
    const view = render(<TopicContent html={`<p>本文<img src="${inlineImageUrl(404)}" alt="図"></p>`} />);
    await waitFor(() => expect(view.container.querySelector('img')!.classList.contains('ptop-content__image--missing')).toBe(true));
    expect(view.container.textContent).toBe('本文');
    expect(created).toEqual([]);
  });

  it('revokes the old URLs when the content changes', async () => {
    const view = render(<TopicContent html={`<p><img src="${inlineImageUrl(1)}"></p>`} />);
    await waitFor(() => expect(created).toHaveLength(1));
    view.rerender(<TopicContent html={`<p><img src="${inlineImageUrl(2)}"></p>`} />);
    await waitFor(() => expect(view.container.querySelector('img')!.getAttribute('src')).toBe('blob:test/2'));
    expect(revoked).toEqual(['blob:test/1']);
  });
});
