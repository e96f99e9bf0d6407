import { esPlaceholders } from '../../i18n/screens/placeholders';
import { Placeholder } from '../_shared/Placeholder';

const text = esPlaceholders.miPerfil;

export default function MiPerfilScreen() {
  return <Placeholder title={text.title} intro={text.intro} variant="profile" />;
}
