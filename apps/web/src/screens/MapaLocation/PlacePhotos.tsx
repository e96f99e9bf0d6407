import { useId, useState, type ChangeEvent } from 'react';
import { ImagePlus, Trash2 } from 'lucide-react';
import { MAP_LOCATION_PHOTOS_MAX } from '@nomadas/shared';
import { ApiFailure } from '../../api/queries/apiData';
import type { SheetData } from '../../api/queries/mapLocation';
import { useAddPlacePhotoMutation, useDeletePlacePhotoMutation } from '../../api/queries/myPlaces';
import { ConfirmDialog } from '../../components/Modal/ConfirmDialog';
import { toast } from '../../components/Toast/toast';
import { esMapaSheet } from '../../i18n/screens/mapa';
import { esMyPlaces } from '../../i18n/screens/myPlaces';
import { photoProblem, shrinkPhoto } from '../../posts/composer/photo';
import { useSessionUser } from '../../session/session';
import sheetStyles from './mapaLocation.module.css';
import styles from './placeActions.module.css';

const text = esMyPlaces.photos;
const failureMsg = (error: unknown) => (error instanceof ApiFailure && error.serverMsg) || text.failed;

/**
 * A place's photos and "Añadir fotos" (issue #32): any registered user adds up to MAP_LOCATION_PHOTOS_MAX of
 * their own (the server keeps the count and strips the metadata), and deletes their own.
 */
export function PlacePhotos({ place }: { place: SheetData }) {
  const user = useSessionUser();
  const add = useAddPlacePhotoMutation(place.urlpoint);
  const remove = useDeletePlacePhotoMutation(place.urlpoint);
  const [progress, setProgress] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const inputId = useId();
  const own = new Set(place.ownPhotos);
  const left = MAP_LOCATION_PHOTOS_MAX - place.ownPhotos.length;
  const canAdd = user && !place.savedCopy;

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])].slice(0, Math.max(0, left));
    event.target.value = '';
    for (const file of files) {
      const problem = photoProblem(file);
      if (problem) {
        toast(problem, 'ko');
        continue;
      }
      setProgress(0);
      try {
        const { msg } = await add.mutateAsync({ file: await shrinkPhoto(file), onProgress: setProgress });
        toast(msg || text.added, 'ok');
      } catch (error) {
        toast(failureMsg(error), 'ko');
        break;
      } finally {
        setProgress(null);
      }
    }
  };

  const onDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting);
      toast(text.deleted, 'ok');
    } catch (error) {
      toast(failureMsg(error), 'ko');
    }
    setDeleting(null);
  };

  if (place.photos.length === 0 && !canAdd) return null;
  return (
    <section aria-label={esMapaSheet.photos} className={styles.photoSection}>
      {place.photos.length > 0 && (
        <div className={sheetStyles.photos}>
          {place.photos.map((src, i) => {
            const id = place.photoIds[i] ?? src;
            return (
              <figure key={src} className={styles.photo}>
                <img
                  src={src}
                  alt={esMapaSheet.photoAlt(place.name, i + 1)}
                  loading={i < 2 ? 'eager' : 'lazy'}
                  decoding="async"
                />
                {own.has(id) && (
                  <button
                    type="button"
                    className={styles.deletePhoto}
                    aria-label={`${text.delete} ${i + 1}`}
                    onClick={() => setDeleting(id)}
                  >
                    <Trash2 aria-hidden="true" size={18} />
                  </button>
                )}
              </figure>
            );
          })}
        </div>
      )}
      {canAdd && (
        <div className={styles.addPhotos}>
          {left > 0 ? (
            <>
              <label
                htmlFor={inputId}
                className="btn btn-secondary"
                aria-disabled={progress !== null || undefined}
              >
                <ImagePlus aria-hidden="true" size={18} />
                {text.add}
              </label>
              <input
                id={inputId}
                type="file"
                accept="image/*"
                multiple
                className="visually-hidden"
                disabled={progress !== null}
                onChange={(event) => void onFiles(event)}
              />
              <span className={styles.muted} role="status">
                {progress !== null ? `${text.adding} ${Math.round(progress * 100)} %` : text.left(left)}
              </span>
            </>
          ) : (
            <span className={styles.muted}>{text.full}</span>
          )}
        </div>
      )}
      {deleting && (
        <ConfirmDialog
          title={text.delete}
          message={text.deleteConfirm}
          accept={text.delete}
          cancel={text.cancel}
          pending={remove.isPending}
          acceptClassName={`btn ${styles.danger}`}
          onAccept={() => void onDelete()}
          onClose={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
