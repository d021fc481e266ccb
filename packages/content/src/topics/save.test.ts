import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOPIC_FORM_FIELDS } from '@portal/api-client';
import { api } from '@portal/api-client/browser';
import { setSession } from '@portal/api-client/session';
import { saveTopic, TOPIC_FORM, topicFormData } from './save';
import { detail, fakeXhr } from './testing';

vi.mock('@portal/api-client/browser', () => ({ api: { call: vi.fn(), request: vi.fn(), refresh: vi.fn() } }));

const body = { topic_title: '週報', content: '<p>本文</p>', how_nice: ['1'] as '1'[], comment_options: [] };

beforeEach(() => {
  setSession({ accessToken: 'tok' });
  vi.mocked(api.call).mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('saveTopic', () => {
  it('uses the contract’s multipart field names', () => {
    expect(TOPIC_FORM).toEqual(TOPIC_FORM_FIELDS);
  });

  it('puts the JSON body first, then one attach_file part per file', async () => {
    const a = new File(['abc'], '議事録.pdf', { type: 'application/pdf' });
    const b = new File(['de'], 'data.csv', { type: 'text/csv' });
    const form = topicFormData(body, [a, b]);
    const parts = [...form.entries()];
    expect(parts.map(([k]) => k)).toEqual(['data', 'attach_file', 'attach_file']);
    expect(JSON.parse(parts[0]![1] as string)).toEqual(body);
    expect((parts[1]![1] as File).name).toBe('議事録.pdf');
    expect(await (parts[2]![1] as File).text()).toBe('de');
  });

  it('sends plain JSON through the client when there is nothing to upload', async () => {
    vi.mocked(api.call).mockResolvedValue({ items: detail({ id: 9 }) } as never);
    const { sent } = fakeXhr([]);
    const saved = await saveTopic('newTopic', { params: { id: 3 }, body });
    expect(saved.items.id).toBe(9);
    expect(vi.mocked(api.call).mock.calls).toEqual([['newTopic', { params: { id: 3 }, body }]]);
    expect(sent).toEqual([]);
  });

  it('posts multipart to the endpoint’s path with the token and reports upload progress', async () => {
    const { sent } = fakeXhr([{ status: 200, body: { items: detail({ id: 5 }) } }]);
    const progress: number[] = [];
    const file = new File(['x'], 'a.txt');
    const saved = await saveTopic(
      'updateTopic',
      { params: { id: 3, topicId: 5 }, body: { ...body, lock_token: 'L', deleted_attach_file: [4] } },
      { files: [file], onProgress: (p) => progress.push(p) },
    );
    expect(saved.items.id).toBe(5);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.url).toBe('/service/api/v1/members/me/groups/3/topics/update-topic/5');
    expect(sent[0]!.headers.Authorization).toBe('Bearer tok');
    expect(JSON.parse(sent[0]!.body.get('data') as string)).toEqual({ ...body, lock_token: 'L', deleted_attach_file: [4] });
    expect(sent[0]!.body.getAll('attach_file')).toHaveLength(1);
    expect(progress).toEqual([0.5, 1]);
    expect(api.call).not.toHaveBeenCalled();
  });

  it('routes common topics to their own paths and passes the server’s refusal on', async () => {
    const { sent } = fakeXhr([{ status: 400, body: { status_code: 'TOO_MANY_FILES', message: 'too many', data: { max: 30 } } }]);
    const err = await saveTopic(
      'createCommonTopic',
      { body: { ...body, selected_group: [1] } },
      { files: [new File(['x'], 'a.txt')] },
    ).catch((e: unknown) => e);
    expect(sent[0]!.url).toBe('/service/api/v1/members/me/common-topics/create');
    expect(err).toMatchObject({ status: 400, code: 'TOO_MANY_FILES' });
  });
});
