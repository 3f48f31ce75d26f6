// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PRINT_CHART_WIDTH_PX } from '../../../renderer/features/charts/chartStyle';
import { ReportCharts } from '../../../renderer/features/report/PrintCharts';
import { evaluateDrafts } from '../../../renderer/workspace/evaluations';
import { getTemplate } from '../../../renderer/workspace/templates';
import { structuredCloneJson } from '../../../renderer/workspace/workspace';

afterEach(cleanup);

function doc(template: string): Record<string, unknown> {
  return structuredCloneJson(getTemplate(template).doc) as Record<string, unknown>;
}

describe('report charts', () => {
  it('a serving scenario gets the latency–throughput curve with its SLO break in words', () => {
    const evals = evaluateDrafts([
      { id: 'a', doc: doc('pretrain-ib') },
      { id: 'b', doc: doc('serving-70b') },
    ]);
    render(<ReportCharts evaluations={evals} />);
    const fig = screen.getByTestId('report-chart-latency');
    expect(fig.textContent).toMatch(/p99 (TPOT|TTFT) limit breaks above [\d.,]+ req\/s/);
    expect(fig.querySelectorAll('path.recharts-line-curve').length).toBe(1);
    // Training scenarios keep their charts; power includes both builds.
    expect(screen.getByTestId('report-chart-step')).toBeTruthy();
  });

  it('the bar charts are the screen component in its print variant: fixed width, no tooltip, no data table', () => {
    render(<ReportCharts evaluations={evaluateDrafts([{ id: 'a', doc: doc('pretrain-ib') }])} />);
    const fig = screen.getByTestId('report-chart-capex');
    // The plot's surface (the legend's icons are surfaces too, 14 px).
    const widths = [...fig.querySelectorAll('svg.recharts-surface')].map((e) =>
      e.getAttribute('width'),
    );
    expect(widths).toContain(String(PRINT_CHART_WIDTH_PX));
    expect(fig.querySelector('.recharts-tooltip-wrapper')).toBeNull();
    expect(fig.querySelector('details, table')).toBeNull();
    expect(fig.querySelector('figcaption strong')?.textContent).toBe('Capital cost by line (USD).');
  });

  it('no serving scenario: no latency chart', () => {
    render(<ReportCharts evaluations={evaluateDrafts([{ id: 'a', doc: doc('pretrain-ib') }])} />);
    expect(screen.queryByTestId('report-chart-latency')).toBeNull();
  });
});
