import { PRODUCT_NAME } from '@certitude/shared';
import { PlaceholderScreen } from '../components/placeholder-screen';

export const meta = () => [{ title: 'Privacy Policy | ' + PRODUCT_NAME }];

export default function Screen() {
  return <PlaceholderScreen title="Privacy Policy" />;
}
