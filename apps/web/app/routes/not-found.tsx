import { PRODUCT_NAME, TEXT } from '@certitude/shared';
import { NotFoundScreen } from '../components/not-found-screen';

export const meta = () => [{ title: `${TEXT.pageNotFound} | ${PRODUCT_NAME}` }, { name: 'robots', content: 'noindex' }];

export default function NotFound() {
  return <NotFoundScreen />;
}
