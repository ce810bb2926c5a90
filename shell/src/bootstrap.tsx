import '@baton/ui/styles.css';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/App';
import { createRemoteLoader, fetchRemotesDocument, registerRemotes, resolveRemotes } from './remotes';

async function start() {
  let remotes: Record<string, string> = {};
  try {
    const resolved = resolveRemotes(await fetchRemotesDocument(), window.location);
    remotes = resolved.remotes;
    if (resolved.rejected.length > 0)
      console.warn('Remote overrides ignored (remote unknown or origin not allowed):', resolved.rejected);
    registerRemotes(remotes);
  } catch (error) {
    // Without the list every remote area shows its fallback; the public pages still work.
    console.error('Could not read /remotes.json', error);
  }
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <BrowserRouter>
      <App loadRemote={createRemoteLoader(() => remotes)} />
    </BrowserRouter>,
  );
}

void start();
