import { Button } from '@baton/ui';
import {
  type Category,
  useCategory,
  useCategoryText,
  useCurrentUser,
  useLogout,
  useNavigateTo,
  useRequestCreateTask,
  useT,
} from '@baton/web-platform';
import { useEffect, useRef, useState } from 'react';
import { shellBook } from '../i18n/shell';
import { SavedViews } from './views/SavedViews';

/** Invited Tasks and Assigned Tasks, each with its "Delegated" view (the owner's side). */
const groups = [
  { category: 'Invited Tasks', delegated: 'Tasks Delegated - Invitation' },
  { category: 'Assigned Tasks', delegated: 'Tasks Delegated - Assigned' },
] as const satisfies readonly { category: Category; delegated: Category }[];

/** A category's button, named as SPEC §2's sidebar names it (in the person's language), or by `label`. */
function Item({
  category,
  label,
  onNavigate,
}: {
  category: Category;
  label?: string;
  onNavigate: () => void;
}) {
  const names = useCategoryText();
  const active = useCategory() === category;
  const navigateTo = useNavigateTo();
  return (
    <button
      type="button"
      className={`sidebar__item${active ? ' sidebar__item--active' : ''}`}
      aria-current={active ? 'page' : undefined}
      onClick={() => {
        navigateTo(category);
        onNavigate();
      }}
    >
      {label ?? names.name(category)}
    </button>
  );
}

function Group({ group, onNavigate }: { group: (typeof groups)[number]; onNavigate: () => void }) {
  const t = useT(shellBook);
  const label = useCategoryText().name(group.category);
  const category = useCategory();
  const inGroup = category === group.category || category === group.delegated;
  const [open, setOpen] = useState(inGroup);
  // SPEC §2: a group opens by itself when one of its categories becomes active.
  useEffect(() => {
    if (inGroup) setOpen(true);
  }, [inGroup]);
  const listId = `sidebar-group-${group.category.replace(/\s+/g, '-').toLowerCase()}`;
  return (
    <li className="sidebar__group">
      <div className="sidebar__group-head">
        <Item category={group.category} onNavigate={onNavigate} />
        <button
          type="button"
          className="sidebar__toggle"
          aria-expanded={open}
          aria-controls={listId}
          aria-label={open ? t('collapse', { name: label }) : t('expand', { name: label })}
          onClick={() => setOpen((o) => !o)}
        >
          <span aria-hidden="true" className="sidebar__chevron" />
        </button>
      </div>
      <ul id={listId} className={`sidebar__sub${open ? ' sidebar__sub--open' : ''}`} hidden={!open}>
        <li>
          <Item category={group.delegated} label={t('delegated')} onNavigate={onNavigate} />
        </li>
      </ul>
    </li>
  );
}

/** An address that may wrap only after its "@", never inside a word. */
function EmailAddress({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/** SPEC §2 sidebar: categories by name, groups, the signed-in person, Logout. */
export function Sidebar({ open, onNavigate }: { open: boolean; onNavigate: () => void }) {
  const t = useT(shellBook);
  const createButton = useRef<HTMLButtonElement>(null);
  // On a narrow screen the sidebar opens over the page: take focus into it.
  useEffect(() => {
    if (open) createButton.current?.focus();
  }, [open]);
  const user = useCurrentUser();
  const logout = useLogout();
  const requestCreateTask = useRequestCreateTask();
  const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  return (
    <aside
      id="workspace-sidebar"
      className={`sidebar${open ? ' sidebar--open' : ''}`}
      aria-label={t('workspace')}
    >
      <div className="sidebar__brand">Baton</div>
      <Button
        ref={createButton}
        variant="primary"
        className="sidebar__create"
        onClick={() => {
          requestCreateTask();
          onNavigate();
        }}
      >
        {t('createTask')}
      </Button>
      <nav aria-label={t('categories')}>
        <ul className="sidebar__list">
          <li>
            <Item category="Dashboard" onNavigate={onNavigate} />
          </li>
          <li>
            <Item category="Personal Tasks" onNavigate={onNavigate} />
          </li>
          {groups.map((group) => (
            <Group key={group.category} group={group} onNavigate={onNavigate} />
          ))}
          <li>
            {/* Every open task I delegated, by the person it waits on (mf-tasks' Waiting). */}
            <Item category="Waiting on others" onNavigate={onNavigate} />
          </li>
          <li>
            <Item category="Settings" onNavigate={onNavigate} />
          </li>
        </ul>
      </nav>
      <SavedViews onNavigate={onNavigate} />
      <div className="sidebar__user">
        <p className="sidebar__user-name">{name || t('welcome')}</p>
        <p className="sidebar__user-email" title={user?.email}>
          <EmailAddress email={user?.email ?? ''} />
        </p>
        <Button variant="secondary" className="sidebar__logout" onClick={() => void logout()}>
          {t('logout')}
        </Button>
      </div>
    </aside>
  );
}
