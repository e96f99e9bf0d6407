/** A sunset road scene for the guide popup, drawn inline (no image request). */
export function GuideIllustration({ label }: { label: string }) {
  return (
    <svg viewBox="0 0 480 210" role="img" aria-label={label} preserveAspectRatio="xMidYMid slice">
      <defs>
        <linearGradient id="guide-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#2a1b4a" />
          <stop offset="0.45" stopColor="#c2410c" />
          <stop offset="0.8" stopColor="#ffb35c" />
        </linearGradient>
        <linearGradient id="guide-road" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#34414a" />
          <stop offset="1" stopColor="#1f2a30" />
        </linearGradient>
      </defs>
      <rect width="480" height="210" fill="url(#guide-sky)" />
      <circle cx="330" cy="118" r="38" fill="#ffd8a8" opacity="0.95" />
      <g fill="#fff" opacity="0.8">
        <circle cx="60" cy="30" r="1.4" />
        <circle cx="120" cy="52" r="1" />
        <circle cx="200" cy="22" r="1.2" />
        <circle cx="420" cy="36" r="1.3" />
        <circle cx="455" cy="70" r="0.9" />
      </g>
      <path
        d="M0 150 L70 96 L120 128 L190 72 L260 132 L320 100 L390 140 L440 110 L480 128 V210 H0Z"
        fill="#0e6b71"
      />
      <path d="M0 170 L90 128 L150 156 L230 118 L300 160 L370 134 L480 166 V210 H0Z" fill="#0b5563" />
      <path d="M190 210 L236 150 L246 150 L300 210Z" fill="url(#guide-road)" />
      <path
        d="M241 154 V162 M241 170 V182 M241 192 V210"
        stroke="#ffd8a8"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <g transform="translate(252 168)">
        <path d="M0 18c0-8 6-14 14-14h22a7 7 0 0 1 7 7v10a3 3 0 0 1-3 3H3a3 3 0 0 1-3-3z" fill="#fff" />
        <rect x="6" y="9" width="9" height="6" rx="1.5" fill="#0b5563" />
        <rect x="19" y="9" width="6" height="11" rx="1" fill="#e8590c" />
        <circle cx="11" cy="25" r="4" fill="#1f2a30" stroke="#fff" strokeWidth="1.5" />
      </g>
      <g fill="#ffd8a8">
        <path d="M96 62l6 8-6 8-6-8z" />
        <path d="M400 74l4.5 6-4.5 6-4.5-6z" opacity="0.85" />
        <path d="M150 100l3.5 4.6-3.5 4.6-3.5-4.6z" opacity="0.7" />
      </g>
      <text x="28" y="186" fill="#fff" fontSize="64" fontWeight="820" fontFamily="inherit" letterSpacing="-2">
        10
      </text>
    </svg>
  );
}
