import { esPlaceholders } from '../../i18n/screens/placeholders';
import { Placeholder } from '../_shared/Placeholder';

const text = esPlaceholders.mapa;

export default function MapaScreen() {
  return <Placeholder title={text.title} intro={text.intro} variant="map" />;
}
