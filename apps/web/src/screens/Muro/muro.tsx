import { esPlaceholders } from '../../i18n/screens/placeholders';
import { settings } from '../../settings';
import { Placeholder } from '../_shared/Placeholder';

const text = esPlaceholders.muro;

export default function MuroScreen() {
  return (
    <Placeholder
      title={text.title}
      intro={text.intro}
      description={text.description(settings.siteName)}
      variant="grid"
    />
  );
}
