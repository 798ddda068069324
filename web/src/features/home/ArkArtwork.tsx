/** The hero's picture until the campaign has a photo: the Ark at dawn under a rainbow, drawn in SVG (no request, no shift). */
export function ArkArtwork() {
  return (
    <div className="hero-art">
      <svg viewBox="0 0 480 360" role="img" aria-label="The Ark resting on a hill at dawn, under a rainbow">
        <defs>
          <linearGradient id="ark-sky" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#f6d9a8" />
            <stop offset="1" stopColor="#e9eef0" />
          </linearGradient>
          <linearGradient id="ark-hull" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#8a5a32" />
            <stop offset="1" stopColor="#5e3b20" />
          </linearGradient>
        </defs>
        <rect width="480" height="360" fill="url(#ark-sky)" />
        <circle cx="380" cy="110" r="38" fill="#f4b860" opacity="0.85" />
        <g fill="none" strokeWidth="9" opacity="0.55">
          <path d="M40 250 A200 200 0 0 1 440 250" stroke="#c0392b" />
          <path d="M49 250 A191 191 0 0 1 431 250" stroke="#e67e22" />
          <path d="M58 250 A182 182 0 0 1 422 250" stroke="#f1c40f" />
          <path d="M67 250 A173 173 0 0 1 413 250" stroke="#27ae60" />
          <path d="M76 250 A164 164 0 0 1 404 250" stroke="#2e86c1" />
        </g>
        <path d="M0 280 Q120 220 240 250 T480 240 V360 H0 Z" fill="#6f8f5a" />
        <path d="M0 310 Q160 270 300 300 T480 290 V360 H0 Z" fill="#4f7045" />
        <g>
          <path d="M110 232 L370 232 L350 272 L130 272 Z" fill="url(#ark-hull)" />
          <rect x="160" y="206" width="160" height="28" rx="3" fill="#a7744a" />
          <path d="M150 208 L240 186 L330 208 Z" fill="#6b4526" />
          <g fill="#3d2614">
            <rect x="178" y="214" width="14" height="10" rx="2" />
            <rect x="206" y="214" width="14" height="10" rx="2" />
            <rect x="234" y="214" width="14" height="10" rx="2" />
            <rect x="262" y="214" width="14" height="10" rx="2" />
            <rect x="290" y="214" width="14" height="10" rx="2" />
          </g>
          <path d="M130 252 H350" stroke="#4a2e17" strokeWidth="2" />
        </g>
        <path d="M300 120 q6 -6 12 0 q6 -6 12 0" fill="none" stroke="#ffffff" strokeWidth="3" strokeLinecap="round" />
      </svg>
    </div>
  );
}
