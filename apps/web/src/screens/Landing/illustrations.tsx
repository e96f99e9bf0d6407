import styles from './illustrations.module.css';

/** Side view of an alcove motorhome, drawn at 136 × 66 from its top-left corner. */
function Motorhome({ x, y }: { x: number; y: number }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <ellipse className={styles.shadow} cx="68" cy="66" rx="72" ry="4" />
      <path
        className={styles.rvBody}
        d="M8 0H112a8 8 0 0 1 8 8V18L136 38V52a4 4 0 0 1-4 4H4a4 4 0 0 1-4-4V8a8 8 0 0 1 8-8Z"
      />
      <path className={styles.rvStripe} d="M0 40H136V46H0Z" />
      <rect className={styles.rvGlass} x="14" y="12" width="26" height="14" rx="3" />
      <rect className={styles.rvGlass} x="48" y="12" width="22" height="14" rx="3" />
      <rect className={styles.rvDoor} x="80" y="14" width="16" height="30" rx="2" />
      <path className={styles.rvGlass} d="M114 21L130 38H114Z" />
      <circle className={styles.wheel} cx="28" cy="56" r="10" />
      <circle className={styles.hub} cx="28" cy="56" r="4" />
      <circle className={styles.wheel} cx="108" cy="56" r="10" />
      <circle className={styles.hub} cx="108" cy="56" r="4" />
    </g>
  );
}

const pines = [120, 150, 176, 424, 450, 860, 886, 960, 992, 1020];

/** Hero scene: sunset, mountains and a motorhome on the road. Scales by slicing from the centre. */
export function HeroScene({ label }: { label: string }) {
  return (
    <svg
      className={styles.scene}
      viewBox="0 0 1200 300"
      preserveAspectRatio="xMidYMax slice"
      role="img"
      aria-label={label}
    >
      <circle className={styles.glow} cx="672" cy="112" r="96" />
      <circle className={styles.sun} cx="672" cy="112" r="56" />
      <path
        className={styles.far}
        d="M0 210L90 150L170 190L290 100L400 180L520 128L620 186L770 112L880 185L1000 110L1110 170L1200 140V300H0Z"
      />
      <path
        className={styles.mid}
        d="M0 240C150 200 300 215 420 232S700 205 860 228S1100 215 1200 225V300H0Z"
      />
      {pines.map((x) => (
        <path key={x} className={styles.pine} d={`M${x} 236l12-36l12 36Z`} />
      ))}
      <rect className={styles.ground} y="250" width="1200" height="50" />
      <rect className={styles.road} y="256" width="1200" height="26" />
      <path className={styles.lane} d="M0 269H1200" />
      <Motorhome x={486} y={204} />
    </svg>
  );
}

/** The live-position idea: the shared pin lands somewhere inside the radius, never on the real spot. */
export function PrivacyMap({ label }: { label: string }) {
  return (
    <svg className={styles.map} viewBox="0 0 320 240" role="img" aria-label={label}>
      <rect className={styles.mapLand} width="320" height="240" rx="20" />
      <path className={styles.mapWater} d="M0 176C60 160 90 200 150 196S250 160 320 170V240H0Z" />
      <path className={styles.mapRoad} d="M-10 70C80 90 130 40 200 60S300 120 330 100" />
      <path className={styles.mapRoad} d="M120 -10C130 70 170 140 150 250" />
      <path className={styles.mapMinor} d="M20 130C90 120 210 150 300 130" />
      <circle className={styles.radius} cx="160" cy="112" r="78" />
      <path className={styles.radiusLine} d="M160 112H238" />
      <text className={styles.radiusLabel} x="199" y="104" textAnchor="middle">
        1 km
      </text>
      <circle className={styles.hidden} cx="160" cy="112" r="4" />
      <g transform="translate(108 50)">
        <path className={styles.pin} d="M18 0C28 0 36 8 36 18C36 30 18 46 18 46S0 30 0 18C0 8 8 0 18 0Z" />
        <circle className={styles.pinDot} cx="18" cy="18" r="7" />
      </g>
    </svg>
  );
}

/** A motorhome in the stroke style of the icon set, for the audience list. */
export function MotorhomeIcon() {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M4 17H3a1 1 0 0 1-1-1V6a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v3h1.5l2.5 3.5V16a1 1 0 0 1-1 1h-1" />
      <path d="M9 17h6" />
      <path d="M6 8h4v3H6z" />
      <path d="M18 9v3.5h3.5" />
      <circle cx="6.5" cy="17" r="2" />
      <circle cx="17.5" cy="17" r="2" />
    </svg>
  );
}
