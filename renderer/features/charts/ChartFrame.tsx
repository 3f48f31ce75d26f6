import { useId, type ReactNode } from 'react';
import type { Excluded } from './chartData';
import type { ChartVariant } from './chartStyle';

/** One column of a chart's data table. */
export type TableColumn<Row> = {
  readonly header: string;
  readonly cell: (row: Row) => string;
  /** Right-aligned, tabular figures. */
  readonly numeric?: boolean;
};

/**
 * A figure of the printed report: the title (bold, with a full stop) leads the caption, the
 * plot follows, then the scenarios left out in one line.
 */
export function PrintFigure(props: {
  readonly testId: string;
  readonly title: ReactNode;
  readonly description: ReactNode;
  readonly excluded?: readonly Excluded[];
  readonly children: ReactNode;
}) {
  const excluded = props.excluded ?? [];
  return (
    <figure className="report-figure" data-testid={props.testId}>
      <figcaption>
        <strong>{props.title}.</strong> {props.description}
      </figcaption>
      {props.children}
      {excluded.length > 0 ? (
        <p className="report-note">
          Not shown: {excluded.map((e) => `${e.name} (${e.reason})`).join('; ')}
        </p>
      ) : null}
    </figure>
  );
}

/**
 * The frame every chart shares: a titled figure (its accessible name), a one-line description,
 * the plot (or why there is nothing to plot), the scenarios left out with the reason, and a
 * data-table fallback in a <details>. In print (the report) the title leads the caption, the
 * scenarios left out follow in one line, there is no data table, and nothing to plot prints
 * nothing.
 */
export function ChartFrame<Row>(props: {
  readonly testId: string;
  readonly title: string;
  readonly description: string;
  /** False when there is nothing to plot (every scenario excluded). */
  readonly hasData: boolean;
  readonly excluded: readonly Excluded[];
  readonly rows: readonly Row[];
  readonly columns: readonly TableColumn<Row>[];
  readonly rowKey: (row: Row, index: number) => string;
  readonly children: ReactNode;
  readonly variant?: ChartVariant;
}) {
  const titleId = useId();
  const descId = useId();
  if (props.variant === 'print') {
    return props.hasData ? (
      <PrintFigure
        testId={props.testId}
        title={props.title}
        description={props.description}
        excluded={props.excluded}
      >
        {props.children}
      </PrintFigure>
    ) : null;
  }
  return (
    <figure
      className="chart chart-card"
      aria-labelledby={titleId}
      aria-describedby={descId}
      data-testid={props.testId}
    >
      <figcaption id={titleId} className="chart-title">
        {props.title}
      </figcaption>
      <p id={descId} className="chart-desc">
        {props.description}
      </p>
      {props.hasData ? (
        <div className="chart-canvas">{props.children}</div>
      ) : (
        <p className="chart-empty" data-testid={`${props.testId}-empty`}>
          Nothing to plot: no open scenario has these figures.
        </p>
      )}
      {props.excluded.length > 0 ? (
        <div className="chart-excluded" data-testid={`${props.testId}-excluded`}>
          <span className="chart-excluded-head">Not shown:</span>
          <ul>
            {props.excluded.map((x) => (
              <li key={x.id}>
                <strong>{x.name}</strong> — {x.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {props.hasData ? (
        <details className="chart-table">
          <summary>Data table</summary>
          <div
            className="chart-table-scroll"
            role="region"
            aria-label={`Data table: ${props.title}`}
            tabIndex={0}
          >
            <table>
              <caption className="visually-hidden">{props.title}</caption>
              <thead>
                <tr>
                  {props.columns.map((c) => (
                    <th key={c.header} scope="col" className={c.numeric ? 'num' : undefined}>
                      {c.header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {props.rows.map((r, i) => (
                  <tr key={props.rowKey(r, i)}>
                    {props.columns.map((c, j) =>
                      j === 0 ? (
                        <th key={c.header} scope="row">
                          {c.cell(r)}
                        </th>
                      ) : (
                        <td key={c.header} className={c.numeric ? 'num' : undefined}>
                          {c.cell(r)}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
    </figure>
  );
}
