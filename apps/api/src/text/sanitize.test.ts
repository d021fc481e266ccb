import { describe, expect, it } from 'vitest';
import { inlineImageUrl } from '@portal/api-client';
import { inlineImageId, preview, safeUrl, sanitizeHtml } from './sanitize';

/** Markup that must never survive: each is a known way to run script from stored HTML. */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror="alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="  JaVaScRiPt:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<svg onload="alert(1)"><circle r="5"/></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><img src=x onerror=alert(1)></mtext></math>',
  '<iframe src="https://evil.example"></iframe>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<div style="width: expression(alert(1))">x</div>',
  '<body onload=alert(1)>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<form action="https://evil.example"><input name="a"><button formaction="javascript:alert(1)">b</button></form>',
  '<<script>script>alert(1)<</script>/script>',
  '<img src="x" /onerror=alert(1)>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<p title="&quot;><script>alert(1)</script>">t</p>',
  '<style>@import "https://evil.example/x.css";</style>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<template><script>alert(1)</script></template>',
  '<p>a<svg onload="alert(1)"><image href="x" onerror="alert(1)">',
  '<iframe src="javascript:alert(1)"><script>alert(1)</script>',
  '<svg>'.repeat(40) + '<img src=x onerror=alert(1)>',
];

function assertInert(html: string): void {
  expect(html).not.toMatch(/<script|<svg|<math|<iframe|<object|<embed|<style|<meta|<form|<input|<button|<template/i);
  expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  expect(html).not.toMatch(/javascript:|vbscript:|data:|expression\(|url\(/i);
}

describe('sanitizeHtml', () => {
  for (const payload of PAYLOADS) {
    it(`makes inert: ${payload}`, () => {
      const { html } = sanitizeHtml(payload);
      assertInert(html);
      // The result is a fixed point: sanitising again changes nothing, so it parses the same way.
      expect(sanitizeHtml(html).html).toBe(html);
    });
  }

  it('keeps the formatting the editor produces', () => {
    const input =
      '<p class="ptop-rt-bold" dir="ltr" style="text-align: center;"><b><strong style="white-space: pre-wrap;">太字</strong></b>' +
      '<a href="https://example.com/a?b=1&amp;c=2" target="_blank">リンク</a></p><ul><li value="1">一</li></ul>' +
      `<img src="${inlineImageUrl(12)}" alt="図" width="640" height="480" class="editor-image" style="float: left">`;
    const { html, text } = sanitizeHtml(input);
    expect(html).toBe(
      '<p class="ptop-rt-bold" dir="ltr" style="text-align: center"><b><strong style="white-space: pre-wrap">太字</strong></b>' +
        '<a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">リンク</a></p><ul><li value="1">一</li></ul>' +
        `<img src="${inlineImageUrl(12)}" alt="図" width="640" height="480">`,
    );
    expect(text).toBe('太字リンク\n一');
  });

  it('keeps only the editor’s own classes: a topic cannot borrow the portal’s (a fake modal)', () => {
    expect(sanitizeHtml('<div class="pui-modal-backdrop pui-modal"><p class="ptop-rt-bold x">本文</p></div>').html).toBe(
      '<div><p class="ptop-rt-bold">本文</p></div>',
    );
    expect(sanitizeHtml('<span class="ptop-rt-italic ptop-rt-link">斜</span><a href="/x" class="shell-button">a</a>').html).toBe(
      '<span class="ptop-rt-italic ptop-rt-link">斜</span><a href="/x">a</a>',
    );
  });

  it('keeps the text of unknown tags, escaped', () => {
    expect(sanitizeHtml('<custom-el>a &lt; b</custom-el><p>1 &amp; 2</p>')).toEqual({
      html: 'a &lt; b<p>1 &amp; 2</p>',
      text: 'a < b\n1 & 2',
      images: [],
    });
  });

  it('gives plain text with no markup for the preview', () => {
    const { text } = sanitizeHtml('<p>お知らせ&nbsp;<b>です</b></p><script>x()</script><p>二行目</p>');
    expect(text).toBe('お知らせ です\n二行目');
  });
});

describe('inline images', () => {
  const ours = inlineImageUrl(7);
  /** Every image source but our own inline-image path: each drops the whole tag. */
  const FOREIGN = [
    'https://evil.example/track.png',
    'http://portal.test/service/api/v1/members/me/inline-images/7',
    '//evil.example/x.png',
    'data:image/png;base64,iVBORw0KGgo=',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'javascript:alert(1)',
    '/service/api/v1/members/me/inline-images/7.svg',
    '/service/api/v1/members/me/inline-images/7?x=1',
    '/service/api/v1/members/me/inline-images/../groups/1/images/icon/a.png',
    '/service/api/v1/members/me/inline-images/0',
    ` ${ours}`,
    '/files/1/inline.png',
  ];
  for (const src of FOREIGN) {
    it(`drops <img src="${src}">`, () => {
      const { html, images } = sanitizeHtml(`<p>a<img src="${src.replace(/"/g, '&quot;')}" alt="x">b</p>`);
      expect(html).toBe('<p>ab</p>');
      expect(images).toEqual([]);
    });
  }

  it('keeps our own image with alt and size only; handlers and styles go', () => {
    const { html, images } = sanitizeHtml(
      `<img src="${ours}" onerror="alert(1)" onload=alert(2) style="background:url(javascript:x)" alt="&quot;><script>x</script>" width="100" height="50px" srcset="https://evil.example/a.png 2x">` +
        `<img src=x onerror=alert(1)><img alt="no source"><svg><image href="${ours}"/></svg><img src="${inlineImageUrl(9)}"><img src="${ours}">`,
    );
    expect(html).toBe(
      `<img src="${ours}" alt="&quot;&gt;&lt;script&gt;x&lt;/script&gt;" width="100"><img src="${inlineImageUrl(9)}"><img src="${ours}">`,
    );
    expect(images).toEqual([7, 9]);
    expect(html).not.toMatch(/\son[a-z]+\s*=|javascript:|srcset|<svg/i);
    expect(sanitizeHtml(html).html).toBe(html);
  });

  it('drops every image from comments, even our own (comments link none, so no reader could load one)', () => {
    const out = sanitizeHtml(`<p>見てください<img src="${inlineImageUrl(12)}" alt="図"></p>`, { images: false });
    expect(out.html).toBe('<p>見てください</p>');
    expect(out.images).toEqual([]);
  });

  it('reads the id only from the exact path', () => {
    expect(inlineImageId(ours)).toBe(7);
    expect(inlineImageId(`${ours}0`)).toBe(70);
    expect(inlineImageId(`${ours}/`)).toBeNull();
    expect(inlineImageId(`${ours}#x`)).toBeNull();
    expect(inlineImageId('/service/api/v1/members/me/inline-images/')).toBeNull();
    expect(inlineImageId('/service/api/v1/members/me/inline-images/１')).toBeNull();
  });
});

describe('safeUrl', () => {
  it('allows relative and http(s), mailto, tel; refuses other schemes', () => {
    expect(safeUrl('/group/1')).toBe('/group/1');
    expect(safeUrl('#top')).toBe('#top');
    expect(safeUrl('https://a.example')).toBe('https://a.example');
    expect(safeUrl('mailto:a@b.example')).toBe('mailto:a@b.example');
    expect(safeUrl('javascript:x')).toBeNull();
    expect(safeUrl('\u0001javascript:x')).toBeNull();
    expect(safeUrl('file:///etc/passwd')).toBeNull();
  });
});

describe('sanitizeHtml with an unclosed dropped element', () => {
  it('drops an unclosed <svg> or <iframe> but keeps the text after it', () => {
    expect(sanitizeHtml('<p>前<svg onload="alert(1)">後の文章</p><p>次</p>').html).toBe('<p>前後の文章</p><p>次</p>');
    const iframe = sanitizeHtml('<p>見て<iframe src="https://evil.example">続き<b>太字</b></p>');
    expect(iframe.html).toBe('<p>見て続き<b>太字</b></p>');
    expect(iframe.text).toBe('見て続き太字');
    // A closed one still goes with its content.
    expect(sanitizeHtml('<p>a<svg><text>内側</text></svg>b</p>').html).toBe('<p>ab</p>');
    // Closed by its parent: what it held up to there is the user's text too.
    expect(sanitizeHtml('<p>a<svg><circle>b</p>c').html).toBe('<p>ab</p>c');
  });
  it('stays inert and bounded for many unclosed elements', () => {
    const out = sanitizeHtml(`${'<svg>'.repeat(5000)}end`).html;
    expect(out).toBe('');
    assertInert(sanitizeHtml(`${'<svg>'.repeat(10)}<p>t</p>`).html);
    expect(sanitizeHtml(`${'<svg>'.repeat(10)}<p>t</p>`).html).toBe('<p>t</p>');
  });
});

describe('preview', () => {
  it('cuts at the last space within 50 characters', () => {
    const words = Array.from({ length: 20 }, (_, i) => `word${i}`).join(' ');
    const p = preview(words, 50);
    expect(p.endsWith('…')).toBe(true);
    const body = p.slice(0, -1);
    expect([...body].length).toBeLessThanOrEqual(50);
    expect(words.startsWith(`${body} `)).toBe(true);
  });
  it('cuts text without spaces hard, counting characters not UTF-16 units', () => {
    const ja = '𠮷'.repeat(60);
    expect(preview(ja, 50)).toBe(`${'𠮷'.repeat(50)}…`);
    expect(preview('短い', 50)).toBe('短い');
  });
  it('cuts a long string without spaces at 50 characters, not at an early space', () => {
    const url = `https://example.com/${'a'.repeat(80)}`;
    expect(preview(`見て: ${url}`, 50)).toBe(`見て: ${url.slice(0, 46)}…`);
    expect([...preview(`確認 ${'長'.repeat(80)}`, 50)]).toHaveLength(51);
  });
});
