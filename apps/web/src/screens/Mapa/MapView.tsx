import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import * as L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { RASTER_MAP_DEFAULT, type Coordinates } from '@nomadas/shared';
import type { MapPoint } from '@nomadas/shared/schemas';
import { esMapa } from '../../i18n/screens/mapa';
import { esPlaceStatus } from '../../i18n/screens/placeStatus';
import { reportAge } from '../../map/reportAge';
import { esLpg } from '../../i18n/screens/lpg';
import { whenIdle } from '../../app/idle';
import { settings } from '../../settings';
import type { Bbox } from './filters';
import type { MapFeature } from './clusterIndex';
import type { Clusters } from './useClusters';
import { clusterMarkerHtml, friendMarkerHtml, placeMarkerHtml } from './markerHtml';
import { OFFLINE_BORDERS, OFFLINE_LAND } from './offlineBase';
import styles from './MapView.module.css';

const text = esMapa;

export interface MapViewport {
  bbox: Bbox;
  zoom: number;
  center: Coordinates;
}

export interface FriendOnMap {
  u: string;
  i: string;
  lat: number;
  lng: number;
}

/** A request to move the map (Localízame, a place from the list); `key` makes the same place a new request. */
export interface MapFocus {
  latitude: number;
  longitude: number;
  zoom: number;
  key: number;
  /** Pixels of the map hidden at the bottom (a panel over it on a phone): the point goes to the middle of the rest. */
  hiddenBelow?: number;
  /** At exactly `zoom` (a town searched for), not at least. */
  exact?: boolean;
}

export interface MapViewProps {
  clusters: Clusters | null;
  selected: string | null;
  me: Coordinates | null;
  /** While sharing: the circle my shared point may fall in. */
  meRange: number | null;
  friends: readonly FriendOnMap[];
  /** 'Añadir lugar': a tap on the map places the new point. */
  picking: boolean;
  pick: Coordinates | null;
  focus: MapFocus | null;
  onView(view: MapViewport): void;
  onSelect(point: MapPoint): void;
  onPick(point: Coordinates): void;
  onTilesFailed(): void;
}

/** Spain's peninsula and the Balearics: the first view. */
const SPAIN: L.LatLngBoundsExpression = [
  [36.0, -9.3],
  [43.8, 3.3],
];
const MAX_ZOOM = 18;
/** Longest wait for an idle moment before the base's tiles are made. */
const BASE_IDLE_MS = 1000;
// Kept while the app runs: back from a sheet, the map is where it was left.
let lastView: { center: L.LatLngExpression; zoom: number } | null = null;

const clusterSize = (count: number) => (count < 10 ? 44 : count < 100 ? 50 : count < 1000 ? 58 : 66);

function viewportOf(map: L.Map): MapViewport {
  const bounds = map.getBounds();
  const center = map.getCenter();
  return {
    bbox: [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()],
    zoom: map.getZoom(),
    center: { latitude: center.lat, longitude: center.lng },
  };
}

/**
 * The Leaflet map: its base (settings: vector tiles from a PMTiles archive, or raster tiles over a rough outline),
 * and on top the clusters and places of `index` that fall in view (only those are in the page), friends'
 * approximate positions, my position and the new place. Without tiles the markers still show on the background.
 */
export function MapView(props: MapViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const [viewport, setViewport] = useState<MapViewport | null>(null);
  const latest = useRef(props);
  const navigate = useNavigate();
  const { clusters, selected, me, meRange, friends, pick, focus } = props;

  useEffect(() => {
    latest.current = props;
  });

  // The map is made in a task after the frame that lays the screen out: made at once, Leaflet's first
  // measure of its box forced that layout inside React's task, one long task on a phone (#31).
  const [laidOut, setLaidOut] = useState(false);
  useEffect(() => {
    let timer = 0;
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => setLaidOut(true), 0);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    if (!laidOut) return;
    const element = container.current!;
    const created = L.map(element, {
      zoomControl: false,
      minZoom: 3,
      maxZoom: MAX_ZOOM,
      worldCopyJump: true,
      zoomSnap: 1,
      // Tiles show when drawn: a fade repaints every tile on each frame until the last has come, which on a
      // phone made long tasks of the map's first seconds (#31).
      fadeAnimation: false,
    });
    L.control
      .zoom({ position: 'topright', zoomInTitle: text.zoomIn, zoomOutTitle: text.zoomOut })
      .addTo(created);
    created.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
    // The LPG prices' source, as its terms ask (modules/lpg-prices).
    created.attributionControl.addAttribution(esLpg.attribution);
    const base = settings.mapBase ?? RASTER_MAP_DEFAULT;
    let removed = false;
    if (base.kind === 'pmtiles') {
      // The vector drawing (protomaps-leaflet and its PMTiles reader) is a chunk of its own, evaluated in a
      // later task than the map's, and its tiles are made once the browser is idle after that: the map, its
      // controls and markers show first, and each step is a task of its own (#31). Its credits show from the
      // start, so the attribution box does not grow and shift then.
      created.attributionControl.addAttribution(base.attribution);
      import('./baseLayer').then(
        ({ vectorBaseLayer }) =>
          whenIdle(() => {
            if (removed) return;
            vectorBaseLayer(base)
              .on('tileerror', () => latest.current.onTilesFailed())
              .addTo(created);
          }, BASE_IDLE_MS),
        () => latest.current.onTilesFailed(),
      );
    } else {
      // Under the raster tiles (pane z-index 150 < 200): seen only where no tile arrives.
      created.createPane('offlineBase').style.zIndex = '150';
      L.polygon(OFFLINE_LAND, { pane: 'offlineBase', interactive: false, className: styles.land }).addTo(
        created,
      );
      L.polyline(OFFLINE_BORDERS, {
        pane: 'offlineBase',
        interactive: false,
        className: styles.border,
      }).addTo(created);
      L.tileLayer(base.url, { attribution: base.attribution, maxZoom: 19 })
        .on('tileerror', () => latest.current.onTilesFailed())
        .addTo(created);
    }
    if (lastView) created.setView(lastView.center, lastView.zoom);
    else created.fitBounds(SPAIN);

    const report = () => {
      const next = viewportOf(created);
      lastView = { center: created.getCenter(), zoom: created.getZoom() };
      setViewport(next);
      latest.current.onView(next);
    };
    created.on('moveend', report);
    created.on('click', (event: L.LeafletMouseEvent) => {
      const target = event.originalEvent.target as Element | null;
      if (latest.current.picking && !target?.closest('a, button, .leaflet-marker-icon'))
        latest.current.onPick({ latitude: event.latlng.lat, longitude: event.latlng.lng });
    });
    // Profile links inside markers go through the router, not a full page load.
    const followLink = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest<HTMLAnchorElement>('a[data-route]');
      if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey)
        return;
      event.preventDefault();
      navigate(link.dataset.route!);
    };
    element.addEventListener('click', followLink);
    const resize = new ResizeObserver(() => created.invalidateSize());
    resize.observe(element);
    setMap(created);
    report();
    return () => {
      removed = true;
      resize.disconnect();
      element.removeEventListener('click', followLink);
      created.remove();
      setMap(null);
    };
  }, [navigate, laidOut]);

  // The clusters and places in view, drawn again when the view or the points change. The markers drawn stay
  // until the next ones are ready: no blink while the worker answers.
  const drawn = useRef<L.LayerGroup | null>(null);
  useEffect(() => {
    if (!map || !clusters || !viewport) return;
    let current = true;
    const [west, south, east, north] = viewport.bbox;
    const padX = (east - west) * 0.1;
    const padY = (north - south) * 0.1;
    const box: Bbox = [
      Math.max(-180, west - padX),
      Math.max(-85, south - padY),
      Math.min(180, east + padX),
      Math.min(85, north + padY),
    ];
    const markerOf = (feature: MapFeature): L.Marker => {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      const properties = feature.properties;
      if ('cluster' in properties && properties.cluster) {
        const count = properties.point_count;
        const size = clusterSize(count);
        const marker = L.marker([lat, lng], {
          icon: L.divIcon({
            html: clusterMarkerHtml(count, text.cluster(count), {
              bubble: styles.bubble!,
              hidden: 'visually-hidden',
            }),
            className: styles.cluster,
            iconSize: [size, size],
          }),
          keyboard: true,
        });
        marker.on('click', () => {
          // The worker may have indexed newer points meanwhile, where this cluster is unknown: then two steps in.
          void clusters.expansionZoom(properties.cluster_id).then(
            (zoom) => map.setView([lat, lng], Math.min(zoom, MAX_ZOOM)),
            () => map.setView([lat, lng], Math.min(map.getZoom() + 2, MAX_ZOOM)),
          );
        });
        return marker;
      }
      const point = properties as MapPoint;
      // "¿Hay sitio?" (issue #32): a dot of its colour on the pin, the state and its age in the label.
      const room =
        point.o && point.oa !== undefined ? esPlaceStatus.occupancy.label(point.o, reportAge(point.oa)) : '';
      const label = `${point.n} · ${text.kinds[point.k]}${point.d ? ` · ${text.draft}` : ''}${room && ` · ${room}`}`;
      const marker = L.marker([lat, lng], {
        icon: L.divIcon({
          html: placeMarkerHtml(
            point.k,
            point.g === undefined ? label : `${label} · ${esLpg.price(point.g)}`,
            { pin: styles.pin!, draft: styles.draft, hidden: 'visually-hidden' },
            point.d === 1,
            point.g === undefined
              ? undefined
              : { text: esLpg.markerPrice(point.g), className: styles.lpgTag! },
          ),
          className: `${styles.place} ${point.u === selected ? styles.selected : ''}${point.o ? ` ${styles.room} ${styles[point.o]}` : ''}`,
          iconSize: [44, 44],
        }),
        keyboard: true,
        riseOnHover: true,
        zIndexOffset: point.u === selected ? 500 : 0,
      });
      marker.on('click', () => latest.current.onSelect(point));
      return marker;
    };
    void clusters.inView(box, Math.round(viewport.zoom)).then((features) => {
      if (!current) return;
      const layer = L.layerGroup(features.map(markerOf));
      drawn.current?.remove();
      drawn.current = layer.addTo(map);
    });
    return () => {
      current = false;
    };
  }, [map, clusters, viewport, selected]);

  // Friends' approximate positions: their avatars, linking to their profiles.
  useEffect(() => {
    if (!map || friends.length === 0) return;
    const layer = L.layerGroup();
    for (const friend of friends) {
      const marker = L.marker([friend.lat, friend.lng], {
        icon: L.divIcon({
          html: friendMarkerHtml(friend, text.visibility.friendAt(friend.u), {
            friend: styles.friend!,
            initials: styles.initials!,
          }),
          className: styles.friendIcon,
          iconSize: [48, 48],
        }),
        interactive: false,
        keyboard: false,
        zIndexOffset: 1000,
      });
      layer.addLayer(marker);
    }
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, friends]);

  // Me: a dot, and while I share, the circle my shared point falls in.
  useEffect(() => {
    if (!map || !me) return;
    const layer = L.layerGroup();
    if (meRange)
      L.circle([me.latitude, me.longitude], {
        radius: meRange,
        interactive: false,
        className: styles.range,
      }).addTo(layer);
    L.marker([me.latitude, me.longitude], {
      icon: L.divIcon({
        html: `<span class="${styles.meDot}"></span><span class="visually-hidden">${text.youAreHere}</span>`,
        className: styles.me,
        iconSize: [24, 24],
      }),
      interactive: false,
      keyboard: false,
      zIndexOffset: 900,
    }).addTo(layer);
    layer.addTo(map);
    return () => {
      layer.remove();
    };
  }, [map, me, meRange]);

  // The new place being added: a pin that can be dragged.
  useEffect(() => {
    if (!map || !pick) return;
    const marker = L.marker([pick.latitude, pick.longitude], {
      icon: L.divIcon({
        html: placeMarkerHtml(
          'ubic',
          text.add.chosen(pick.latitude, pick.longitude),
          { pin: styles.pin!, hidden: 'visually-hidden' },
          false,
        ),
        className: `${styles.place} ${styles.picked}`,
        iconSize: [44, 44],
      }),
      draggable: true,
      keyboard: false,
      zIndexOffset: 1200,
    });
    marker.on('dragend', () => {
      const { lat, lng } = marker.getLatLng();
      latest.current.onPick({ latitude: lat, longitude: lng });
    });
    marker.addTo(map);
    return () => {
      marker.remove();
    };
  }, [map, pick]);

  useEffect(() => {
    if (!map || !focus) return;
    const zoom = focus.exact ? focus.zoom : Math.max(map.getZoom(), focus.zoom);
    map.setView([focus.latitude, focus.longitude], zoom, { animate: false });
    if (focus.hiddenBelow) map.panBy([0, focus.hiddenBelow / 2], { animate: false });
  }, [map, focus]);

  return <div ref={container} className={styles.map} role="region" aria-label={text.mapLabel} />;
}
