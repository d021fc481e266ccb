// @vitest-environment jsdom
// DOMPurify needs a faithful DOM, and this file is the one that keeps jsdom as the test DOM:
// under happy-dom (20.14) DOMPurify fails open, returning <script> and onerror= untouched and
// dropping the <p> around inline text, so these tests would pass or fail for happy-dom's
// sake rather than the sanitiser's. Everything else runs on happy-dom.
import { describe, expect, it } from 'vitest';
import { purifyHtml } from './purify';

describe('purifyHtml (browser-side second pass over topic HTML)', () => {
  it('drops script, handlers and javascript: URLs, and the portal’s own classes', () => {
    const out = purifyHtml(
      '<p class="ptop-rt-bold pui-modal-backdrop" onclick="alert(1)">本文</p><img src="x" onerror="alert(2)"><script>alert(3)</script><a href="javascript:alert(4)">a</a>',
    );
    expect(out).not.toMatch(/onclick|onerror|<script|javascript:|pui-modal/);
    expect(out).toContain('<p class="ptop-rt-bold">本文</p>');
  });

  it('keeps what the editor writes', () => {
    const html =
      '<p style="text-align: center"><b>太字</b> <a href="https://example.com/" target="_blank" rel="noopener noreferrer">リンク</a></p><ul><li>一</li></ul>';
    expect(purifyHtml(html)).toBe(html);
  });
});
