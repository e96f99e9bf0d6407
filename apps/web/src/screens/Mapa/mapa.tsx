import { esScreens } from '../../i18n/es.screens';
import { Placeholder } from '../_shared/Placeholder';

const text = esScreens.placeholders.mapa;

export default function MapaScreen() {
  return <Placeholder title={text.title} intro={text.intro} variant="map" />;
}
