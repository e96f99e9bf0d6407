import { esPlaceholders } from '../../i18n/screens/placeholders';
import { Placeholder } from '../_shared/Placeholder';

const text = esPlaceholders.videoCanal;

export default function VideoCanalScreen() {
  return <Placeholder title={text.title} intro={text.intro} variant="video" />;
}
