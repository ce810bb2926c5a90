import { ToastProvider } from '@baton/ui';
import { PlatformProvider } from '@baton/web-platform';
import { useRef } from 'react';
import { Route, Routes, useNavigate, useSearchParams } from 'react-router';
import { ForgotPasswordPage, LoginPage, ResetPasswordPage, SignupPage } from '../pages/auth';
import { NotFoundPage } from '../pages/NotFoundPage';
import { ContactPage, LandingPage, PrivacyPage, TermsPage } from '../pages/public';
import { type LoadRemote, RemoteArea, RemoteLoaderContext } from '../remotes';
import { GuestOnly } from '../session/GuestOnly';
import { RequireAuth } from '../session/RequireAuth';
import { useLandingLogin } from '../session/useLandingLogin';
import { areas } from '../workspace/areas';
import { Workspace } from '../workspace/Workspace';
import { createShellPlatform } from './platform';
import { useTaskAcceptedMessages } from './taskAccepted';

function Landing() {
  const login = useLandingLogin();
  return <LandingPage onLogin={() => void login()} />;
}

/** /accept-task?uidb64&token&taskId&action: the tasks remote's accept page, inside a session. */
function AcceptTask() {
  const [params] = useSearchParams();
  return (
    <main className="accept-task">
      <RemoteArea
        {...areas.acceptTask}
        props={{
          uidb64: params.get('uidb64') ?? '',
          token: params.get('token') ?? '',
          taskId: params.get('taskId') ?? '',
          action: params.get('action') ?? '',
        }}
      />
    </main>
  );
}

export function App({ loadRemote }: { loadRemote: LoadRemote }) {
  const navigate = useNavigate();
  const platform = useRef(createShellPlatform((path, options) => navigate(path, options))).current;
  useTaskAcceptedMessages(platform);
  return (
    <PlatformProvider platform={platform}>
      <RemoteLoaderContext value={loadRemote}>
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
              path="/home"
              element={
                <RequireAuth>
                  <Workspace />
                </RequireAuth>
              }
            />
            <Route
              path="/accept-task"
              element={
                <RequireAuth>
                  <AcceptTask />
                </RequireAuth>
              }
            />
            <Route path="*" element={<NotFoundPage />} />
          </Routes>
        </ToastProvider>
      </RemoteLoaderContext>
    </PlatformProvider>
  );
}
