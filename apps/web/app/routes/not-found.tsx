import { data } from 'react-router';
import { PRODUCT_NAME, TEXT } from '@certitude/shared';
import { NotFoundScreen } from '../components/not-found-screen';

/** Any address no route knows answers 404, not a page for search engines to index. */
export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: `${TEXT.pageNotFound} | ${PRODUCT_NAME}` }, { name: 'robots', content: 'noindex' }];

export default function NotFound() {
  return <NotFoundScreen />;
}
