import { describe, expect, it } from 'vitest';
import { inlineImageUrl } from '@portal/api-client';
import { attachment, detail } from '../topics/testing';
import { attachmentRoom, EMPTY_TOPIC, toBody, toCommonBody, validate, valuesOf } from './values';

const img = (id: number) => `<img src="${inlineImageUrl(id)}">`;

describe('topic form values and attachments', () => {
  it('opens an edit with the topic’s attachments and the inline images its content shows', () => {
    const v = valuesOf(detail({ content: `<p>a${img(1)}</p><p>${img(2)}${img(1)}</p>`, attach_file: [attachment(4), attachment(5)] }), 0);
    expect(v.attached.map((a) => a.id)).toEqual([4, 5]);
    expect(v.knownImages).toEqual([inlineImageUrl(1), inlineImageUrl(2)]);
    expect(v.files).toEqual([]);
    expect(v.removedAttachments).toEqual([]);
    // A topic without attachments (typed optional) opens with none.
    expect(valuesOf(detail({ attach_file: undefined }), 0).attached).toEqual([]);
  });

  it('sends the inline images taken out, including ones uploaded in this session, and the removed attachments', () => {
    const v = {
      ...valuesOf(detail({ content: `<p>${img(1)}${img(2)}</p>`, attach_file: [attachment(4), attachment(5)] }), 0),
      html: `<p>${img(2)}${img(9)}</p>`,
      knownImages: [inlineImageUrl(1), inlineImageUrl(2), inlineImageUrl(8), inlineImageUrl(9)],
      removedAttachments: [5],
    };
    const body = toBody(v);
    expect(body.deleted_tiny_src).toEqual([inlineImageUrl(1), inlineImageUrl(8)]);
    expect(body.deleted_attach_file).toEqual([5]);
    expect(toCommonBody(v)).toMatchObject({ deleted_tiny_src: [inlineImageUrl(1), inlineImageUrl(8)], deleted_attach_file: [5] });
  });

  it('leaves both fields out when nothing was taken out (a create never has them)', () => {
    const body = toBody({ ...EMPTY_TOPIC, title: 't', html: `<p>${img(3)}</p>`, knownImages: [inlineImageUrl(3)] });
    expect(body).not.toHaveProperty('deleted_tiny_src');
    expect(body).not.toHaveProperty('deleted_attach_file');
  });

  it('counts the room left for files: 30 minus the kept attachments and the new files', () => {
    const attached = Array.from({ length: 28 }, (_, i) => attachment(i + 1));
    const files = [new File(['a'], 'a'), new File(['b'], 'b')];
    expect(attachmentRoom({ attached, removedAttachments: [], files })).toBe(0);
    expect(attachmentRoom({ attached, removedAttachments: [1, 2], files })).toBe(2);
    const over = { ...EMPTY_TOPIC, title: 't', attached, files: [...files, new File(['c'], 'c')] };
    expect(validate(over, 0).files).toBe('editor.attachments_too_many_total');
    expect(validate({ ...over, removedAttachments: [1] }, 0).files).toBeUndefined();
  });
});
