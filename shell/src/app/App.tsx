import { pagePaths, type WorkspacePath, workspacePaths } from '@baton/contracts/constants';
import { Button, ToastProvider } from '@baton/ui';
import { I18nUiProvider, taskPathOf, useT } from '@baton/web-platform';
import { useEffect, useState } from 'react';
import { Navigate, Route, Routes, useParams } from 'react-router';
import { shellBook } from '../i18n/shell';
import { ForgotPasswordPage, LoginPage, ResetPasswordPage, SignupPage, VerifyEmailPage } from '../pages/auth';
import { NotFoundPage } from '../pages/NotFoundPage';
import { ContactPage, LandingPage, PrivacyPage, TermsPage } from '../pages/public';
import { UnsubscribePage } from '../pages/unsubscribe/UnsubscribePage';
import type { LoadRemote } from '../remotes/loader';
import { OverrideBanner } from '../remotes/OverrideBanner';
import { GuestOnly } from '../session/GuestOnly';
import { useLandingLogin } from '../session/useLandingLogin';
import { ClientProvider } from './client';
import { useTaskAcceptedNavigation } from './taskAccepted';
import './app.css';

let signedIn: typeof import('./SignedIn') | undefined;
let signedInChunk: Promise<typeof import('./SignedIn')> | undefined;

/** The chunk of the pages inside a session, asked for once (after a failure, again). */
export function loadSignedIn() {
  // The name is the one shell/rspack.config.ts gives workspace.html's preloads.
  signedInChunk ??= import(/* webpackChunkName: "workspace" */ './SignedIn').catch((error: unknown) => {
    signedInChunk = undefined;
    throw error;
  });
  return signedInChunk;
}

/**
 * A page inside a session, from the chunk they share (fetched on the first visit). Loaded by hand, not with
 * React.lazy: a Suspense boundary holds content back up to 300 ms after its fallback (React's reveal
 * throttle), and this is the page people wait for.
 */
function SignedInRoute({ page, loadRemote }: { page: WorkspacePath; loadRemote?: LoadRemote }) {
  const t = useT(shellBook);
  const [loaded, setLoaded] = useState(signedIn);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (loaded) return;
    let current = true;
    loadSignedIn().then(
      (module) => {
        signedIn = module;
        if (current) setLoaded(module);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [loaded]);
  if (failed)
    return (
      <main className="load-failed" role="alert">
        <p>{t('loadFailed')}</p>
        <Button onClick={() => window.location.reload()}>{t('tryAgain')}</Button>
      </main>
    );
  return loaded ? (
    <loaded.default page={page} loadRemote={loadRemote} />
  ) : (
    <p className="boot" role="status">
      {t('boot')}
    </p>
  );
}

function Landing() {
  const login = useLandingLogin();
  return <LandingPage onLogin={() => void login()} />;
}

/**
 * Every route of SPEC §2. The public pages are in the first download; the pages inside a session, with the
 * store and the federation runtime, load when one is visited (`loadRemote`: tests' stand-in for federation).
 */
export function App({ loadRemote }: { loadRemote?: LoadRemote }) {
  useTaskAcceptedNavigation();
  return (
    <ClientProvider>
      {/* The shared components speak the person's language on every page, signed in or not. */}
      <I18nUiProvider>
        <ToastProvider>
          {/* A tester's `?remote=` overrides, on every page of the tab. */}
          <OverrideBanner />
          <Routes>
            <Route path="/" element={<Landing />} />
            <Route
              path="/login"
              element={
                <GuestOnly key="login">
                  <LoginPage />
                </GuestOnly>
              }
            />
            <Route
              path="/signup"
              element={
                <GuestOnly key="signup">
                  <SignupPage />
                </GuestOnly>
              }
            />
            <Route path="/forgot-password" element={<ForgotPasswordPage />} />
            <Route path="/reset-password" element={<ResetPasswordPage />} />
            <Route path="/verify-email" element={<VerifyEmailPage />} />
            {/* A mail's unsubscribe link: public, it works without a session. */}
            <Route path={pagePaths.unsubscribe} element={<UnsubscribePage />} />
            <Route path="/terms" element={<TermsPage />} />
            <Route path="/privacy" element={<PrivacyPage />} />
            <Route path="/contact" element={<ContactPage />} />
            {workspacePaths.map((page) => (
              // /home/… are the workspace's views (`useWorkspaceUrl`): one page, one store across them.
              <Route
                key={page}
                path={page === '/home' ? '/home/*' : page}
                element={<SignedInRoute page={page} loadRemote={loadRemote} />}
              />
            ))}
            {/* A task's short link: its page lives among the workspace's views. */}
            <Route path="/tasks/:taskId" element={<TaskLink />} />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </ToastProvider>
      </I18nUiProvider>
    </ClientProvider>
  );
}

function TaskLink() {
  const { taskId = '' } = useParams();
  return <Navigate to={taskPathOf(taskId)} replace />;
}
