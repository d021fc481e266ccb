import { LIMITS, type NewCommonTopicBody, type NewTopicBody, type TopicAttachment, type TopicDetail } from '@portal/api-client/core';
import { fromTokyoWallClock, toTokyo } from '@portal/ui';
import { apiFieldErrors } from '../kit/fieldErrors';
import { inlineImageSrcs } from '../topics/inlineImages';

export interface TopicFormValues {
  title: string;
  /** Body HTML; empty when the editor holds no text. */
  html: string;
  emergency: boolean;
  multiEdit: boolean;
  likeOn: boolean;
  likeCharacter: string;
  hideLikers: boolean;
  commentOn: boolean;
  anonymous: boolean;
  /** datetime-local value in Tokyo time; empty delivers now. */
  delivery: string;
  folderId: string;
  /** Common topics: destination group ids and whether readers see them. */
  groups: number[];
  hideGroups: boolean;
  /** Attachments the topic already has (update) and the ids of those marked for removal. */
  attached: TopicAttachment[];
  removedAttachments: number[];
  /** New files to attach with the save. */
  files: File[];
  /**
   * Inline-image srcs the topic showed when the editor opened plus those uploaded since: the ones
   * missing from the final content go to the server as deleted_tiny_src.
   */
  knownImages: string[];
}

export type TopicFormErrors = Partial<Record<'title' | 'content' | 'likeCharacter' | 'delivery' | 'groups' | 'files', string>>;

/** The topic bodies' API fields (group and common) and the form fields that show their errors. */
const API_FIELDS = {
  topic_title: 'title',
  content: 'content',
  like_character_change: 'likeCharacter',
  delivery_date: 'delivery',
  selected_group: 'groups',
} as const satisfies Record<string, keyof TopicFormErrors>;

/** A refused save's field errors on the topic form's fields, or null (see apiFieldErrors). */
export const topicFieldErrors = (err: unknown): TopicFormErrors | null => apiFieldErrors(err, API_FIELDS);

const LOCAL = 'YYYY-MM-DDTHH:mm';

export const EMPTY_TOPIC: TopicFormValues = {
  title: '',
  html: '',
  emergency: false,
  multiEdit: false,
  likeOn: true,
  likeCharacter: '',
  hideLikers: false,
  commentOn: true,
  anonymous: false,
  delivery: '',
  folderId: '',
  groups: [],
  hideGroups: false,
  attached: [],
  removedAttachments: [],
  files: [],
  knownImages: [],
};

export function valuesOf(d: TopicDetail, now: number): TopicFormValues {
  return {
    title: d.topic_title,
    html: d.content,
    emergency: d.emergency_contact,
    multiEdit: d.is_multiple_edit,
    likeOn: d.how_nice.includes('1'),
    likeCharacter: d.like_character_change,
    hideLikers: d.how_nice.includes('2'),
    commentOn: d.comment_options.includes('1'),
    anonymous: d.comment_options.includes('2'),
    // A delivered topic has no pending schedule to show.
    delivery: d.delivery_date > now ? toTokyo(d.delivery_date).format(LOCAL) : '',
    folderId: d.folder_id ? String(d.folder_id) : '',
    groups: d.selected_group.map((g) => g.id),
    hideGroups: d.hide_to_selected_group_tag,
    attached: d.attach_file ?? [],
    removedAttachments: [],
    files: [],
    knownImages: inlineImageSrcs(d.content),
  };
}

/** How many more files the topic can take (LIMITS.maxFilesPerUpload after removals). */
export function attachmentRoom(v: Pick<TopicFormValues, 'attached' | 'removedAttachments' | 'files'>): number {
  const kept = v.attached.filter((a) => !v.removedAttachments.includes(a.id)).length;
  return LIMITS.maxFilesPerUpload - kept - v.files.length;
}

/** Section-5 checks the form can make before the server does (it checks again). */
export function validate(v: TopicFormValues, now: number, needsGroups = false): TopicFormErrors {
  const errors: TopicFormErrors = {};
  if (!v.title.trim()) errors.title = 'validation.required';
  else if (v.title.length > 255) errors.title = 'validation.max_length';
  if (v.html.length > 200_000) errors.content = 'validation.max_length';
  if (v.likeCharacter.length > 16) errors.likeCharacter = 'validation.max_length';
  const at = deliveryMs(v.delivery);
  if (v.delivery && (at === null || at <= now)) errors.delivery = 'editor.delivery_future';
  if (needsGroups && v.groups.length === 0) errors.groups = 'editor.destinations_required';
  if (attachmentRoom(v) < 0) errors.files = 'editor.attachments_too_many_total';
  return errors;
}

function deliveryMs(local: string): number | null {
  return local ? fromTokyoWallClock(local) : null;
}

/** The topic fields of a create or update; deleted_attach_file only ever comes from an update. */
export type TopicBody = Omit<NewTopicBody, 'folder_id'> & { deleted_attach_file?: number[] };

export function toBody(v: TopicFormValues): TopicBody {
  const howNice: ('1' | '2')[] = [];
  if (v.likeOn) howNice.push('1');
  if (v.likeOn && v.hideLikers) howNice.push('2');
  const comments: ('1' | '2')[] = [];
  if (v.commentOn) comments.push('1');
  if (v.commentOn && v.anonymous) comments.push('2');
  return {
    topic_title: v.title.trim(),
    content: v.html,
    emergency_contact: v.emergency,
    is_multiple_edit: v.multiEdit,
    how_nice: howNice,
    ...(v.likeOn && v.likeCharacter.trim() ? { like_character_change: v.likeCharacter.trim() } : {}),
    comment_options: comments,
    delivery_date: deliveryMs(v.delivery),
    ...removals(v),
  };
}

/** What the editor took out: inline images no longer in the content, attachments marked for removal. */
function removals(v: TopicFormValues): Pick<TopicBody, 'deleted_tiny_src' | 'deleted_attach_file'> {
  const shown = new Set(inlineImageSrcs(v.html));
  const gone = [...new Set(v.knownImages)].filter((src) => !shown.has(src));
  const removed = v.removedAttachments.filter((id) => v.attached.some((a) => a.id === id));
  return { ...(gone.length > 0 ? { deleted_tiny_src: gone } : {}), ...(removed.length > 0 ? { deleted_attach_file: removed } : {}) };
}

/** A common topic's body: the topic fields plus its destination groups. */
export function toCommonBody(v: TopicFormValues): NewCommonTopicBody & { deleted_attach_file?: number[] } {
  return { ...toBody(v), selected_group: v.groups, hide_to_selected_group_tag: v.hideGroups };
}
