import { useTranslation } from 'react-i18next';
import type { FileRow } from '@portal/api-client/core';

type Kind = FileRow['kind'];

const COLORS: Record<Kind, string> = {
  image: '#2e7d32',
  video: '#6a1b9a',
  zip: '#8d6e63',
  excel: '#1b5e20',
  csv: '#00838f',
  pdf: '#c62828',
  other: '#546e7a',
};

/** Short label drawn on the page icon; images and videos get a pictogram instead. */
const LABELS: Partial<Record<Kind, string>> = { zip: 'ZIP', excel: 'XLS', csv: 'CSV', pdf: 'PDF' };

/** A page-shaped icon per file kind, inline SVG so it needs no request and follows the colour. */
export function FileKindIcon({ kind, size = 28 }: { kind: Kind; size?: number }) {
  const { t } = useTranslation('files');
  const color = COLORS[kind];
  const label = LABELS[kind];
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      role="img"
      aria-label={t(`kind.${kind}`)}
      className={`pfile-kind pfile-kind--${kind}`}
    >
      <path d="M5 2h10l5 5v15H5z" fill="#fff" stroke={color} strokeWidth="1.5" strokeLinejoin="round" />
      <path d="M15 2v5h5" fill="none" stroke={color} strokeWidth="1.5" strokeLinejoin="round" />
      {label && (
        <text x="12.5" y="17" textAnchor="middle" fontSize="6" fontWeight="700" fill={color} fontFamily="sans-serif">
          {label}
        </text>
      )}
      {kind === 'image' && (
        <>
          <circle cx="9.5" cy="11" r="1.5" fill={color} />
          <path d="M7 19l4-5 3 3 2-2 2 4z" fill={color} />
        </>
      )}
      {kind === 'video' && <path d="M10 11v7l6-3.5z" fill={color} />}
      {kind === 'other' && <path d="M8 12h9M8 15h9M8 18h6" stroke={color} strokeWidth="1.2" />}
    </svg>
  );
}
