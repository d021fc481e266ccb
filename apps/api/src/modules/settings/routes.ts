import multipart from '@fastify/multipart';
import { endpoints as e } from '@portal/api-client';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint as on } from '../../http/route';
import * as themeImages from './theme-images';
import * as avatar from './avatar';
import { findPostalCode } from './postal';
import * as profile from './profile';
import { adminRegister } from './register';
import { notInGroupMembers } from './not-in-group';
import { saveTheme } from './theme';
import * as verify from './verify';
import { withdraw } from './withdraw';

/**
 * Settings. Every route acts on the caller alone: no route takes a user id except the
 * avatar image, which is checked against the caller's company.
 */
export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  if (!app.hasRequestDecorator('isMultipart')) await app.register(multipart, { throwFileSizeLimit: true });
  const mine = async (ctx: Parameters<typeof profile.getMyProfile>[0], userId: number) => ({
    items: await profile.getMyProfile(ctx, userId),
  });

  on(app, e.myProfile, ({ ctx, user }) => mine(ctx, user.id));
  on(app, e.updateProfile, async ({ ctx, user, body }) => {
    await profile.updateUserColumns(ctx, user.id, body);
    return mine(ctx, user.id);
  });
  on(app, e.updateCompanyInfo, async ({ ctx, user, body }) => {
    await profile.updateUserColumns(ctx, user.id, body);
    return mine(ctx, user.id);
  });
  on(app, e.updatePersonalInfo, async ({ ctx, user, body }) => {
    await profile.savePersonalInfo(ctx, user.id, body);
    return mine(ctx, user.id);
  });
  on(app, e.uploadAvatar, async ({ ctx, user, request }) => {
    await avatar.uploadAvatar(ctx, user.id, request);
    return mine(ctx, user.id);
  });
  on(app, e.deleteAvatar, async ({ ctx, user, request }) => {
    await avatar.deleteAvatar(ctx, user.id, request.log);
    return mine(ctx, user.id);
  });
  on(app, e.themeImages, async ({ ctx, user }) => ({ items: await themeImages.listThemeImages(ctx, user.id) }));
  on(app, e.uploadThemeImage, async ({ ctx, user, params, request }) => {
    await themeImages.uploadThemeImage(ctx, user.id, params.slot, request);
    return { items: await themeImages.listThemeImages(ctx, user.id) };
  });
  on(app, e.deleteThemeImage, async ({ ctx, user, params, request }) => {
    await themeImages.deleteThemeImage(ctx, user.id, params.slot, request.log);
    return { items: await themeImages.listThemeImages(ctx, user.id) };
  });
  on(app, e.themeImage, ({ ctx, user, params, reply }) => themeImages.sendThemeImage(ctx, user.id, params.slot, reply));
  on(app, e.avatarImage, ({ ctx, user, params, reply }) => avatar.sendAvatar(ctx, user.companyId, params.userId, params.name, reply));
  on(app, e.changeEmail, async ({ ctx, user, body }) => ({ items: await verify.requestEmailChange(ctx, user.id, body.email) }));
  on(app, e.updateSubEmails, async ({ ctx, user, body }) => {
    await verify.updateSubEmails(ctx, user.id, body);
    return mine(ctx, user.id);
  });
  // Public: the token in the body is the whole credential (rate-limited like the login calls).
  on(app, e.verifyCheck, async ({ ctx, body }) => ({ items: await verify.checkVerifyToken(ctx, body.token) }), {
    rateLimitPerMinute: app.ctx.config.rateLimitLogin,
  });
  on(app, e.verifyApply, async ({ ctx, body }) => ({ items: await verify.applyVerifyToken(ctx, body) }), {
    rateLimitPerMinute: app.ctx.config.rateLimitLogin,
  });
  on(app, e.updateTheme, async ({ ctx, user, body }) => ({ items: await saveTheme(ctx, user.id, body) }));
  on(app, e.withdraw, async ({ ctx, user, body }) => {
    await withdraw(ctx, user.id, body.password);
    return { items: { ok: true as const } };
  });
  on(app, e.adminRegisters, async ({ ctx, user, params, body }) => ({ items: await adminRegister(ctx, user, params.group_id, body) }));
  on(app, e.notInGroupMembers, async ({ ctx, user, params, query }) => ({ items: await notInGroupMembers(ctx, user, params.id, query) }));
  on(app, e.postalCode, async ({ params }) => ({ items: findPostalCode(params.code) }));
}
