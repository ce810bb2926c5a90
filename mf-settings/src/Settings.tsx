import {
  openSettingsSection,
  pathOf,
  type SettingsSection,
  selectSettingsSection,
  usePlatformDispatch,
  usePlatformSelector,
  useT,
} from '@baton/web-platform';
import { type ComponentType, type MouseEvent, useEffect } from 'react';
import { AccountSection } from './account/AccountSection';
import { AppearanceSection } from './appearance/AppearanceSection';
import { DangerZone } from './danger/DangerZone';
import { DataSection } from './data/DataSection';
import { book } from './messages';
import { NotificationsSection } from './notifications/NotificationsSection';
import { SectionIdContext, sectionElementId } from './Section';
import { StorageSection } from './storage/StorageSection';
import { TrustedUsersSection } from './trusted/TrustedUsersSection';
import './settings.css';

type NavName = `nav${string}` & keyof (typeof book)['en'];

/** The sections in page order (SPEC §2), each with its plain name (a key of the book) in the section navigation. */
const sections: { id: SettingsSection; name: NavName; View: ComponentType }[] = [
  { id: 'account', name: 'navAccount', View: AccountSection },
  { id: 'appearance', name: 'navAppearance', View: AppearanceSection },
  { id: 'notifications', name: 'navNotifications', View: NotificationsSection },
  { id: 'trusted', name: 'navTrusted', View: TrustedUsersSection },
  { id: 'storage', name: 'navStorage', View: StorageSection },
  { id: 'data', name: 'navData', View: DataSection },
  { id: 'danger', name: 'navDanger', View: DangerZone },
];

/** Scrolls a section's card to the top and puts focus on its title, so keyboard and screen reader follow. */
function reveal(section: SettingsSection) {
  const card = document.getElementById(sectionElementId(section));
  card?.scrollIntoView({ block: 'start' });
  card?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
}

/** A plain left click: others (new tab, new window) follow the link's own path. */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** The Settings view (SPEC §2 Settings), exposed to the shell as `mf-settings/Settings`. */
export default function Settings() {
  const t = useT(book);
  const current = usePlatformSelector(selectSettingsSection);
  const dispatch = usePlatformDispatch();

  // The store's section is the URL's (`/home/settings/<section>`, kept by the shell): a click, Back or a reload.
  useEffect(() => {
    if (current) reveal(current);
  }, [current]);

  function go(event: MouseEvent, section: SettingsSection) {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    // The same section again changes nothing in the store: go there all the same.
    if (section === current) reveal(section);
    else dispatch(openSettingsSection(section));
  }

  return (
    <div className="settings">
      <nav className="settings-nav" aria-label={t('sectionsLabel')}>
        <ul className="settings-nav__list">
          {sections.map(({ id, name }) => (
            <li key={id}>
              <a
                className="settings-nav__link"
                href={pathOf({ category: 'Settings', openFolderId: null, section: id })}
                aria-current={id === current ? 'location' : undefined}
                onClick={(event) => go(event, id)}
              >
                {t(name)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {sections.map(({ id, View }) => (
        <SectionIdContext key={id} value={id}>
          <View />
        </SectionIdContext>
      ))}
    </div>
  );
}
