import { useEffect, useState } from 'react';
import { Button } from 'react-aria-components';
import { EnergyPage } from './features/energy/EnergyPage';
import { useDesktopApi } from './platform/desktopApi';
import { useAppStore } from './store';

/** The application frame: header, notices, and the current page. */
export function App() {
  const notice = useAppStore((s) => s.notice);
  const showNotice = useAppStore((s) => s.showNotice);
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
  return (
    <div className="app">
      <header className="app-header">
        <h1>
          ClusterPlan{' '}
          <span className="app-sub">capacity planning and TCO for AI infrastructure</span>
        </h1>
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
        <EnergyPage />
      </main>
    </div>
  );
}
