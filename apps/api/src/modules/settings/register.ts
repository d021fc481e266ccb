import { UserRegisterType, type AdminRegisterBody } from '@portal/api-client';
import type { AppContext, AuthUser } from '../../kernel';
import { HttpError } from '../../http/errors';
import { hashPassword, newToken } from '../auth';
import { authorizeGroup } from '../../kernel';
import { getSettings } from '../members';
import { registerMail } from './mails';
import { issueVerifyToken, verifyLink, VERIFY_TTL_HOURS } from './verify';
import { insertUser } from '../users';

/**
 * A group administrator registers employees of their company straight into the group. Each new
 * account has an unusable random password until its owner sets one from the mailed /verify link.
 * All or nothing: one taken number or address refuses the whole request, and mails go only after
 * the accounts are committed.
 */
export async function adminRegister(ctx: AppContext, caller: AuthUser, groupId: number, body: AdminRegisterBody) {
  const { group } = await authorizeGroup(ctx, caller, groupId, 'role_admin');
  const employees = body.employees.map((e) => ({ ...e, email: e.email.toLowerCase() }));
  const taken = await ctx.db
    .selectFrom('users')
    .select(['employee_number', 'email'])
    .where((eb) =>
      eb.or([
        eb(
          'employee_number',
          'in',
          employees.map((e) => e.employee_number),
        ),
        eb(
          'email',
          'in',
          employees.map((e) => e.email),
        ),
      ]),
    )
    .execute();
  if (taken.length > 0) {
    const errors: Record<string, string[]> = {};
    employees.forEach((e, i) => {
      if (taken.some((t) => t.employee_number === e.employee_number))
        errors[`employees.${i}.employee_number`] = ['validation.employee_number_used'];
      if (taken.some((t) => t.email === e.email)) errors[`employees.${i}.email`] = ['validation.duplicate_email'];
    });
    const code = Object.values(errors).some((v) => v[0] === 'validation.employee_number_used') ? 'EMPLOYEE_NUMBER_USED' : 'DUPLICATE_EMAIL';
    throw new HttpError(400, code, 'The given data was invalid.', errors);
  }
  // Never matched: the owner sets the real password from the link.
  const placeholder = await hashPassword(`${newToken()}${newToken()}`.slice(0, 120));
  const now = ctx.now();
  const created = await ctx.db.transaction().execute(async (trx) => {
    const out: { id: number; employee_number: string; email: string; token: string; name: string }[] = [];
    for (const e of employees) {
      const id = await insertUser(
        trx,
        {
          company_id: caller.companyId,
          employee_number: e.employee_number,
          email: e.email,
          password_hash: placeholder,
          last_name: e.last_name,
          first_name: e.first_name,
          last_name_kana: e.last_name_kana,
          first_name_kana: e.first_name_kana,
        },
        now,
      );
      await trx.insertInto('group_members').values({ group_id: groupId, user_id: id, joined_at: now }).execute();
      const { token } = await issueVerifyToken({ db: trx, now: ctx.now }, id, 'register', {
        group_id: groupId,
        register_type: UserRegisterType.ADMIN_REGISTER,
      });
      out.push({ id, employee_number: e.employee_number, email: e.email, token, name: `${e.last_name} ${e.first_name}` });
    }
    return out;
  });
  const lang = (await getSettings(ctx, caller.id)).setting_language.code;
  for (const c of created) {
    await ctx.mailer.send(
      registerMail(lang, c.email, {
        name: c.name,
        link: verifyLink(ctx, c.token),
        ttlHours: VERIFY_TTL_HOURS.register,
        groupName: group.name,
        employeeNumber: c.employee_number,
      }),
    );
  }
  return { registered: created.map(({ id, employee_number, email }) => ({ id, employee_number, email })) };
}
