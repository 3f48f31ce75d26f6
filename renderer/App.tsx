import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, TabList, TabPanel } from './components/ui';
import { FileActions, FileShell } from './features/files/FileActions';
import { HelpPanel } from './features/help/HelpPanel';
import { ScenariosPage } from './features/scenarios/ScenariosPage';
import { useDesktopApi } from './platform/desktopApi';
import { useAppStore } from './store';

// The editor opens first and is bundled with the shell; every other screen is loaded the first
// time it is opened, which keeps the start-up bundle (and cold start) small.
const ComparePage = lazy(() =>
  import('./features/compare/ComparePage').then((m) => ({ default: m.ComparePage })),
);
const ChartsPage = lazy(() =>
  import('./features/charts/ChartsPage').then((m) => ({ default: m.ChartsPage })),
);
const CatalogPage = lazy(() =>
  import('./features/catalog/CatalogPage').then((m) => ({ default: m.CatalogPage })),
);
const AccuracyPage = lazy(() =>
  import('./features/accuracy/AccuracyPage').then((m) => ({ default: m.AccuracyPage })),
);
const PowerPage = lazy(() =>
  import('./features/power/PowerPage').then((m) => ({ default: m.PowerPage })),
);
const SearchPage = lazy(() =>
  import('./features/search/SearchPage').then((m) => ({ default: m.SearchPage })),
);
const AnalysisPage = lazy(() =>
  import('./features/analysis/AnalysisPage').then((m) => ({ default: m.AnalysisPage })),
);
const ReportPage = lazy(() =>
  import('./features/report/ReportPage').then((m) => ({ default: m.ReportPage })),
);

/** The screens, in navigation order (ids from the store's PAGE_IDS, which a test holds equal). */
export const PAGES = [
  { id: 'scenarios', label: 'Scenarios', Page: ScenariosPage },
  { id: 'compare', label: 'Comparison', Page: ComparePage },
  { id: 'charts', label: 'Charts', Page: ChartsPage },
  { id: 'power', label: 'Power', Page: PowerPage },
  { id: 'catalog', label: 'Catalog', Page: CatalogPage },
  { id: 'accuracy', label: 'Model accuracy', Page: AccuracyPage },
  { id: 'search', label: 'Design search', Page: SearchPage },
  { id: 'analysis', label: 'Sensitivity', Page: AnalysisPage },
  { id: 'report', label: 'Report & export', Page: ReportPage },
] as const satisfies readonly {
  readonly id: PageId;
  readonly label: string;
  readonly Page: unknown;
}[];

export type { PageId } from './store/uiSlice';
import type { PageId } from './store/uiSlice';

/** The application frame: header, navigation, notices, and the current page. */
export function App() {
  const notice = useAppStore((s) => s.notice);
  const showNotice = useAppStore((s) => s.showNotice);
  const page = useAppStore((s) => s.page);
  const setPage = useAppStore((s) => s.setPage);
  const api = useDesktopApi();
  const [shell, setShell] = useState('');
  useEffect(() => {
    let alive = true;
    api.getAppInfo().then(
      (info) => alive && setShell(`${info.version} · ${info.shell}`),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [api]);
  const current = PAGES.find((p) => p.id === page) ?? PAGES[0];
  return (
    <div className="app">
      <FileShell />
      <header className="app-header">
        <h1>ClusterPlan</h1>
        <TabList
          idPrefix="screen"
          className="app-nav"
          tabClassName="app-nav-tab"
          aria-label="Screens"
          items={PAGES}
          selectedId={current.id}
          onSelect={(id) => setPage(id as PageId)}
        />
        <FileActions />
        <HelpPanel />
        <span className="app-version" data-testid="app-version">
          {shell}
        </span>
      </header>
      {notice ? (
        <div
          className={`notice notice-${notice.kind}`}
          role={notice.kind === 'error' ? 'alert' : 'status'}
        >
          <span data-testid="notice">{notice.text}</span>
          <Button className="btn btn-quiet" onPress={() => showNotice(null)} aria-label="Dismiss">
            ×
          </Button>
        </div>
      ) : null}
      <main className="app-main">
        <TabPanel idPrefix="screen" id={current.id} className="app-page">
          <Suspense
            fallback={
              <p className="page-loading" role="status">
                Loading {current.label}…
              </p>
            }
          >
            <current.Page />
          </Suspense>
        </TabPanel>
      </main>
    </div>
  );
}
