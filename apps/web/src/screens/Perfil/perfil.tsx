import { useParams } from 'react-router';
import { esPlaceholders } from '../../i18n/screens/placeholders';
import { Placeholder } from '../_shared/Placeholder';

const text = esPlaceholders.perfil;

export default function PerfilScreen() {
  const { name } = useParams();
  return <Placeholder title={name ? `@${name}` : text.title} intro={text.intro} variant="profile" />;
}
