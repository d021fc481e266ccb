import { endpoint } from '../endpoint';
import * as s from '../schemas/settings';
import * as ti from '../schemas/theme-images';

const tags = ['settings'];

/** Account information and change-info. */
export const settingsEndpoints = {
  myProfile: endpoint({
    method: 'GET', path: '/members/me/profile', auth: true, response: s.myProfileResponse,
    summary: 'The caller’s account, profile, company and personal information', tags,
  }),
  updateProfile: endpoint({
    method: 'PUT', path: '/members/me/profile', auth: true, body: s.profileBody, response: s.myProfileResponse,
    summary: 'Replace the caller’s profile (names, kana, e-mail visibility, self introduction)', tags,
  }),
  updateCompanyInfo: endpoint({
    method: 'PUT', path: '/members/me/company-info', auth: true, body: s.companyInfoBody, response: s.myProfileResponse,
    summary: 'Replace the caller’s company information', tags,
  }),
  updatePersonalInfo: endpoint({
    method: 'PUT', path: '/members/me/personal-info', auth: true, body: s.personalInfoBody, response: s.myProfileResponse,
    summary: 'Replace the caller’s personal information', tags,
  }),
  uploadAvatar: endpoint({
    method: 'POST', path: '/members/me/avatar', auth: true, response: s.myProfileResponse,
    summary: 'Upload an avatar (multipart: "file" JPEG, PNG or GIF at least 500×100; "x", "y", "size" square crop)', tags,
  }),
  deleteAvatar: endpoint({
    method: 'DELETE', path: '/members/me/avatar', auth: true, response: s.myProfileResponse,
    summary: 'Remove the caller’s avatar', tags,
  }),
  avatarImage: endpoint({
    method: 'GET', path: '/members/:userId/avatar/:name', auth: true, params: s.avatarParam, response: s.avatarImageResponse,
    summary: 'A colleague’s current avatar (same company only; binary WebP)', tags,
  }),
  changeEmail: endpoint({
    method: 'POST', path: '/members/me/change-email', auth: true, body: s.changeEmailBody, response: s.changeEmailResponse,
    summary: 'Mail a confirmation link to a new login address; the change waits for /verify', tags,
  }),
  updateSubEmails: endpoint({
    method: 'PUT', path: '/members/me/sub-emails', auth: true, body: s.subEmailsBody, response: s.myProfileResponse,
    summary: 'Set the second and third e-mail addresses', tags,
  }),
  verifyCheck: endpoint({
    method: 'POST', path: '/verify/check', auth: false, body: s.verifyTokenBody, response: s.verifyCheckResponse,
    summary: 'What a /verify link is for (400 INVALID_LINK or RESET_LINK_EXPIRED when unusable)', tags,
  }),
  verifyApply: endpoint({
    method: 'POST', path: '/verify', auth: false, body: s.verifyApplyBody, response: s.verifyApplyResponse,
    summary: 'Apply a /verify link: an e-mail change, or a registration with its first password', tags,
  }),
  updateTheme: endpoint({
    method: 'PUT', path: '/members/me/setting-theme', auth: true, body: s.themeBody, response: s.themeResponse,
    summary: 'Set the theme: none, custom colours (readable pairs only) or a prescriptive theme', tags,
  }),
  themeImages: endpoint({
    method: 'GET', path: '/members/me/setting-theme/images', auth: true, response: ti.themeImagesResponse,
    summary: 'The caller’s theme images, one per slot that has one', tags,
  }),
  uploadThemeImage: endpoint({
    method: 'POST', path: '/members/me/setting-theme/images/:slot', auth: true, params: ti.themeImageSlotParam,
    response: ti.themeImagesResponse, summary: 'Set the picture of one theme slot (multipart `image`: JPEG, PNG or GIF)', tags,
  }),
  deleteThemeImage: endpoint({
    method: 'DELETE', path: '/members/me/setting-theme/images/:slot', auth: true, params: ti.themeImageSlotParam,
    response: ti.themeImagesResponse, summary: 'Back to the plain colour for one theme slot', tags,
  }),
  themeImage: endpoint({
    method: 'GET', path: '/members/me/setting-theme/images/:slot', auth: true, params: ti.themeImageSlotParam,
    response: ti.themeImageBinaryResponse, summary: 'The caller’s own picture of one theme slot (WebP)', tags,
  }),
  withdraw: endpoint({
    method: 'POST', path: '/members/me/withdraw', auth: true, body: s.withdrawBody, response: s.withdrawResponse,
    summary: 'Leave the portal (400 MUST_APPOINT_ADMIN while the caller alone administers a group)', tags,
  }),
  adminRegisters: endpoint({
    method: 'POST', path: '/members/groups/:group_id/admin-registers', auth: true, params: s.adminRegisterParam, body: s.adminRegisterBody,
    response: s.adminRegisterResponse,
    summary: 'A group administrator registers employees into the group; each is mailed a link to set a password', tags,
  }),
  notInGroupMembers: endpoint({
    method: 'GET', path: '/members/me/groups/:id/not-in-group-members', auth: true, params: s.notInGroupParam, query: s.notInGroupQuery,
    response: s.notInGroupResponse,
    summary: 'Active employees of the company not in the group, searched by name and kana (invite right)', tags,
  }),
  postalCode: endpoint({
    method: 'GET', path: '/postal-codes/:code', auth: true, params: s.postalCodeParam, response: s.postalCodeResponse,
    summary: 'Prefecture and city of a Japanese postal code (null when unknown)', tags,
  }),
};
