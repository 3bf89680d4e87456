import { EmptyState } from "./empty-state";
import type { ReactNode } from "react";

export type SalesColumn<Row> = { header: string; numeric?: boolean; cell: (row: Row) => ReactNode };

/**
 * A sales desk's "Recent sales" (raffle tickets, items for sale): a table of the given columns, newest first, or a
 * note while nothing is sold. `caption` names the table for screen readers.
 */
export function RecentSales<Row extends { id: number | string }>({
  caption,
  empty,
  columns,
  rows,
}: {
  caption: string;
  empty: { title: string; text: string };
  columns: SalesColumn<Row>[];
  rows: Row[];
}) {
  return (
    <>
      <h2>Recent sales</h2>
      {rows.length === 0 ? (
        <EmptyState headingLevel={3} title={empty.title} text={empty.text} />
      ) : (
        <div className="table-scroll">
          <table className="billing-table">
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.header} scope="col" className={column.numeric ? "numeric" : undefined}>
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  {columns.map((column) => (
                    <td key={column.header} className={column.numeric ? "numeric" : undefined}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
