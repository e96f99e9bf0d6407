import { esScreens } from '../../i18n/es.screens';
import { Placeholder } from '../_shared/Placeholder';

const text = esScreens.placeholders.miPerfil;

export default function MiPerfilScreen() {
  return <Placeholder title={text.title} intro={text.intro} variant="profile" />;
}
