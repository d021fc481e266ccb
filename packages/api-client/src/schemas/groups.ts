import { z } from 'zod';
import { GROUP_ROLE_NAMES, LIMITS } from '../constants';
import { afterFields, emailSchema, kanaSchema, multilineText, passwordSchema, requiredText, rowId, rowIdText } from '../validation';
import { envelope, page } from './common';
import { groupRole } from './members';

/** Who may invite (section 6, "invitation setting"). */
export const InvitePermission = { ROLE_INVITE: 0, ALL_MEMBERS: 1, ADMIN_ONLY: 2 } as const;
/** Member list role labels (section 3: administrator, member, member plus). */
export const MEMBER_ROLE_LABELS = ['admin', 'member', 'member_plus'] as const;

const id = rowIdText();
const keyword = z.string().trim().max(LIMITS.searchKeywordMax, 'validation.max_length');

export const groupIdParam = z.object({ id }).strict();
export const groupIdAndUserParam = z.object({ id, userId: id }).strict();
export const groupIdAndInviteParam = z.object({ id, inviteId: id }).strict();
export const groupIdAndEquipmentParam = z.object({ id, equipmentId: id }).strict();
export const uniqueUrlParam = z.object({ uniqueUrl: z.string().min(1).max(64) }).strict();
export const groupLinkParam = z.object({ group_link: z.string().min(1).max(64) }).strict();
/**
 * `{group_link}` of the spec's join-request administrator calls: the group's link, or its numeric
 * id (the contract's earlier form, which the groups remote still sends; links are never all digits).
 */
export const groupLinkAndRequestParam = z.object({ group_link: z.string().min(1).max(64), requestId: id }).strict();

export const listQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(LIMITS.groupListDefaultLimit).default(LIMITS.groupListPageSize),
    /** Search keyword; matched after NFKC, case and katakana/hiragana folding. */
    filter: keyword.optional(),
  })
  .strict();

export const storageSchema = z.object({
  storage_capacity: z.number(),
  storage_used: z.number(),
  storage_used_bytes: z.number(),
  type: z.literal('GB'),
  percent: z.number(),
});
export type GroupStorage = z.infer<typeof storageSchema>;

export const folderRef = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const groupListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  icon_image_small_path: z.string().nullable(),
  unread_count: z.number().int(),
  can_notify: z.boolean(),
  folder: folderRef,
  display_order: z.number().int(),
});
export type GroupListItem = z.infer<typeof groupListItem>;
export const myGroupsResponse = envelope(page(groupListItem));

/** Destination-group picker of common topics: every group of the company for an author. */
export const groupTagsQuery = z.object({ filter: keyword.optional() }).strict();
export const groupTagsResponse = envelope(z.array(z.object({ id: z.number().int(), name: z.string() })));

export const groupDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  notice: z.string(),
  letter_color: z.number().int(),
  icon_image: z.number().int(),
  icon_image_path: z.string().nullable(),
  icon_image_small_path: z.string().nullable(),
  header_image: z.string().nullable(),
  /** The uploader's file names of the icon and header image: display text only. */
  icon_file_name: z.string().nullable().optional(),
  header_file_name: z.string().nullable().optional(),
  group_tags: z.array(z.string()),
  auto_delete_day: z.number().int(),
  max_img_size_per_attachment: z.number().int(),
  invite_permission: z.number().int(),
  member_count: z.number().int(),
  created_at: z.number().int(),
  storage: storageSchema,
  /**
   * The company's capacity and use over all its files (every group's and the common area's): a
   * group with room left is still refused an upload when this is full. Optional for older fixtures.
   */
  company_storage: storageSchema.optional(),
  /** The caller's membership; null for a company administrator who is not a member. */
  membership: z.object({ can_notify: z.boolean(), role: groupRole, can_invite: z.boolean() }).nullable(),
});
export type GroupDetail = z.infer<typeof groupDetail>;
export const groupDetailResponse = envelope(groupDetail);

export const createGroupBody = z
  .object({
    name: requiredText(100),
    notice: multilineText(2000).optional(),
    letter_color: z.union([z.literal(1), z.literal(2)]).optional(),
  })
  .strict();

export const updateGroupBody = z
  .object({
    name: requiredText(100).optional(),
    letter_color: z.union([z.literal(1), z.literal(2)]).optional(),
    notice: multilineText(2000).optional(),
    group_tags: z.array(requiredText(50)).max(20).optional(),
    auto_delete_day: z.number().int().min(1).max(365).optional(),
    max_img_size_per_attachment: z.number().int().min(1).max(LIMITS.attachmentMaxMb).optional(),
    invite_permission: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  })
  .strict();

export const rolesResponse = envelope(
  z.object({
    /** Rights held, as stored; an administrator is listed as role_admin only (section 6). */
    roles: z.array(z.enum(GROUP_ROLE_NAMES)),
    effective: groupRole,
    can_invite: z.boolean(),
  }),
);

export const notificationBody = z.object({ group_id: rowId(), can_notify: z.boolean() }).strict();

export const memberItem = z.object({
  id: z.number().int(),
  name: z.string(),
  name_kana: z.string(),
  email: z.string(),
  avatar_small: z.string().nullable(),
  role: z.enum(MEMBER_ROLE_LABELS),
  roles: groupRole,
  joined_at: z.number().int(),
});
export const membersResponse = envelope(page(memberItem));

const roleFlags = z.object({
  role_admin: z.boolean(),
  role_invite: z.boolean(),
  role_edit_shared_folder: z.boolean(),
  role_edit_topic: z.boolean(),
});
export const updateRolesBody = z
  .object({
    members: z
      .array(roleFlags.extend({ user_id: rowId() }).strict())
      .min(1)
      .max(500),
  })
  .strict();
export const memberIdsBody = z.object({ member_ids: z.array(rowId()).min(1).max(500) }).strict();
export const roleListResponse = envelope(z.array(groupRole.extend({ user_id: z.number().int() })));
export const hasOtherAdminResponse = envelope(z.object({ has_other_admin: z.boolean() }));

export const mailsBody = z.object({ mails: z.array(emailSchema).min(1).max(100), lang: z.enum(['ja', 'en']).optional() }).strict();
export const MAIL_STATES = ['member', 'invited', 'registered', 'new', 'other_company'] as const;
export const checkMailsResponse = envelope(z.array(z.object({ email: z.string(), state: z.enum(MAIL_STATES) })));

export const INVITATION_STATES = ['invited', 'expired', 'cancelled', 'superseded', 'accepted'] as const;
export const invitationItem = z.object({
  id: z.number().int(),
  email: z.string(),
  state: z.enum(INVITATION_STATES),
  expires_at: z.number().int(),
  created_at: z.number().int(),
});
export const invitationsResponse = envelope(page(invitationItem));
export const inviteResultResponse = envelope(z.array(invitationItem));
export const stopOrDeleteInvitationResponse = envelope(z.object({ result: z.enum(['cancelled', 'deleted']) }));
export const inviteLinkResponse = envelope(z.object({ unique_url: z.string(), url: z.string() }));

export const invitePreviewResponse = envelope(
  z.object({
    type: z.enum(['link', 'mail']),
    /** The invited address for a mail invitation (prefills the register form). */
    email: z.string().nullable(),
    expires_at: z.number().int().nullable(),
    group: z.object({
      name: z.string(),
      icon_image_small_path: z.string().nullable(),
      letter_color: z.number().int(),
      member_count: z.number().int(),
    }),
  }),
);

export const joinRequestItem = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  status: z.enum(['pending', 'approved']),
  created_at: z.number().int(),
});
export const joinRequestsResponse = envelope(page(joinRequestItem));
export const joinRequestResponse = envelope(z.object({ id: z.number().int(), status: z.enum(['pending', 'approved']) }));
export const approveAllResponse = envelope(z.object({ approved: z.number().int() }));

export const registerTypeParam = z
  .object({
    type: z.coerce
      .number()
      .int()
      .pipe(z.union([z.literal(1), z.literal(2)])),
  })
  .strict();
export const registerBody = z
  .object({
    unique_url: z.string().min(1).max(64),
    employee_number: requiredText(50),
    email: emailSchema,
    password: passwordSchema,
    password_confirmation: z.string(),
    last_name: requiredText(50),
    first_name: requiredText(50),
    last_name_kana: kanaSchema,
    first_name_kana: kanaSchema,
  })
  .strict()
  .refine((b) => b.password === b.password_confirmation, {
    message: 'validation.password_confirmation',
    path: ['password_confirmation'],
    ...afterFields,
  });
export const registerResponse = envelope(z.object({ user_id: z.number().int(), join_request_id: z.number().int() }));

export const folderItem = z.object({
  id: z.number().int(),
  name: z.string(),
  memo: z.string(),
  display_order: z.number().int(),
  group_ids: z.array(z.number().int()),
});
export const foldersResponse = envelope(z.array(folderItem));
export const folderResponse = envelope(folderItem);
export const folderBody = z.object({ name: requiredText(100), memo: multilineText(255).optional() }).strict();
export const folderPatchBody = z.object({ name: requiredText(100).optional(), memo: multilineText(255).optional() }).strict();
export const moveToFolderBody = z.object({ group_id: rowId(), folder_id: rowId().nullable() }).strict();
export const orderBody = z
  .object({
    group_ids: z.array(rowId()).max(10000).optional(),
    folder_ids: z.array(rowId()).max(1000).optional(),
  })
  .strict();
export const groupIdsBody = z.object({ group_ids: z.array(rowId()).min(1).max(10000) }).strict();

/** Business hours 'HH:mm' for calendar booking; null = bookable at any time. */
const hoursField = z.string().nullable().default(null);
export const equipmentItem = z.object({
  id: z.number().int(),
  name: z.string(),
  opening_time: hoursField,
  closing_time: hoursField,
  created_at: z.number().int(),
});
export const equipmentsResponse = envelope(z.array(equipmentItem));
export const equipmentResponse = envelope(equipmentItem);
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.format');
/**
 * Name, and optionally business hours (both or neither; null clears them; absent keeps them).
 * Section 5: closing later than opening and before 23:59.
 */
export const equipmentBody = z
  .object({ name: requiredText(100), opening_time: hhmm.nullable().optional(), closing_time: hhmm.nullable().optional() })
  .strict()
  .superRefine((b, ctx) => {
    const open = b.opening_time ?? null;
    const close = b.closing_time ?? null;
    if ((b.opening_time === undefined) !== (b.closing_time === undefined) || (open === null) !== (close === null)) {
      ctx.addIssue({ code: 'custom', path: [open === null ? 'opening_time' : 'closing_time'], message: 'validation.required' });
    } else if (open !== null && close !== null && (close <= open || close >= '23:59')) {
      ctx.addIssue({ code: 'custom', path: ['closing_time'], message: 'validation.closing_after_opening' });
    }
  }, afterFields);

/** Icon and header image: the uploaded file is the multipart field `file`. */
export const GROUP_IMAGE_SLOTS = ['icon', 'header'] as const;
export type GroupImageSlot = (typeof GROUP_IMAGE_SLOTS)[number];
export const GROUP_IMAGE_FIELD = 'file';
/** Generated names only (32 hex digits and the checked kind's extension); never an upload name. */
export const groupImageParam = z
  .object({ id, slot: z.enum(GROUP_IMAGE_SLOTS), name: z.string().regex(/^[0-9a-f]{32}\.(?:jpg|png|gif)$/) })
  .strict();
/**
 * `v`: the current icon's file name, only so a new upload gets a new URL past the browser's cache;
 * the server always serves the current icon.
 */
export const inviteIconQuery = z
  .object({
    v: z
      .string()
      .regex(/^[0-9a-f]{32}\.(?:jpg|png|gif)$/)
      .optional(),
  })
  .strict();
/** DEFAULT or NONE; FILE_UPLOAD is set by uploading. NONE and DEFAULT remove an uploaded icon. */
export const groupIconChoiceBody = z.object({ icon_image: z.union([z.literal(2), z.literal(3)]) }).strict();
/** The image itself (binary); typed as unknown because it is read with `api.request`, not `call`. */
export const groupImageResponse = z.unknown();
