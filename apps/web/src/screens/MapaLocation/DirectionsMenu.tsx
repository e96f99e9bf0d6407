import { useState } from 'react';
import { Navigation } from 'lucide-react';
import { directionsUrl, NAV_APPS, rememberedNavApp, rememberNavApp, type NavApp } from '../../map/directions';
import { esMyPlaces } from '../../i18n/screens/myPlaces';
import styles from './placeActions.module.css';

const text = esMyPlaces.directions;

/**
 * "Cómo llegar" (issue #32): the first time a small menu of navigation apps, whose choice is remembered on the
 * device (NAV_APP_KEY); after that a link straight to that app, with "Cambiar app" beside it.
 */
export function DirectionsMenu({ lat, lng }: { lat: number; lng: number }) {
  const [app, setApp] = useState<NavApp | null>(() => rememberedNavApp());
  const [open, setOpen] = useState(false);
  const choose = (chosen: NavApp) => {
    rememberNavApp(chosen);
    setApp(chosen);
    setOpen(false);
  };

  return (
    <div className={styles.directions}>
      {app && !open ? (
        <>
          <a className="btn btn-primary" href={directionsUrl(app, lat, lng)} target="_blank" rel="noopener">
            <Navigation aria-hidden="true" size={18} />
            {text.go}
            <span className="visually-hidden"> {text.opensIn(text.apps[app])}</span>
          </a>
          <button type="button" className={styles.linkButton} onClick={() => setOpen(true)}>
            {text.change}
          </button>
        </>
      ) : (
        <button
          type="button"
          className="btn btn-primary"
          aria-expanded={open}
          aria-controls="apps-navegacion"
          onClick={() => setOpen(!open)}
        >
          <Navigation aria-hidden="true" size={18} />
          {text.go}
        </button>
      )}
      {open && (
        <div id="apps-navegacion" className={`card ${styles.menu}`}>
          <p className={styles.menuTitle}>{text.choose}</p>
          <ul>
            {NAV_APPS.map((name) => (
              <li key={name}>
                <a
                  href={directionsUrl(name, lat, lng)}
                  target="_blank"
                  rel="noopener"
                  aria-current={name === app ? 'true' : undefined}
                  onClick={() => choose(name)}
                >
                  {text.apps[name]}
                </a>
              </li>
            ))}
          </ul>
          <p className={styles.menuHint}>{text.remember}</p>
        </div>
      )}
    </div>
  );
}
