import { esPlaceholders } from '../../i18n/screens/placeholders';
import { Placeholder } from '../_shared/Placeholder';

const text = esPlaceholders.canales;

export default function CanalesScreen() {
  return <Placeholder title={text.title} intro={text.intro} variant="cards" />;
}
