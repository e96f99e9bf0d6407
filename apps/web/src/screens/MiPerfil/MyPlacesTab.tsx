import { esMyPlaces } from '../../i18n/screens/myPlaces';
import { MyPlacesList } from '../../map/MyPlacesList';
import styles from './MyPostsTab.module.css';

/** /perfil?tab=lugares: "Mis lugares", the places I saved (issue #32). Only my own: nobody else sees them. */
export function MyPlacesTab() {
  return (
    <>
      <div className={styles.bar}>
        <p className={styles.intro}>{esMyPlaces.intro}</p>
      </div>
      <MyPlacesList />
    </>
  );
}
