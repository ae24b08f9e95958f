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
