/**
 * The donate page's story and picture (issue 26 §5): why a gift matters, beside an ark drawn in SVG
 * (no image file to wait for, and it scales to any screen). The drawing is decoration: its meaning
 * is in the text, so it is hidden from screen readers.
 */
export function DonateStory() {
  return (
    <section className="donate-story" aria-labelledby="donate-story-heading">
      <div className="donate-story-text">
        <h2 id="donate-story-heading">Help us finish the Ark</h2>
        <p>
          Every year thousands of families, school groups and churches walk through our full-size Ark and leave with
          questions answered and faith strengthened. The Ark campaign builds the next deck: new exhibits, a classroom
          for visiting schools, and free admission days for families who could not otherwise come.
        </p>
        <p>
          A gift of any size counts. $25 buys a peg, $100 a plank, and every dollar shows on the thermometer below the
          moment it is given.
        </p>
      </div>
      <svg className="donate-art" viewBox="0 0 320 200" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id="donate-sky" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#fde68a" />
            <stop offset="1" stopColor="#fef3c7" />
          </linearGradient>
          <linearGradient id="donate-hull" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#9a5b2e" />
            <stop offset="1" stopColor="#6b3a1a" />
          </linearGradient>
        </defs>
        <rect width="320" height="200" rx="14" fill="url(#donate-sky)" />
        <circle cx="258" cy="48" r="24" fill="#f59e0b" opacity="0.85" />
        <path d="M0 92 Q40 60 80 88 T160 80 T240 90 T320 78 V200 H0Z" fill="#a7c4a0" />
        <path d="M36 118 H284 L256 158 H64Z" fill="url(#donate-hull)" />
        <g stroke="#4a2810" strokeWidth="2" opacity="0.6">
          <line x1="48" y1="130" x2="274" y2="130" />
          <line x1="56" y1="142" x2="266" y2="142" />
        </g>
        <rect x="96" y="94" width="128" height="24" rx="3" fill="#b7773f" />
        <path d="M88 96 L160 72 L232 96Z" fill="#7c4a22" />
        <g fill="#fde68a">
          <rect x="112" y="101" width="12" height="9" rx="2" />
          <rect x="140" y="101" width="12" height="9" rx="2" />
          <rect x="168" y="101" width="12" height="9" rx="2" />
          <rect x="196" y="101" width="12" height="9" rx="2" />
        </g>
        <path
          d="M0 168 Q20 160 40 168 T80 168 T120 168 T160 168 T200 168 T240 168 T280 168 T320 168 V200 H0Z"
          fill="#2f7a72"
        />
        <path
          d="M0 180 Q20 172 40 180 T80 180 T120 180 T160 180 T200 180 T240 180 T280 180 T320 180 V200 H0Z"
          fill="#1f5a54"
        />
      </svg>
    </section>
  );
}
