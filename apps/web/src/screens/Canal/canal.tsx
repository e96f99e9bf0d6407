import { useParams } from 'react-router';
import { esScreens } from '../../i18n/es.screens';
import { Placeholder } from '../_shared/Placeholder';

const text = esScreens.placeholders.canal;

export default function CanalScreen() {
  const { name, canal } = useParams();
  const channel = name ?? canal;
  return <Placeholder title={channel ?? text.title} intro={text.intro} variant="cards" />;
}
