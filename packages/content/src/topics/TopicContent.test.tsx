import { fireEvent, render, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { inlineImageUrl } from '@portal/api-client';
import { api } from '@portal/api-client/browser';
import { signUrlsAnswer } from '../testing';
import { TopicContent } from './TopicContent';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn() } }));
const call = vi.mocked(api.call);

beforeEach(() => {
  call.mockReset();
  call.mockImplementation((async (_name: string, args: Record<string, unknown>) => signUrlsAnswer(args)) as never);
});

const images = (root: HTMLElement) => [...root.querySelectorAll('img')];

describe('TopicContent', () => {
  it('shows each inline image from a signed link, all signed in one request', async () => {
    const html = `<p>図<img src="${inlineImageUrl(1)}" alt="一"><img src="${inlineImageUrl(2)}"></p><p><img src="${inlineImageUrl(1)}"></p>`;
    const view = render(<TopicContent html={html} />);
    // Before the links arrive no image has a src the browser would request without authority.
    expect(images(view.container).map((i) => i.getAttribute('src'))).toEqual([null, null, null]);
    await waitFor(() => expect(images(view.container).every((i) => i.getAttribute('src')?.endsWith('?s=test'))).toBe(true));
    expect(images(view.container).map((i) => i.getAttribute('src'))).toEqual([
      `${inlineImageUrl(1)}?s=test`,
      `${inlineImageUrl(2)}?s=test`,
      `${inlineImageUrl(1)}?s=test`,
    ]);
    expect(call).toHaveBeenCalledTimes(1);
    expect(call.mock.calls[0]![1]).toEqual({ body: { items: [{ path: inlineImageUrl(1) }, { path: inlineImageUrl(2) }] } });
    expect(images(view.container)[0]!.alt).toBe('一');
  });

  it('marks an image that cannot be loaded (or signed) and leaves the text alone', async () => {
    const view = render(<TopicContent html={`<p>本文<img src="${inlineImageUrl(404)}" alt="図"></p>`} />);
    const img = view.container.querySelector('img')!;
    await waitFor(() => expect(img.getAttribute('src')).not.toBeNull());
    fireEvent.error(img);
    expect(img.classList.contains('ptop-content__image--missing')).toBe(true);
    expect(view.container.textContent).toBe('本文');

    call.mockRejectedValueOnce(new Error('offline'));
    view.rerender(<TopicContent html={`<p>別<img src="${inlineImageUrl(5)}" alt="図"></p>`} />);
    await waitFor(() => expect(view.container.querySelector('img')!.classList.contains('ptop-content__image--missing')).toBe(true));
  });

  it('signs the new images when the content changes', async () => {
    const view = render(<TopicContent html={`<p><img src="${inlineImageUrl(1)}"></p>`} />);
    await waitFor(() => expect(view.container.querySelector('img')!.getAttribute('src')).toBe(`${inlineImageUrl(1)}?s=test`));
    view.rerender(<TopicContent html={`<p><img src="${inlineImageUrl(2)}"></p>`} />);
    await waitFor(() => expect(view.container.querySelector('img')!.getAttribute('src')).toBe(`${inlineImageUrl(2)}?s=test`));
  });
});
