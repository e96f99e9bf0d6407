import { Bookmark, BookmarkCheck } from 'lucide-react';
import { outbox, pendingOf, useOutbox } from '../../api/outbox/outbox';
import { infoPopup } from '../../components/InfoPopup/infoPopup';
import { esMyPlaces } from '../../i18n/screens/myPlaces';
import { useSessionUser } from '../../session/session';

const text = esMyPlaces;

/**
 * "Guardar" / "Guardado" (issue #32): the place into "Mis lugares" or out of it, through the outbox, so with no
 * signal it is kept and sent later; the button shows what the user last asked for at once.
 */
export function SaveButton({ urlpoint, name, saved }: { urlpoint: string; name: string; saved: boolean }) {
  const user = useSessionUser();
  const last = pendingOf(useOutbox(), 'savePlace', (write) => write.urlpoint === urlpoint).at(-1);
  const isSaved = last ? last.write.saved : saved;
  const onClick = () => {
    if (!user) {
      infoPopup({ title: text.title, text: text.loginToSave, login: true, register: true });
      return;
    }
    outbox.add({ kind: 'savePlace', urlpoint, saved: !isSaved });
  };
  const Icon = isSaved ? BookmarkCheck : Bookmark;
  return (
    <button
      type="button"
      className={`btn ${isSaved ? 'btn-secondary' : 'btn-primary'}`}
      aria-pressed={isSaved}
      aria-label={text.saveHint(name)}
      title={last ? text.savePending : undefined}
      data-saved={isSaved ? 1 : 0}
      onClick={onClick}
    >
      <Icon aria-hidden="true" size={18} />
      {isSaved ? text.saved : text.save}
    </button>
  );
}
