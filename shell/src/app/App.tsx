import { ToastProvider } from '@baton/ui';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { ForgotPasswordPage, LoginPage, ResetPasswordPage, SignupPage } from '../pages/auth';
import { NotFoundPage } from '../pages/NotFoundPage';
import { ContactPage, LandingPage, PrivacyPage, TermsPage } from '../pages/public';
import type { LoadRemote } from '../remotes/loader';
import { GuestOnly } from '../session/GuestOnly';
import { useLandingLogin } from '../session/useLandingLogin';
import { ClientProvider } from './client';
import { useTaskAcceptedNavigation } from './taskAccepted';

// One chunk, loaded on the first visit to a page inside a session.
const SignedIn = lazy(() => import('./SignedIn'));
const SignedInPage = lazy(() => import('./SignedIn').then((m) => ({ default: m.SignedInPage })));

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
      <ToastProvider>
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
          <Route path="/terms" element={<TermsPage />} />
          <Route path="/privacy" element={<PrivacyPage />} />
          <Route path="/contact" element={<ContactPage />} />
          <Route
            element={
              <Suspense fallback={null}>
                <SignedIn loadRemote={loadRemote} />
              </Suspense>
            }
          >
            <Route path="/home" element={<SignedInPage page="home" />} />
            <Route path="/accept-task" element={<SignedInPage page="accept-task" />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </ToastProvider>
    </ClientProvider>
  );
}
