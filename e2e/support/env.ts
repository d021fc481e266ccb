import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 18700);
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 18725);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
export const E2E_ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const REPO_ROOT = path.dirname(E2E_ROOT);
/**
 * Scratch space of one run: the portal's DATA_DIR and the mails the SMTP server received. One per
 * port, so two runs on different ports never delete each other's data.
 */
export const RUN_DIR = path.join(E2E_ROOT, '.run', String(E2E_PORT));
export const DATA_DIR = path.join(RUN_DIR, 'data');
export const MAIL_DIR = path.join(RUN_DIR, 'mail');

/** Demo accounts created by the API's seed (apps/api/src/db/seed.ts). */
export const DEMO_PASSWORD = 'Portal#2026';
export const ADMIN = { employeeNumber: 'E0001', email: 'e0001@sakura-seiki.example' };
export const MEMBER = { employeeNumber: 'E0002', email: 'e0002@sakura-seiki.example' };
