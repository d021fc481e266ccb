import type { AuthUser } from './context';
import { forbidden } from './errors';

/** The company-administrator screens and calls: every one of them asks this first. */
export function requireCompanyAdmin(user: AuthUser): void {
  if (!user.isCompanyAdmin) throw forbidden();
}
