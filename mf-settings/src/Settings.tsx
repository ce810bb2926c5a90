import { AccountSection } from './account/AccountSection';
import { DangerZone } from './danger/DangerZone';
import { NotificationsSection } from './notifications/NotificationsSection';
import { StorageSection } from './storage/StorageSection';
import { TrustedUsersSection } from './trusted/TrustedUsersSection';
import './settings.css';

/** The Settings view (SPEC §2 Settings), exposed to the shell as `mf-settings/Settings`. */
export default function Settings() {
  return (
    <div className="settings">
      <AccountSection />
      <NotificationsSection />
      <TrustedUsersSection />
      <StorageSection />
      <DangerZone />
    </div>
  );
}
