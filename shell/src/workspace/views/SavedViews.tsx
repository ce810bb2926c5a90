import type { View } from '@baton/contracts';
import { Button, Dialog, NoticeBanner, useNotice, useToast } from '@baton/ui';
import {
  failureMessage,
  pathOf,
  placeOfView,
  selectCategory,
  selectListQuery,
  selectOpenFolderId,
  showPlace,
  useDeleteViewMutation,
  usePlatformDispatch,
  usePlatformSelector,
  useSavedViewsQuery,
  useT,
} from '@baton/web-platform';
import { useState } from 'react';
import { viewsBook } from './messages';
import './views.css';

/** The address a place and query make, to tell which saved view is open. */
const addressOf = (path: string, query: string) => `${path}?${query}`;

/**
 * The sidebar's Views: the lists the person saved with their filters (`GET /api/views/`). Choosing one opens
 * its list with its filters (a step Back undoes); each can be deleted after a confirmation. The list is the
 * shared `View` cache: a view saved in a list shows here at once.
 */
export function SavedViews({ onNavigate }: { onNavigate: () => void }) {
  const t = useT(viewsBook);
  const { data: views, isError, refetch } = useSavedViewsQuery();
  const dispatch = usePlatformDispatch();
  const toast = useToast();
  const [deleting, setDeleting] = useState<View | null>(null);
  const category = usePlatformSelector(selectCategory);
  const openFolderId = usePlatformSelector(selectOpenFolderId);
  const query = usePlatformSelector(selectListQuery);
  const here = addressOf(pathOf({ category, openFolderId }), query);

  if (isError)
    return (
      <section className="sidebar-views" aria-label={t('heading')}>
        <h2 className="sidebar-views__heading">{t('heading')}</h2>
        <p className="sidebar-views__state">{t('loadFailed')}</p>
        <Button variant="secondary" onClick={() => refetch()}>
          {t('retry')}
        </Button>
      </section>
    );
  if (!views?.length) return null;

  const open = (view: View) => {
    const place = placeOfView(view);
    if (!place) return void toast(t('gone'), 'error');
    dispatch(showPlace(place));
    onNavigate();
  };

  return (
    <nav className="sidebar-views" aria-labelledby="sidebar-views-heading">
      <h2 id="sidebar-views-heading" className="sidebar-views__heading">
        {t('heading')}
      </h2>
      <ul className="sidebar__list">
        {views.map((view) => {
          const place = placeOfView(view);
          const active = place !== undefined && addressOf(pathOf(place), view.query) === here;
          return (
            <li key={view.id} className="sidebar-views__item">
              <button
                type="button"
                className={`sidebar__item${active ? ' sidebar__item--active' : ''}`}
                aria-current={active ? 'page' : undefined}
                onClick={() => open(view)}
              >
                {view.name}
              </button>
              <button
                type="button"
                className="sidebar-views__delete"
                aria-label={t('delete', { name: view.name })}
                title={t('delete', { name: view.name })}
                onClick={() => setDeleting(view)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          );
        })}
      </ul>
      {deleting ? <DeleteViewDialog view={deleting} onClose={() => setDeleting(null)} /> : null}
    </nav>
  );
}

function DeleteViewDialog({ view, onClose }: { view: View; onClose: () => void }) {
  const t = useT(viewsBook);
  const [remove, { isLoading }] = useDeleteViewMutation();
  const { notice, show, clear } = useNotice();
  const toast = useToast();
  async function confirm() {
    clear();
    try {
      await remove(view.id).unwrap();
      onClose();
      toast(t('deleted', { name: view.name }), 'success');
    } catch (error) {
      show('error', failureMessage(error, t('deleteFailed')));
    }
  }
  return (
    <Dialog
      open
      role="alertdialog"
      title={t('deleteTitle', { name: view.name })}
      description={t('deleteText')}
      onClose={isLoading ? undefined : onClose}
    >
      <NoticeBanner notice={notice} onDismiss={clear} />
      <div className="sidebar-views__actions">
        <Button variant="secondary" disabled={isLoading} onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button variant="danger" busy={isLoading} onClick={() => void confirm()}>
          {t('confirmDelete')}
        </Button>
      </div>
    </Dialog>
  );
}
