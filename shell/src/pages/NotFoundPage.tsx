import { useT } from '@baton/web-platform';
import { Link } from 'react-router';
import { shellBook } from '../i18n/shell';
import { PublicLayout } from './public';

export function NotFoundPage() {
  const t = useT(shellBook);
  return (
    <PublicLayout>
      <title>{t('documentTitle', { title: t('notFoundTitle') })}</title>
      <div className="pub-container pub-section">
        <h1>{t('notFoundTitle')}</h1>
        <p>{t('notFoundText')}</p>
        <p>
          <Link to="/">{t('notFoundHome')}</Link>
        </p>
      </div>
    </PublicLayout>
  );
}
