import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Download, LoaderCircle, RefreshCw, Trash2 } from 'lucide-react';
import type { Bbox } from '@nomadas/shared';
import {
  deleteAllPlaces,
  saveAllPlaces,
  searchSavedPlaces,
  updateSavedPlaces,
  useSavedPlaces,
} from '../../api/offlinePlaces';
import { toast } from '../../components/Toast/toast';
import { esMapa } from '../../i18n/screens/mapa';
import { esMapaOffline } from '../../i18n/screens/mapaOffline';
import { KindBadge } from '../../map/kinds';
import {
  baseMapSize,
  deleteBaseMap,
  saveBaseMap,
  savableBaseMap,
  savedBaseMapSize,
} from '../../api/offlineBaseMap';
import { settings } from '../../settings';
import type { SavedPlace } from '../../map/offlinePlaces';
import { locationPath } from './PlacesList';
import styles from './panels.module.css';

const text = esMapaOffline;

// Regions of the base map (planning, download, Spain's list) load when the panel opens, not with the map.
const RegionsSection = lazy(() => import('./RegionsSection'));

/**
 * "Guardar España para usar sin conexión": the saved set's state, its actions, and a search over it; below, the
 * base map's regions to save (`view`: what the map shows now).
 */
export function OfflinePanel({ view }: { view: Bbox | null }) {
  const saved = useSavedPlaces();
  const busy = saved.phase === 'saving';
  const base = useBaseMap();

  async function remove() {
    await Promise.all([deleteAllPlaces(), deleteBaseMap()]);
    base.forget();
    toast(text.deleted);
  }

  async function save(first: boolean) {
    await Promise.all([first ? saveAllPlaces() : updateSavedPlaces(), base.save()]);
  }

  return (
    <div className={styles.stack}>
      {saved.info ? (
        <p className={styles.savedState} role="status">
          {busy ? text.saving : text.saved(saved.info.count, saved.info.updatedAt)}
        </p>
      ) : (
        <p className={styles.intro}>{text.intro}</p>
      )}
      {base.note && <p className={styles.hint}>{base.note}</p>}
      {saved.failed && (
        <p className={styles.hint} role="alert">
          {text.failed}
        </p>
      )}
      <div className={styles.actions}>
        {saved.info ? (
          <>
            <button type="button" className="btn btn-ghost" onClick={() => void remove()} disabled={busy}>
              <Trash2 aria-hidden="true" size={18} />
              {text.delete}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => void save(false)}
              disabled={busy}
              aria-busy={busy || undefined}
            >
              {busy ? (
                <LoaderCircle aria-hidden="true" size={18} className={styles.spin} />
              ) : (
                <RefreshCw aria-hidden="true" size={18} />
              )}
              {text.update}
            </button>
          </>
        ) : (
          <button
            type="button"
            className="btn btn-primary btn-block"
            onClick={() => void save(true)}
            disabled={busy || saved.phase === 'unknown'}
            aria-busy={busy || undefined}
          >
            {busy ? (
              <LoaderCircle aria-hidden="true" size={18} className={styles.spin} />
            ) : (
              <Download aria-hidden="true" size={18} />
            )}
            {busy ? text.saving : text.save}
          </button>
        )}
      </div>
      {saved.info && (
        <>
          <p className={styles.hint}>{text.updates}</p>
          <SavedSearch />
        </>
      )}
      {settings.mapBase?.kind === 'pmtiles' && (
        <Suspense fallback={null}>
          <RegionsSection url={settings.mapBase.url} view={view} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The app's own base map saved with the places: its size before the download (a HEAD), and once saved. An
 * operator's extract on another host is not saved: the note says it needs signal.
 */
function useBaseMap() {
  const url = savableBaseMap(settings.mapBase);
  const [size, setSize] = useState<{ bytes: number; saved: boolean } | null>(null);
  useEffect(() => {
    if (!url) return;
    let current = true;
    void (async () => {
      const savedBytes = await savedBaseMapSize(url);
      const bytes = savedBytes ?? (await baseMapSize(url));
      if (current && bytes) setSize({ bytes, saved: savedBytes !== null });
    })();
    return () => {
      current = false;
    };
  }, [url]);
  const note =
    settings.mapBase?.kind === 'pmtiles' && !url
      ? text.baseMapOnline
      : size && (size.saved ? text.baseMapSaved(size.bytes) : text.baseMap(size.bytes));
  return {
    note,
    save: async () => {
      if (!url) return;
      const bytes = await saveBaseMap(url).catch(() => null);
      if (bytes) setSize({ bytes, saved: true });
    },
    forget: () => setSize((known) => known && { ...known, saved: false }),
  };
}

/** Places or towns by name over the saved set: it works with no signal. */
function SavedSearch() {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [results, setResults] = useState<SavedPlace[]>([]);
  useEffect(() => {
    let current = true;
    void searchSavedPlaces(typed).then((places) => current && setResults(places));
    return () => {
      current = false;
    };
  }, [typed]);
  const found = typed.trim() === '' ? null : results;

  return (
    <div className={styles.stack}>
      <div className="field">
        <label htmlFor={id}>{text.search}</label>
        <input
          id={id}
          type="search"
          value={typed}
          placeholder={text.searchPlaceholder}
          autoComplete="off"
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      {found?.length === 0 && <p className={styles.hint}>{text.noResults}</p>}
      {found && found.length > 0 && (
        <ul className={styles.list}>
          {found.map((place) => (
            <li key={place.u}>
              <Link to={locationPath(place.u)} className={styles.row}>
                <KindBadge kind={place.kind} />
                <span className={styles.rowText}>
                  <span className={styles.rowName}>{place.name}</span>
                  <span className={styles.rowMeta}>
                    {[esMapa.kinds[place.kind], place.municipality, place.province]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
