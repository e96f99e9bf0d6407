import { esScreens } from '../../i18n/es.screens';
import { Placeholder } from '../_shared/Placeholder';

const text = esScreens.placeholders.videoCanal;

export default function VideoCanalScreen() {
  return <Placeholder title={text.title} intro={text.intro} variant="video" />;
}
