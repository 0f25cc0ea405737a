import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { formatRatio, type Diamond } from '@everstone/contract/core';
import { drawingRatio, drawingTable, faceUpSize, shapeKey } from '../../components/jewelry/stone-geometry';
import { CertificateView } from './certificate-view';
import { HandView } from './hand-view';
import { FaceUpStone, ProfileStone } from './stone-art';

/** §4: the viewer's modes, image first (the default). */
export const VIEWER_MODES = [
  { value: 'image', label: 'Image' },
  { value: 'video', label: 'Video' },
  { value: 'hand', label: 'On hand' },
  { value: 'certificate', label: 'Certificate' },
] as const;
export type ViewerMode = (typeof VIEWER_MODES)[number]['value'];

/** What the drawing is based on, so nobody mistakes it for a photograph. */
function DrawingNote({ diamond }: { diamond: Diamond }) {
  const measured = faceUpSize(diamond).source === 'measured';
  const ratio = measured ? formatRatio(diamond.measurement_l, diamond.measurement_w) : drawingRatio(diamond).toFixed(2);
  const table = Math.round(drawingTable(diamond.table_diamond, shapeKey(diamond.shape?.name)) * 1000) / 10;
  return (
    <p className="dd-view-note">
      Illustration drawn from the grading data, not a photograph: L/W ratio {ratio}
      {measured ? '' : ' (typical for the shape)'}, table {table}%{diamond.table_diamond == null ? ' (typical)' : ''}.
    </p>
  );
}

function ImageView({ diamond, title }: { diamond: Diamond; title: string }) {
  return (
    <figure className="dd-image">
      <div className="dd-stage">
        <FaceUpStone diamond={diamond} label={`${title}, face up`} className="dd-faceup" />
      </div>
      <div className="dd-image-aside">
        <ProfileStone diamond={diamond} className="dd-profile" />
      </div>
      <figcaption>
        <DrawingNote diamond={diamond} />
      </figcaption>
    </figure>
  );
}

function VideoView({ diamond, title }: { diamond: Diamond; title: string }) {
  const [paused, setPaused] = useState(false);
  return (
    <figure className="dd-video" data-paused={paused || undefined}>
      <div className="dd-stage dd-stage--dark">
        <div className="dd-turntable">
          <FaceUpStone diamond={diamond} label={`${title}, turning in the light`} className="dd-faceup dd-faceup--live" />
        </div>
        <button type="button" className="dd-pause" aria-pressed={paused} onClick={() => setPaused((p) => !p)}>
          {paused ? 'Play' : 'Pause'}
          <span className="visually-hidden"> the animation</span>
        </button>
      </div>
      <figcaption>
        <p className="dd-view-note">
          An animated illustration of this stone turning under light.
          <span className="dd-motion-note"> Motion is off because your device asks for reduced motion.</span>
        </p>
      </figcaption>
    </figure>
  );
}

/**
 * §2, §4: the viewer, switching between the image (default), video, on-hand and certificate views.
 * The views are drawn from the record; tabs follow the ARIA tabs pattern (arrow keys move between them).
 */
export function StoneViewer({ diamond, title }: { diamond: Diamond; title: string }) {
  const [mode, setMode] = useState<ViewerMode>('image');
  return (
    <Tabs.Root className="dd-viewer" value={mode} onValueChange={(v) => setMode(v as ViewerMode)} activationMode="automatic">
      <Tabs.List className="dd-modes" aria-label="Diamond views">
        {VIEWER_MODES.map((m) => (
          <Tabs.Trigger key={m.value} value={m.value} className="dd-mode">
            <ModeIcon mode={m.value} />
            <span>{m.label}</span>
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <div className="dd-panels">
        <Tabs.Content value="image" className="dd-panel">
          <ImageView diamond={diamond} title={title} />
        </Tabs.Content>
        <Tabs.Content value="video" className="dd-panel">
          <VideoView diamond={diamond} title={title} />
        </Tabs.Content>
        <Tabs.Content value="hand" className="dd-panel">
          <HandView diamond={diamond} title={title} />
        </Tabs.Content>
        <Tabs.Content value="certificate" className="dd-panel">
          <CertificateView diamond={diamond} />
        </Tabs.Content>
      </div>
    </Tabs.Root>
  );
}

const iconProps = {
  width: 22,
  height: 22,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.5,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
};

function ModeIcon({ mode }: { mode: ViewerMode }) {
  switch (mode) {
    case 'image':
      return (
        <svg {...iconProps}>
          <path d="M6 4h12l4 5-10 11L2 9l4-5Z" />
          <path d="M2 9h20M9 4l3 5 3-5M12 9v11" />
        </svg>
      );
    case 'video':
      return (
        <svg {...iconProps}>
          <circle cx="12" cy="12" r="9" />
          <path d="m10 8.5 5.5 3.5-5.5 3.5v-7Z" />
        </svg>
      );
    case 'hand':
      return (
        <svg {...iconProps}>
          <path d="M8 13V5.5a1.5 1.5 0 0 1 3 0V11m0-6.5a1.5 1.5 0 0 1 3 0V11m0-5a1.5 1.5 0 0 1 3 0v7.5a7 7 0 0 1-7 7h-.5A6.5 6.5 0 0 1 4 14v-2.5a1.5 1.5 0 0 1 3 0" />
          <path d="M10.5 14.5h4" />
        </svg>
      );
    case 'certificate':
      return (
        <svg {...iconProps}>
          <rect x="4" y="3" width="16" height="18" rx="1.5" />
          <path d="M8 8h8M8 11.5h8M8 15h4" />
          <circle cx="16" cy="16.5" r="1.8" />
        </svg>
      );
  }
}
