import { lazy, Suspense, type ComponentType } from 'react';
import type * as Parts from './panelParts';

// The panels a first visit to the map does not show (the list, which a wide screen opens with, is not among
// them) arrive in one chunk when the first of them opens, not with the screen: the map's first screen has
// less script to run on a phone (#31).
const load = () => import('./panelParts');

function later<P extends object>(pick: (parts: typeof Parts) => ComponentType<P>): ComponentType<P> {
  const Part = lazy(() => load().then((parts) => ({ default: pick(parts) })));
  return function LaterPanel(props: P) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  };
}

export const AddPlacePanel = later((parts) => parts.AddPlacePanel);
export const FiltersPanel = later((parts) => parts.FiltersPanel);
export const OfflinePanel = later((parts) => parts.OfflinePanel);
export const VisibilityPanel = later((parts) => parts.VisibilityPanel);
export const MyPlacesList = later((parts) => parts.MyPlacesList);
