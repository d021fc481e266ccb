import type { Kysely } from 'kysely';
import type { DB } from '../db';

export interface CounterCheck {
  counter: number;
  sum: number;
}

/**
 * What the storage counters should be, from the rows that own bytes: a group's counter is the
 * size of every stored version of its files; a company's adds its common files and the inline
 * images of its topics (group and header images are not charged). Thumbnails are never charged.
 */
export async function storageSums(
  db: Kysely<DB>,
  companyId?: number,
): Promise<{ companies: Map<number, CounterCheck>; groups: Map<number, CounterCheck> }> {
  let cq = db.selectFrom('companies').select(['id', 'storage_used_bytes']);
  let gq = db.selectFrom('groups').select(['id', 'storage_used_bytes']);
  let fq = db
    .selectFrom('file_versions as v')
    .innerJoin('files as f', 'f.id', 'v.file_id')
    .select((eb) => ['f.company_id', 'f.group_id', eb.fn.sum<number>('v.size').as('n')])
    .groupBy(['f.company_id', 'f.group_id']);
  let iq = db
    .selectFrom('inline_images')
    .select((eb) => ['company_id', eb.fn.sum<number>('size').as('n')])
    .groupBy('company_id');
  if (companyId !== undefined) {
    cq = cq.where('id', '=', companyId);
    gq = gq.where('company_id', '=', companyId);
    fq = fq.where('f.company_id', '=', companyId);
    iq = iq.where('company_id', '=', companyId);
  }
  const companies = new Map<number, CounterCheck>();
  const groups = new Map<number, CounterCheck>();
  for (const c of await cq.execute()) companies.set(c.id, { counter: Number(c.storage_used_bytes), sum: 0 });
  for (const g of await gq.execute()) groups.set(g.id, { counter: Number(g.storage_used_bytes), sum: 0 });
  for (const r of await fq.execute()) {
    const n = Number(r.n ?? 0);
    const c = companies.get(r.company_id);
    if (c) c.sum += n;
    const g = r.group_id === null ? undefined : groups.get(r.group_id);
    if (g) g.sum += n;
  }
  for (const r of await iq.execute()) {
    const c = companies.get(r.company_id);
    if (c) c.sum += Number(r.n ?? 0);
  }
  return { companies, groups };
}
