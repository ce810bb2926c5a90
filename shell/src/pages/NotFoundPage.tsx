import { Link } from 'react-router';
import { PublicLayout } from './public';

export function NotFoundPage() {
  return (
    <PublicLayout>
      <title>Page not found · Baton</title>
      <div className="pub-container pub-section">
        <h1>Page not found</h1>
        <p>There is nothing at this address.</p>
        <p>
          <Link to="/">Go to the home page</Link>
        </p>
      </div>
    </PublicLayout>
  );
}
