import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, Spinner } from '@portal/ui';

export interface Column<R> {
  header: string;
  cell: (row: R) => ReactNode;
}

export interface DataTableProps<R> {
  /** The list's query: a spinner while pending, an alert when it failed. */
  status: { isPending: boolean; isError: boolean };
  rows: R[];
  rowKey: (row: R) => Key;
  columns: Column<R>[];
  /** The row's buttons, in a last column whose header is read out but not shown. */
  actions?: (row: R) => ReactNode;
  empty: string;
  /** Shown above the table when there are rows (bulk actions). */
  above?: ReactNode;
}

/** The member-area lists (members, invitations, join requests, roles): one table, one set of states. */
export function DataTable<R>({ status, rows, rowKey, columns, actions, empty, above }: DataTableProps<R>) {
  const { t } = useTranslation('groups');
  if (status.isPending) return <Spinner />;
  if (status.isError) return <p role="alert">{t('common.load_failed')}</p>;
  if (rows.length === 0) return <EmptyState message={empty} />;
  return (
    <>
      {above}
      <table className="pgrp-table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col">
                {c.header}
              </th>
            ))}
            {actions && (
              <th scope="col">
                <span className="pui-visually-hidden">{t('common.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((c) => (
                <td key={c.header}>{c.cell(row)}</td>
              ))}
              {actions && (
                <td>
                  <span className="pgrp-actions">{actions(row)}</span>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
