import {
  ArrowDownToLine,
  Caravan,
  Droplet,
  Droplets,
  Flag,
  FlagTriangleRight,
  Fuel,
  MapPin,
  PlugZap,
  ShowerHead,
  Toilet,
  TreeDeciduous,
  WashingMachine,
  Wifi,
  type LucideIcon,
} from 'lucide-react';
import type { MapKind, MapService } from '@nomadas/shared';

/** One icon per kind of place (spec §3 "Map icon kinds"), as the list and the sheet show them. */
export const KIND_ICONS: Record<MapKind, LucideIcon> = {
  default: Caravan,
  glp: Fuel,
  ubic: MapPin,
  iniruta: FlagTriangleRight,
  finruta: Flag,
};

export const SERVICE_ICONS: Record<MapService, LucideIcon> = {
  agua: Droplet,
  grises: Droplets,
  negras: ArrowDownToLine,
  electricidad: PlugZap,
  duchas: ShowerHead,
  wc: Toilet,
  wifi: Wifi,
  sombra: TreeDeciduous,
  lavanderia: WashingMachine,
};

/** The kind's colour: white glyphs on each stay above 4.5:1. */
export const KIND_COLORS: Record<MapKind, string> = {
  default: '#0b5563',
  glp: '#c2410c',
  ubic: '#5f3dc4',
  iniruta: '#2b6a34',
  finruta: '#a61e4d',
};

/** A kind's icon on its colour, round, for lists and headings. */
export function KindBadge({ kind, size = 36 }: { kind: MapKind; size?: number }) {
  const Icon = KIND_ICONS[kind];
  return (
    <span
      aria-hidden="true"
      style={{
        display: 'inline-grid',
        placeItems: 'center',
        flex: 'none',
        width: size,
        height: size,
        borderRadius: '50%',
        background: KIND_COLORS[kind],
        color: '#fff',
      }}
    >
      <Icon size={Math.round(size * 0.55)} strokeWidth={2.2} />
    </span>
  );
}
