import { esScreens } from '../../i18n/es.screens';
import { Placeholder } from '../_shared/Placeholder';

const text = esScreens.placeholders.canales;

export default function CanalesScreen() {
  return <Placeholder title={text.title} intro={text.intro} variant="cards" />;
}
