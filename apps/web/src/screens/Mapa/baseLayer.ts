import * as L from 'leaflet';
import {
  CenteredTextSymbolizer,
  CircleSymbolizer,
  GroupSymbolizer,
  leafletLayer,
  LineSymbolizer,
  OffsetTextSymbolizer,
  PolygonSymbolizer,
  type LabelRule,
  type PaintRule,
} from 'protomaps-leaflet';
import type { MapBase } from '@nomadas/shared';
import { PMTiles } from 'pmtiles';
import { SavedRegionsSource } from '../../map/baseRegions/savedSource';

// The app's palette (styles/tokens.css): sand land, a quiet sea, ink for names.
const SEA = '#dbe8ea';
const LAND = '#fbf8f3';
const COUNTRY = '#8d989e';
const REGION = '#b3aa9b';
const PROVINCE = '#d3c7b4';
const INK = '#1f2a30';
const MUTED = '#5b6770';
const HALO = '#fbf8f3';
const FONT = "'Figtree Variable', system-ui, sans-serif";

/** The archive the server makes (packages/demo/src/basemap): layers earth, boundaries and places. */
const PAINT: PaintRule[] = [
  { dataLayer: 'earth', symbolizer: new PolygonSymbolizer({ fill: LAND }) },
  {
    dataLayer: 'boundaries',
    minzoom: 6,
    filter: (_, f) => f.props.kind === 'province',
    symbolizer: new LineSymbolizer({ color: PROVINCE, width: 0.8, dash: [3, 2] }),
  },
  {
    dataLayer: 'boundaries',
    minzoom: 4,
    filter: (_, f) => f.props.kind === 'region',
    symbolizer: new LineSymbolizer({ color: REGION, width: 1 }),
  },
  {
    dataLayer: 'boundaries',
    filter: (_, f) => f.props.kind === 'country',
    symbolizer: new LineSymbolizer({ color: COUNTRY, width: (z) => (z < 6 ? 1 : 1.5) }),
  },
];

// Province capitals (rank 0) a size larger than the other towns.
const townText = new OffsetTextSymbolizer({
  labelProps: ['name'],
  font: (_, f) => (f?.props.rank === 0 ? `600 13px ${FONT}` : `500 12px ${FONT}`),
  fill: INK,
  stroke: HALO,
  width: 3,
  offsetX: 5,
  offsetY: 4,
  maxLineChars: 24,
});

const TOWN_MINZOOM = [0, 10, 12];

const LABELS: LabelRule[] = [
  {
    dataLayer: 'places',
    filter: (_, f) => f.props.kind === 'country',
    symbolizer: new CenteredTextSymbolizer({
      labelProps: ['name'],
      font: `600 13px ${FONT}`,
      fill: MUTED,
      stroke: HALO,
      width: 2,
      letterSpacing: 2,
      textTransform: 'uppercase',
    }),
  },
  {
    dataLayer: 'places',
    // Towns that name their municipality from zoom 10, the rest from 12: the sea of villages waits for a close look.
    filter: (z, f) => f.props.kind === 'town' && z >= TOWN_MINZOOM[Number(f.props.rank)]!,
    // Capitals first: the labeler drops what would overlap a label already placed.
    sort: (a, b) => Number(a.rank) - Number(b.rank),
    symbolizer: new GroupSymbolizer([
      new CircleSymbolizer({ radius: 2.5, fill: INK, stroke: HALO, width: 1 }),
      townText,
    ]),
  },
];

/**
 * The vector base drawn on canvas tiles by protomaps-leaflet: the app's own archive with its calm style, or an
 * operator's Protomaps extract with protomaps' light flavour and Spanish names. Past the archive's last zoom
 * (10) the tiles are drawn larger. Read through the regions saved on the device (map/baseRegions).
 */
export function vectorBaseLayer(base: Extract<MapBase, { kind: 'pmtiles' }>): L.GridLayer {
  // protomaps-leaflet extends the global `L` (a script tag's Leaflet), which a bundle does not define.
  (globalThis as { L?: typeof L }).L ??= L;
  const url = new PMTiles(new SavedRegionsSource(base.url));
  const layer =
    base.schema === 'nomadas'
      ? leafletLayer({
          url,
          paintRules: PAINT,
          labelRules: LABELS,
          backgroundColor: SEA,
          maxDataZoom: 10,
          attribution: base.attribution,
        })
      : leafletLayer({ url, flavor: 'light', lang: 'es', attribution: base.attribution });
  return layer as unknown as L.GridLayer;
}
