// The console's small pieces of a record's page and row: a row of a summary list (a label and its value,
// after the GOV.UK Design System's summary list), and the photo cell that leads a row of animals.
import type { ComponentChildren } from 'preact';
import type { Photo } from '../../domain/photo.js';
import { sizeOf } from '../components/photo-size.js';

export function SummaryRow({
  label,
  valueClass,
  children,
}: {
  label: string;
  valueClass?: string;
  children: ComponentChildren;
}) {
  return (
    <div class="summary-row">
      <dt>{label}</dt>
      <dd class={valueClass}>{children}</dd>
    </div>
  );
}

/** An animal's first photo, small, or the words saying it has none. */
export function PhotoCell({ photo, none }: { photo: Photo | undefined; none: string }) {
  return (
    <td class="photo">
      {photo ? (
        <img src={photo.urls.small} alt="" {...sizeOf(photo, 'small')} loading="lazy" />
      ) : (
        <p class="no-photo">{none}</p>
      )}
    </td>
  );
}
