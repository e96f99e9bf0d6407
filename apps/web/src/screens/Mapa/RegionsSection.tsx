import { useEffect, useId, useState } from 'react';
import { Download, Trash2, X } from 'lucide-react';
import type { Bbox } from '@nomadas/shared';
import { toast } from '../../components/Toast/toast';
import { esMapaOffline } from '../../i18n/screens/mapaOffline';
import { saveRegion } from '../../map/baseRegions/download';
import { archiveZooms, planRegion, type RegionPlan } from '../../map/baseRegions/plan';
import { deleteRegion, listRegions, type SavedRegion } from '../../map/baseRegions/regionsDb';
import { archiveUrl } from '../../map/baseRegions/savedSource';
import { COMMUNITIES, PROVINCES } from '../../map/baseRegions/spainRegions';
import styles from './panels.module.css';

const text = esMapaOffline.regions;
const VIEW = 'view';
/** The lowest detail offered: below it a region's towns and roads are not drawn. */
const FEWEST_LEVELS = 4;

type Sizing =
  | { state: 'measuring' }
  | { state: 'ready'; plan: RegionPlan; free: number | null }
  | { state: 'tooLarge' | 'failed' };

/**
 * "Mapa base por zonas" (#31): a region of the base map's archive, its size before the download, saved with
 * progress and a cancel; the saved ones listed with their size and a "Borrar" each. Loaded when the panel opens.
 */
export default function RegionsSection({ url, view }: { url: string; view: Bbox | null }) {
  const id = useId();
  const [zooms, setZooms] = useState<{ minZoom: number; maxZoom: number } | null>(null);
  const [choice, setChoice] = useState(view ? VIEW : COMMUNITIES[0]![0]);
  const [maxZoom, setMaxZoom] = useState<number | null>(null);
  // The size measured, for the region and detail it was measured for: another choice shows 'Calculando…'.
  const [measured, setMeasured] = useState<{ key: string; sizing: Sizing } | null>(null);
  const [download, setDownload] = useState<{ saved: number; total: number; stop: AbortController } | null>(
    null,
  );
  const saved = useSavedRegions(url);

  useEffect(() => {
    archiveZooms(url).then(
      (found) => {
        setZooms(found);
        setMaxZoom(found.maxZoom);
      },
      () => setMeasured({ key: '', sizing: { state: 'failed' } }),
    );
  }, [url]);

  const region = choice === VIEW ? view && { name: text.viewName, box: view } : named(choice);
  const key = `${region?.box.join()}|${maxZoom}`;
  useEffect(() => {
    if (!region || maxZoom === null) return;
    let current = true;
    const done = (sizing: Sizing) => current && setMeasured({ key, sizing });
    void (async () => {
      const plan = await planRegion(url, region.box, maxZoom);
      const free = await freeBytes();
      done(plan === 'tooLarge' ? { state: plan } : { state: 'ready', plan, free });
    })().catch(() => done({ state: 'failed' }));
    return () => {
      current = false;
    };
    // The box by value (in the key): the view's array is new at each move of the map.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url, key]);
  const sizing: Sizing =
    measured && (measured.key === key || measured.key === '') ? measured.sizing : { state: 'measuring' };

  async function save() {
    if (sizing.state !== 'ready' || !region || maxZoom === null) return;
    const stop = new AbortController();
    setDownload({ saved: 0, total: sizing.plan.bytes, stop });
    try {
      await saveRegion({
        name: region.name,
        box: region.box,
        maxZoom,
        plan: sizing.plan,
        signal: stop.signal,
        onProgress: (bytes) => setDownload((now) => now && { ...now, saved: bytes }),
      });
      toast(text.saved(region.name), 'ok');
    } catch {
      toast(stop.signal.aborted ? text.cancelled : text.saveFailed);
    }
    setDownload(null);
    saved.reload();
  }

  const fits = sizing.state === 'ready' && (sizing.free === null || sizing.plan.bytes <= sizing.free);
  return (
    <section className={styles.stack} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.subtitle}>
        {text.title}
      </h3>
      <p className={styles.hint}>{text.intro}</p>
      <div className="field">
        <label htmlFor={`${id}-region`}>{text.region}</label>
        <select id={`${id}-region`} value={choice} onChange={(event) => setChoice(event.target.value)}>
          {view && <option value={VIEW}>{text.view}</option>}
          <optgroup label={text.communities}>
            {COMMUNITIES.map(([name]) => (
              <option key={name}>{name}</option>
            ))}
          </optgroup>
          <optgroup label={text.provinces}>
            {PROVINCES.map(([name]) => (
              <option key={`p-${name}`} value={`p-${name}`}>
                {name}
              </option>
            ))}
          </optgroup>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-detail`}>{text.detail}</label>
        <select
          id={`${id}-detail`}
          value={maxZoom ?? ''}
          disabled={!zooms}
          onChange={(event) => setMaxZoom(Number(event.target.value))}
        >
          {zooms &&
            levels(zooms).map((z) => (
              <option key={z} value={z}>
                {text.level(z, zooms.maxZoom)}
              </option>
            ))}
        </select>
      </div>
      {download ? (
        <div className={styles.stack}>
          <p className={styles.hint} role="status">
            {text.saving(region?.name ?? '', download.saved, download.total)}
          </p>
          <progress aria-label={text.progress} value={download.saved} max={download.total} />
          <div className={styles.actions}>
            <button type="button" className="btn btn-ghost" onClick={() => download.stop.abort()}>
              <X aria-hidden="true" size={18} />
              {text.cancel}
            </button>
          </div>
        </div>
      ) : (
        <div className={styles.sizeRow}>
          <p className={styles.sizeText} role="status">
            {sizing.state === 'measuring' && text.measuring}
            {sizing.state === 'ready' && region && text.size(region.name, sizing.plan.bytes)}
          </p>
          <button
            type="button"
            className="btn btn-secondary"
            aria-label={region ? text.saveNamed(region.name) : text.save}
            disabled={!fits}
            onClick={() => void save()}
          >
            <Download aria-hidden="true" size={18} />
            {text.save}
          </button>
        </div>
      )}
      {sizing.state === 'ready' && !fits && sizing.free !== null && (
        <p className={styles.hint} role="alert">
          {text.noRoom(sizing.plan.bytes, sizing.free)}
        </p>
      )}
      {(sizing.state === 'tooLarge' || sizing.state === 'failed') && (
        <p className={styles.hint} role="alert">
          {sizing.state === 'tooLarge' ? text.tooLarge : text.failed}
        </p>
      )}
      {saved.regions.length > 0 && (
        <ul className={styles.list} aria-label={text.list}>
          {saved.regions.map((one) => (
            <li key={one.id} className={styles.row}>
              <span className={styles.rowText}>
                <span className={styles.rowName}>{one.name}</span>
                <span className={styles.rowMeta}>
                  {one.complete
                    ? text.savedRow(one.bytes, one.maxZoom)
                    : text.interrupted(one.saved, one.bytes)}
                </span>
              </span>
              <button
                type="button"
                className="btn btn-ghost"
                aria-label={text.deleteNamed(one.name)}
                onClick={() =>
                  void deleteRegion(one.id).then(() => {
                    toast(text.deleted(one.name));
                    saved.reload();
                  })
                }
              >
                <Trash2 aria-hidden="true" size={18} />
                {text.delete}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function named(choice: string): { name: string; box: Bbox } | null {
  const [list, name] = choice.startsWith('p-') ? [PROVINCES, choice.slice(2)] : [COMMUNITIES, choice];
  const found = list.find(([one]) => one === name);
  return found ? { name: found[0], box: found[1] } : null;
}

/** The archive's last zooms, most detailed first. */
function levels({ minZoom, maxZoom }: { minZoom: number; maxZoom: number }): number[] {
  const out: number[] = [];
  for (let z = maxZoom; z >= Math.max(minZoom, maxZoom - FEWEST_LEVELS); z--) out.push(z);
  return out;
}

/** What the browser lets the app store still, or null when it does not say. */
async function freeBytes(): Promise<number | null> {
  const estimate = await navigator.storage?.estimate?.().catch(() => null);
  return estimate?.quota !== undefined ? estimate.quota - (estimate.usage ?? 0) : null;
}

/** The regions saved of this archive, newest first. */
function useSavedRegions(url: string) {
  const [regions, setRegions] = useState<SavedRegion[]>([]);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let current = true;
    const archive = archiveUrl(url);
    void listRegions().then(
      (all) =>
        current &&
        setRegions(all.filter((one) => one.archive === archive).sort((a, b) => b.createdAt - a.createdAt)),
    );
    return () => {
      current = false;
    };
  }, [url, version]);
  return { regions, reload: () => setVersion((n) => n + 1) };
}
