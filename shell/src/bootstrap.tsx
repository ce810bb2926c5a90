import '@baton/ui/styles.css';
import { workspacePaths } from '@baton/contracts/constants';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/App';
import { remotesOnce } from './remotes/config';

// A page inside a session needs remotes: ask for their manifests now, beside the workspace's own chunk.
if (workspacePaths.some((path) => window.location.pathname === path)) remotesOnce().catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <BrowserRouter>
    <App />
  </BrowserRouter>,
);
