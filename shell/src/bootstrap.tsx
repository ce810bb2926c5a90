import '@baton/ui/styles.css';
import { workspacePaths } from '@baton/contracts/constants';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App, loadSignedIn } from './app/App';
import { registerServiceWorker } from './app/serviceWorker';
import { remotesOnce } from './remotes/config';

// A page inside a session: run the workspace's chunk (its page has already asked for it) and read the remotes'
// manifests now, not after the first render.
const { pathname } = window.location;
if (workspacePaths.some((path) => pathname === path || pathname.startsWith(`${path}/`))) {
  loadSignedIn().catch(() => undefined); // the page reports a failure when it renders
  remotesOnce().catch(() => undefined);
}

registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <BrowserRouter>
    <App />
  </BrowserRouter>,
);
