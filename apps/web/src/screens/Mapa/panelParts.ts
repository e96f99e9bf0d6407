// The map's panels that its first screen does not show, as one chunk (laterPanels.tsx).
export { AddPlacePanel } from './AddPlacePanel';
export { FiltersPanel } from './FiltersPanel';
export { OfflinePanel } from './OfflinePanel';
export { VisibilityPanel } from './VisibilityPanel';
export { MyPlacesList } from '../../map/MyPlacesList';
