/** Toolbar icons: 24×24 strokes in currentColor, hidden from assistive technology (buttons carry labels). */
import type { ReactNode } from 'react';

const PATHS = {
  bold: 'M6 4h8a4 4 0 0 1 0 8H6z M6 12h9a4 4 0 0 1 0 8H6z',
  italic: 'M19 4h-9 M14 20H5 M15 4 9 20',
  underline: 'M6 4v6a6 6 0 0 0 12 0V4 M4 20h16',
  strike: 'M16 4H9a3 3 0 0 0-2.83 4 M14 12a4 4 0 0 1 0 8H6 M4 12h16',
  code: 'm16 18 6-6-6-6 M8 6l-6 6 6 6',
  heading: 'M6 12h12 M6 20V4 M18 20V4',
  bulletList: 'M8 6h13 M8 12h13 M8 18h13 M3 6h.01 M3 12h.01 M3 18h.01',
  orderedList: 'M10 6h11 M10 12h11 M10 18h11 M4 6h1v4 M4 10h2 M6 18H4c0-1 2-2 2-3s-1-1.5-2-1',
  taskList: 'M3 4h5v5H3z M3 16l2 2 4-4 M12 6.5h9 M12 17h9',
  codeBlock: 'M4 4h16v16H4z M10 9l-3 3 3 3 M14 9l3 3-3 3',
  blockquote: 'M6 17h3l2-4V7H5v6h3z M14 17h3l2-4V7h-6v6h3z',
  horizontalRule: 'M3 12h18 M7 7h10 M7 17h10',
  link: 'M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71 M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71',
  image: 'M3 3h18v18H3z M8.5 10a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z M21 15l-5-5L5 21',
  alignLeft: 'M21 6H3 M15 12H3 M17 18H3',
  alignCenter: 'M21 6H3 M17 12H7 M19 18H5',
  alignRight: 'M21 6H3 M21 12H9 M21 18H7',
  alignJustify: 'M3 6h18 M3 12h18 M3 18h18',
  textColor: 'M6 16 12 3l6 13 M8.5 11h7',
  backgroundColor: 'm9 11-6 6v2h7l3-3 M22 10l-4.6 4.6a2 2 0 0 1-2.8 0l-4.2-4.2a2 2 0 0 1 0-2.8L15 3',
  fullscreen: 'M8 3H5a2 2 0 0 0-2 2v3 M21 8V5a2 2 0 0 0-2-2h-3 M3 16v3a2 2 0 0 0 2 2h3 M16 21h3a2 2 0 0 0 2-2v-3',
  exitFullscreen: 'M8 3v3a2 2 0 0 1-2 2H3 M21 8h-3a2 2 0 0 1-2-2V3 M3 16h3a2 2 0 0 1 2 2v3 M16 21v-3a2 2 0 0 1 2-2h3',
  chevronDown: 'm6 9 6 6 6-6',
  unlink: 'M18.84 12.25l1.72-1.71a5 5 0 0 0-7.07-7.07l-1.72 1.71 M5.17 11.75l-1.71 1.71a5 5 0 0 0 7.07 7.07l1.71-1.71 M8 2v3 M2 8h3 M16 22v-3 M22 16h-3',
  slash: 'M15 4 9 20',
  spinner: 'M21 12a9 9 0 1 1-6.22-8.56',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, className = 'size-4', children }: { name: IconName; className?: string; children?: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
      {children}
    </svg>
  );
}
