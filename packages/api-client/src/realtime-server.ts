import { record, ShapeError, string, validator } from './check';
import { topicId, type RealtimeClientMessage } from './realtime';

/**
 * The API's check of what a browser sends on the realtime socket. Kept out of ./realtime.ts,
 * which the shell bundles at start-up, because browsers never parse their own messages.
 */
export const realtimeClientMessageSchema = validator((v): RealtimeClientMessage => {
  const o = record(v, '');
  if (o.type === 'auth') return { type: 'auth', token: string(o.token, 'token', 1, 4096) };
  if (o.type === 'subscribe' || o.type === 'unsubscribe') return { type: o.type, topic_id: topicId(o.topic_id) };
  throw new ShapeError('type', "'auth', 'subscribe' or 'unsubscribe'");
});
