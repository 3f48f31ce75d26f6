import './zodConfig';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { DesktopApiProvider, resolveDesktopApi } from './platform/desktopApi';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root element missing from index.html');
createRoot(root).render(
  <StrictMode>
    <DesktopApiProvider api={resolveDesktopApi(__APP_VERSION__)}>
      <App />
    </DesktopApiProvider>
  </StrictMode>,
);
