import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  Bookmark,
  CloudDownload,
  Crosshair,
  EyeOff,
  List,
  LoaderCircle,
  MapPinned,
  MapPinPlus,
  SlidersHorizontal,
} from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { mapCells, VISIBILITY_HIDDEN, type Coordinates } from '@nomadas/shared';
import type { MapPoint } from '@nomadas/shared/schemas';
import { refreshSavedPlaces, useSavedPlaces } from '../../api/offlinePlaces';
import { QueryScope } from '../../api/QueryScope';
import { useMapPointsQuery } from '../../api/queries/mapPoints';
import { browserStorage } from '../../app/storage';
import { usePageTitle } from '../../app/usePageTitle';
import { toast } from '../../components/Toast/toast';
import { esMapa } from '../../i18n/screens/mapa';
import { TOWN_ZOOM } from '../../components/Header/search/comboboxModel';
import { esMapaOffline } from '../../i18n/screens/mapaOffline';
import { esMyPlaces } from '../../i18n/screens/myPlaces';
import { geolocationGranted, locateMe } from '../../map/geolocation';
import { useMyVehicle } from '../../map/myVehicle';
import { usePositionSharing } from '../../map/sharing';
import { useSessionUser } from '../../session/session';
import { activeFilterCount, loadFilters, pointsQueryString, saveFilters, sortByDistance } from './filters';
import { FitToggle } from './FitToggle';
import { AddPlacePanel, FiltersPanel, MyPlacesList, OfflinePanel, VisibilityPanel } from './laterPanels';
import type { MapFocus, MapViewport } from './MapView';
import { MapSearch } from './MapSearch';
import { readMapTarget } from './mapSearch';
import { Panel } from './Panel';
import { PlacePreview } from './PlacePreview';
import { PlacesList } from './PlacesList';
import { useClusters } from './useClusters';
import { useLivePositions } from './useLivePositions';
import styles from './mapa.module.css';

// Leaflet (some 45 KB) comes in a chunk of its own, so the screen's own chunk stays small and its toolbar
// and list show while the map's engine loads.
const MapView = lazy(() => import('./MapView').then((module) => ({ default: module.MapView })));

const text = esMapa;
type PanelName = 'filters' | 'list' | 'mine' | 'offline' | 'visibility' | 'add';
/** Wide enough for the list beside the map. */
const WIDE = '(min-width: 900px)';
/** Pans and zooms settle before the next box is asked for. */
const FETCH_DEBOUNCE_MS = 300;
/** Zoom of the first view around the user: their surroundings, some 50 km across. */
const AROUND_ME_ZOOM = 10;
// The first map of the app's run opens around the user when the position is already allowed; later visits
// (back from a sheet) keep the view they left.
let firstOpening = true;

/** /mapa (spec §2): motorhome areas, LPG stations and routes, with filters, a list and live positions. */
export default function MapaScreen() {
  usePageTitle(text.title, text.pageDescription);
  return (
    <QueryScope>
      <MapPage />
    </QueryScope>
  );
}

/** `value` once it has stayed the same for `ms`; the first one that is not null at once (the first view). */
function useDebounced<T>(value: T | null, ms: number): T | null {
  const [debounced, setDebounced] = useState(value);
  const first = debounced === null;
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), first ? 0 : ms);
    return () => window.clearTimeout(timer);
  }, [value, ms, first]);
  return debounced;
}

function MapPage() {
  const user = useSessionUser();
  const sharing = usePositionSharing();
  const [filters, setFilters] = useState(() => loadFilters(browserStorage));
  // My vehicle's sizes filter the map from the start (issue #32), unless 'Ocultar lo que no cabe' is off.
  const vehicle = useMyVehicle().vehicle ?? null;
  const [query] = useSearchParams();
  const [panel, setPanel] = useState<PanelName | null>(() =>
    window.matchMedia(WIDE).matches ? 'list' : null,
  );
  // ?panel=visibilidad (a live-sharing notice's link, from any screen) opens the visibility panel.
  const [panelQuery, setPanelQuery] = useState<URLSearchParams | null>(null);
  if (query !== panelQuery) {
    setPanelQuery(query);
    if (user && query.get('panel') === 'visibilidad') setPanel('visibility');
  }
  const [viewport, setViewport] = useState<MapViewport | null>(null);
  const [me, setMe] = useState<Coordinates | null>(null);
  const [locating, setLocating] = useState(false);
  const [selected, setSelected] = useState<MapPoint | null>(null);
  const [pick, setPick] = useState<Coordinates | null>(null);
  const [focus, setFocus] = useState<MapFocus | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const body = useRef<HTMLDivElement>(null);
  const saved = useSavedPlaces();
  const navigate = useNavigate();
  // /mapa?lat=..&lng=..&z=..: a town chosen in the header's search opens the map centred on it.
  const { search } = useLocation();
  const [seenSearch, setSeenSearch] = useState<string | null>(null);
  if (seenSearch !== search) {
    setSeenSearch(search);
    const target = readMapTarget(search);
    if (target) setFocus({ ...target, key: (focus?.key ?? 0) + 1, exact: true });
  }
  // A visit with a connection brings the saved places up to date (only what changed).
  useEffect(() => void refreshSavedPlaces(), []);
  useEffect(() => {
    if (!firstOpening) return;
    let cancelled = false;
    void (async () => {
      const position = (await geolocationGranted()) && (await locateMe());
      if (cancelled) return;
      firstOpening = false;
      if (!position) return;
      setMe(position);
      // Unless something chose the view meanwhile (a town from the search, the user's own locate).
      setFocus((current) => current ?? { ...position, zoom: AROUND_ME_ZOOM, key: Date.now() });
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  const cells = viewport
    ? mapCells(viewport.bbox)
        .map((cell) => pointsQueryString(cell, filters, vehicle))
        .join(' ')
    : null;
  const debouncedCells = useDebounced(cells, FETCH_DEBOUNCE_MS);
  const points = useMapPointsQuery(useMemo(() => debouncedCells?.split(' ') ?? null, [debouncedCells]));
  const data = points.data;
  const clusters = useClusters(data?.points);
  const friends = useLivePositions(user !== null, user?.u ?? null, viewport?.bbox ?? null);
  const places = useMemo(
    () => (data && viewport ? sortByDistance(data.points, me ?? viewport.center, viewport.bbox) : []),
    [data, viewport, me],
  );
  const filterCount = activeFilterCount(filters, vehicle);
  const sharingOn = user !== null && sharing.type !== VISIBILITY_HIDDEN;

  function changeFilters(next: typeof filters) {
    setFilters(next);
    saveFilters(browserStorage, next);
    setSelected(null);
  }

  function togglePanel(name: PanelName) {
    setPanel((current) => (current === name ? null : name));
    setSelected(null);
    if (name !== 'add') setPick(null);
  }

  /** Moves the map to `point`, in the part a phone's panel leaves visible (at `zoom` at least, or exactly). */
  function focusOn(point: Coordinates, zoom: number, exact = false) {
    const panelOver = !window.matchMedia(WIDE).matches && body.current?.querySelector('section');
    setFocus({ ...point, zoom, exact, key: Date.now(), hiddenBelow: panelOver ? panelOver.offsetHeight : 0 });
  }

  async function locate() {
    setLocating(true);
    const position = await locateMe();
    setLocating(false);
    if (!position) {
      toast(text.locateFailed, 'ko');
      return;
    }
    setMe(position);
    focusOn(position, 11);
  }

  const selectedKm = selected && me ? (places.find(({ point }) => point.u === selected.u)?.km ?? null) : null;
  const capped = data && data.total > data.points.length ? data.total : null;

  const tools: { name: PanelName; label: string; Icon: typeof List; show: boolean }[] = [
    {
      name: 'filters',
      label: filterCount > 0 ? text.toolbar.filtersActive(filterCount) : text.toolbar.filters,
      Icon: SlidersHorizontal,
      show: true,
    },
    { name: 'list', label: text.toolbar.list, Icon: List, show: true },
    { name: 'mine', label: esMyPlaces.onlyMine, Icon: Bookmark, show: user !== null },
    { name: 'offline', label: esMapaOffline.tool, Icon: CloudDownload, show: true },
    {
      name: 'visibility',
      label: text.toolbar.visibility,
      Icon: sharingOn ? MapPinned : EyeOff,
      show: user !== null,
    },
    { name: 'add', label: text.toolbar.add, Icon: MapPinPlus, show: user !== null },
  ];

  return (
    <div className={styles.page}>
      <div className={styles.bar}>
        <div className={styles.titleRow}>
          <h1 className={styles.title}>{text.title}</h1>
          <p className={styles.count} aria-live="polite">
            {points.isPending
              ? text.loading
              : points.isError && !data
                ? text.loadFailed
                : text.count(places.length, places.length)}
          </p>
          {user && (
            // On a phone the toolbar scrolls sideways: adding a place, the main action, stays in sight here.
            <button
              type="button"
              className={`${styles.addNow} ${panel === 'add' ? styles.toolOn : ''}`}
              aria-pressed={panel === 'add'}
              onClick={() => togglePanel('add')}
            >
              <MapPinPlus aria-hidden="true" size={18} />
              {text.toolbar.add}
            </button>
          )}
        </div>
        <MapSearch
          onChoose={(suggestion) => {
            if (suggestion.kind === 't' && suggestion.at)
              focusOn({ latitude: suggestion.at.lat, longitude: suggestion.at.lng }, TOWN_ZOOM, true);
            else navigate(suggestion.href);
          }}
        />
        <div className={styles.tools} role="toolbar" aria-label={text.toolbar.label}>
          {tools
            .filter((tool) => tool.show)
            .map(({ name, label, Icon }) => (
              <button
                key={name}
                type="button"
                className={`${styles.tool} ${panel === name ? styles.toolOn : ''} ${name === 'visibility' && sharingOn ? styles.toolLive : ''} ${name === 'add' ? styles.wideOnly : ''}`}
                aria-pressed={panel === name}
                onClick={() => togglePanel(name)}
              >
                <Icon aria-hidden="true" size={18} />
                {label}
              </button>
            ))}
        </div>
      </div>

      <div ref={body} className={`${styles.body} ${panel ? styles.withPanel : ''}`}>
        {panel === 'filters' && (
          <Panel title={text.filters.title} onClose={() => setPanel(null)}>
            <FiltersPanel
              filters={filters}
              vehicle={vehicle}
              onChange={changeFilters}
              onDone={() => setPanel('list')}
            />
          </Panel>
        )}
        {panel === 'list' && (
          <Panel title={text.list.title} onClose={() => setPanel(null)}>
            {vehicle && (
              <FitToggle
                vehicle={vehicle}
                on={filters.fit}
                onChange={(fit) => changeFilters({ ...filters, fit })}
              />
            )}
            <PlacesList
              places={places}
              from={me ?? viewport?.center ?? null}
              fromMe={me !== null}
              capped={capped}
            />
          </Panel>
        )}
        {panel === 'mine' && user && (
          <Panel title={esMyPlaces.title} onClose={() => setPanel(null)}>
            <MyPlacesList
              onShow={(place) => focusOn({ latitude: place.lat, longitude: place.lng }, 15, true)}
            />
          </Panel>
        )}
        {panel === 'offline' && (
          <Panel title={esMapaOffline.title} onClose={() => setPanel(null)}>
            <OfflinePanel view={viewport?.bbox ?? null} />
          </Panel>
        )}
        {panel === 'visibility' && user && (
          <Panel title={text.visibility.title} onClose={() => setPanel(null)}>
            <VisibilityPanel />
          </Panel>
        )}
        {panel === 'add' && user && (
          <Panel
            title={text.add.title}
            onClose={() => {
              setPanel(null);
              setPick(null);
            }}
          >
            <AddPlacePanel
              point={pick}
              onPoint={(point) => {
                setPick(point);
                focusOn(point, 14);
              }}
              onCancel={() => {
                setPanel(null);
                setPick(null);
              }}
            />
          </Panel>
        )}

        <div className={styles.mapArea}>
          <Suspense fallback={null}>
            <MapView
              clusters={clusters}
              selected={selected?.u ?? null}
              me={me}
              meRange={sharingOn ? sharing.range : null}
              friends={friends}
              picking={panel === 'add'}
              pick={pick}
              focus={focus}
              onView={setViewport}
              onSelect={(point) => setSelected(point)}
              onPick={setPick}
              onTilesFailed={() => setTilesFailed(true)}
            />
          </Suspense>
          {saved.servingSaved ? (
            <p className={styles.offline} role="status">
              {esMapaOffline.servingSaved}
            </p>
          ) : (
            tilesFailed && <p className={styles.offline}>{text.tilesOffline}</p>
          )}
          {points.isError && data && (
            <p className={styles.offline} role="alert">
              {text.loadFailed}
            </p>
          )}
          <button
            type="button"
            className={styles.locate}
            onClick={() => void locate()}
            aria-busy={locating || undefined}
            aria-label={locating ? text.toolbar.locating : text.toolbar.locate}
            title={text.toolbar.locate}
          >
            {locating ? (
              <LoaderCircle aria-hidden="true" size={22} className={styles.spin} />
            ) : (
              <Crosshair aria-hidden="true" size={22} />
            )}
          </button>
          {selected && <PlacePreview point={selected} km={selectedKm} onClose={() => setSelected(null)} />}
        </div>
      </div>
    </div>
  );
}
