import type { ReactNode } from 'react';

/** A build's letter in the report (A, B, …, Z, then A again). */
export function letter(i: number): string {
  return String.fromCharCode(65 + (i % 26));
}

/** One column of a report table. */
export type ReportColumn<Row> = {
  readonly header: ReactNode;
  readonly cell: (row: Row, index: number) => ReactNode;
  /** Right-aligned, tabular figures (header and cells). */
  readonly numeric?: boolean;
  /** Class of the body cells (`unit`, `report-text`), or of each row's cell; numeric columns add `num`. */
  readonly className?: string | ((row: Row) => string | undefined);
  /** Class of the header cell (numeric columns get `num`). */
  readonly headerClassName?: string;
  /** React key of the column; default its position. */
  readonly key?: string;
};

/**
 * A table of the report (report.css `report-table`): a caption, a header row repeated on every
 * printed page, one row per item with the first column as the row's header, and optional rows
 * after them (a totals or notes row).
 */
export function ReportTable<Row>(props: {
  readonly className?: string;
  readonly testId?: string;
  readonly caption?: ReactNode;
  /** A <colgroup> fixing column widths. */
  readonly colgroup?: ReactNode;
  readonly columns: readonly ReportColumn<Row>[];
  readonly rows: readonly Row[];
  /**
   * Rows kept together on a page, each group its own body (`report-keep`); when given, `rows`
   * is not used.
   */
  readonly groups?: readonly { readonly key: string; readonly rows: readonly Row[] }[];
  readonly rowKey: (row: Row, index: number) => string | number;
  /** Rows after the items, in the same body (without `groups`). */
  readonly extra?: ReactNode;
}) {
  const cls = (c: ReportColumn<Row>, own: string | undefined) =>
    c.numeric ? (own ? `num ${own}` : 'num') : own;
  const cellClass = (c: ReportColumn<Row>, r: Row) =>
    typeof c.className === 'function' ? c.className(r) : c.className;
  const row = (r: Row, i: number) => (
    <tr key={props.rowKey(r, i)}>
      {props.columns.map((c, j) =>
        j === 0 ? (
          <th scope="row" key={c.key ?? j} className={cellClass(c, r)}>
            {c.cell(r, i)}
          </th>
        ) : (
          <td key={c.key ?? j} className={cls(c, cellClass(c, r))}>
            {c.cell(r, i)}
          </td>
        ),
      )}
    </tr>
  );
  return (
    <table
      className={props.className ? `report-table ${props.className}` : 'report-table'}
      data-testid={props.testId}
    >
      {props.caption === undefined ? null : <caption>{props.caption}</caption>}
      {props.colgroup}
      <thead>
        <tr>
          {props.columns.map((c, j) => (
            <th scope="col" key={c.key ?? j} className={cls(c, c.headerClassName)}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      {props.groups ? (
        props.groups.map((g) => (
          <tbody key={g.key} className="report-keep">
            {g.rows.map(row)}
          </tbody>
        ))
      ) : (
        <tbody>
          {props.rows.map(row)}
          {props.extra}
        </tbody>
      )}
    </table>
  );
}

/**
 * A section of the report: its heading (the section's accessible name, a link target of the
 * contents), an optional lede, then its content; `newPage` starts it on a new printed page.
 */
export function ReportSection(props: {
  readonly id: string;
  readonly title: ReactNode;
  readonly lede?: ReactNode;
  readonly newPage?: boolean;
  readonly className?: string;
  readonly children: ReactNode;
}) {
  const cls = ['report-section', props.newPage ? 'report-break' : '', props.className ?? '']
    .filter((c) => c !== '')
    .join(' ');
  return (
    <section className={cls} aria-labelledby={props.id}>
      <h2 id={props.id}>{props.title}</h2>
      {props.lede ? <p className="report-lede">{props.lede}</p> : null}
      {props.children}
    </section>
  );
}
