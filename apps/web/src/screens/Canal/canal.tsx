import { useParams } from 'react-router';
import { esPlaceholders } from '../../i18n/screens/placeholders';
import { Placeholder } from '../_shared/Placeholder';

const text = esPlaceholders.canal;

export default function CanalScreen() {
  const { name, canal } = useParams();
  const channel = name ?? canal;
  return <Placeholder title={channel ?? text.title} intro={text.intro} variant="cards" />;
}
