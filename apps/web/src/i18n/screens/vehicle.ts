// Texts of the nomad's own vehicle and of a place's months open (issue #32): the settings card, the map's
// filters and list, the sheet's lines and the add-place form.
import { MONTH_NAMES, type VehicleLimit, type VehicleType } from '@nomadas/shared';

const number = (value: number) => value.toLocaleString('es-ES', { maximumFractionDigits: 2 });

const TYPE_NAMES: Record<VehicleType, string> = {
  autocaravana: 'Autocaravana',
  camper: 'Camper',
  caravana: 'Caravana',
  furgoneta: 'Furgoneta',
  capuchina: 'Capuchina',
  otro: 'Otro vehículo',
};

/** "tu autocaravana", "tu camper"… as a sentence names it. */
const yourType = (type: VehicleType) => (type === 'otro' ? 'tu vehículo' : `tu ${type}`);
const capital = (text: string) => text[0]!.toLocaleUpperCase('es') + text.slice(1);

const LIMIT_NAMES: Record<VehicleLimit, string> = {
  height: 'altura máxima',
  length: 'longitud máxima',
  weight: 'peso máximo',
};
const limitValue = (limit: VehicleLimit, max: number) =>
  limit === 'weight' ? `${number(max)} t` : `${number(max)} m`;

/** "junio", "junio y julio", "enero, marzo y junio". */
const list = (items: string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} y ${items.at(-1)!}`;

export const esVehicle = {
  types: TYPE_NAMES,
  type: 'Tipo',
  length: 'Longitud (m)',
  height: 'Altura (m)',
  weight: 'Peso (t)',
  sizesHint: 'En metros y toneladas; deja vacío lo que no sepas.',
  save: 'Guardar vehículo',
  saving: 'Guardando…',
  remove: 'Borrar vehículo',
  savedOnDevice: 'Vehículo guardado en este dispositivo',
  removedOnDevice: 'Vehículo borrado de este dispositivo',
  summary: (type: VehicleType, sizes: string[]) =>
    sizes.length ? `${TYPE_NAMES[type]} · ${sizes.join(' · ')}` : TYPE_NAMES[type],
  metres: (m: number) => `${number(m)} m`,
  tonnes: (t: number) => `${number(t)} t`,

  settings: {
    title: 'Mi vehículo',
    lead: 'El mapa filtra con él y cada ficha te dice si cabes.',
  },

  /** The sheet's answer. */
  fit: {
    fits: (type: VehicleType) => `${capital(yourType(type))} cabe`,
    tooBig: (limit: VehicleLimit, max: number) => `No cabe: ${LIMIT_NAMES[limit]} ${limitValue(limit, max)}`,
    unknown: 'Sin límites indicados',
    ask: '¿Cabe tu vehículo?',
    askAction: 'Indica sus medidas',
    edit: 'Cambiar',
    deviceHint: 'Se guarda en este dispositivo. Con tu cuenta, guárdalo en Mi perfil.',
    cancel: 'Cancelar',
  },

  /** The map's filters and list. */
  filters: {
    weight: 'Peso (t)',
    fromVehicle: (summary: string) => `Tu vehículo: ${summary}`,
    useVehicle: 'Usar mis medidas',
    open: 'Abierto ahora',
    openHint: 'Los lugares sin temporada indicada también se ven.',
    hideTooBig: 'Ocultar lo que no cabe',
    hideTooBigHint: (summary: string) => `Con las medidas de tu vehículo (${summary}).`,
  },

  /** Months open. */
  season: {
    months: MONTH_NAMES,
    short: ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'],
    allYear: 'Abierto todo el año',
    closedNow: 'Cerrado ahora',
    openNow: 'Abierto ahora',
    /** Runs of months, each [first, last]. */
    open: (runs: Array<[number, number]>) =>
      `Abierto ${list(
        runs.map(([first, last]) =>
          first === last
            ? `en ${MONTH_NAMES[first - 1]}`
            : `de ${MONTH_NAMES[first - 1]} a ${MONTH_NAMES[last - 1]}`,
        ),
      )}`,
    pick: 'Meses que abre',
    pickHint: 'Sin marcar ninguno: no se sabe. Márcalos todos si abre todo el año.',
    all: 'Todo el año',
  },

  add: {
    maxWeight: 'Peso máximo (t)',
  },
  sheet: {
    maxWeight: 'Peso máximo',
  },
};
