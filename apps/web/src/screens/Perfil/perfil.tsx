import { useParams } from 'react-router';
import { esScreens } from '../../i18n/es.screens';
import { Placeholder } from '../_shared/Placeholder';

const text = esScreens.placeholders.perfil;

export default function PerfilScreen() {
  const { name } = useParams();
  return <Placeholder title={name ? `@${name}` : text.title} intro={text.intro} variant="profile" />;
}
