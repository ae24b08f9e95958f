import type { ReactNode } from 'react';

/** A column heading: its text, or its content with classes of its own instead of the row's. */
export type Column = string | { label: ReactNode; className: string };

/** A table's one header row: each column a `th scope="col"` with the row's cell classes. */
export function TableHead({
  columns,
  cellClassName,
  className,
  rowClassName,
}: {
  columns: readonly Column[];
  cellClassName: string;
  className?: string;
  rowClassName?: string;
}) {
  return (
    <thead className={className}>
      <tr className={rowClassName}>
        {columns.map((column, index) =>
          typeof column === 'string' ? (
            <th key={index} scope="col" className={cellClassName}>
              {column}
            </th>
          ) : (
            <th key={index} scope="col" className={column.className}>
              {column.label}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}

/** A list as a table in a bordered box that scrolls sideways when the screen is too narrow. */
export function BoxedTable({
  boxClassName,
  tableClassName,
  cellClassName,
  columns,
  children,
}: {
  boxClassName: string;
  tableClassName: string;
  cellClassName: string;
  columns: readonly Column[];
  /** The body's rows. */
  children: ReactNode;
}) {
  return (
    <div className={boxClassName}>
      <table className={tableClassName}>
        <TableHead className="bg-slate-50" cellClassName={cellClassName} columns={columns} />
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </div>
  );
}
