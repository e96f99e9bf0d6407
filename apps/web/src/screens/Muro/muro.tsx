import { esScreens } from '../../i18n/es.screens';
import { settings } from '../../settings';
import { Placeholder } from '../_shared/Placeholder';

const text = esScreens.placeholders.muro;

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
